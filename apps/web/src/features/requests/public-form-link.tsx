import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { ListServiceRequests, PUBLIC_REQUESTS_PER_HOUR } from '@fieldport/contract/operations/requests';
import { api } from '../../api/client.ts';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';

/**
 * The organization's public request form (docs/requests.md#the-public-form): a button on the
 * triage screen that shows its link, to copy onto the website, into mails or a QR code. The path is
 * the requests list's `public_form_path` (none for those who may not share it), read once.
 */
export function PublicFormButton() {
  const [open, setOpen] = useState(false);
  const path = useQuery({
    queryKey: ['request-form-path'],
    staleTime: Infinity,
    queryFn: async () => (await api.query(ListServiceRequests, { page_size: 10 })).data.public_form_path,
  }).data;
  if (!path) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<LinkOutlined />} onClick={() => setOpen(true)}>
        Public request form
      </Button>
      {open && <PublicFormDialog link={`${window.location.origin}${path}`} onClose={() => setOpen(false)} />}
    </>
  );
}

function PublicFormDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const narrow = useNarrowScreen();
  const snackbars = useSnackbars();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      snackbars.success('Link copied');
    } catch {
      // A browser that refuses the clipboard: the link is selected for the person to copy.
      field.current?.select();
      snackbars.error('The link could not be copied here: it is selected, copy it with Ctrl+C.');
    }
  };
  return (
    <DetailDialog
      open
      title="Public request form"
      narrow={narrow}
      onClose={onClose}
      actions={
        <>
          <Button href={link} target="_blank" rel="noopener" startIcon={<OpenInNewOutlined />}>
            Open
          </Button>
          <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
            Copy link
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography>
          Customers send a request for service through this form without signing in. Put the link on your
          website, in mails or behind a QR code: each request arrives here as New, and the customer gets a
          link to follow it.
        </Typography>
        <TextField
          label="Link to the form"
          value={link}
          inputRef={field}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="body2" color="text.secondary">
          To keep out floods, one network address may send {PUBLIC_REQUESTS_PER_HOUR} requests an hour.
        </Typography>
      </Stack>
    </DetailDialog>
  );
}
