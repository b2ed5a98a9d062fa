import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  FILE_PURPOSE_RULES,
  FILE_TYPES,
  fileProblem,
  formatFileSize,
  type FilePurpose,
} from '@fieldport/contract/operations/files';
import { uploadFile } from '../api/uploads.ts';

/** A file of a record: uploaded now (with `s3_key`) or already attached (by its name). */
export interface AttachedFile {
  file_name: string;
  s3_key?: string;
  file_type?: string;
  file_size?: number;
  file_url?: string;
}

const WAIT_FOR_UPLOADS = 'Wait until the files have uploaded, then save.';

interface Uploading {
  id: number;
  name: string;
  progress: number;
}

interface FileAttachmentsProps {
  label: string;
  purpose: FilePurpose;
  files: AttachedFile[];
  onChange: (files: AttachedFile[]) => void;
  /** At most this many files in all. */
  max: number;
  error?: string;
  helperText?: string;
}

/**
 * Files attached to a record: each picked file is checked against its purpose's types and size
 * (the contract's own rule, so the message is the server's), uploaded straight to its signed
 * address with a progress bar, and listed with its size, a link to open it and a Remove button.
 */
export function FileAttachments(props: FileAttachmentsProps) {
  const { files, onChange, purpose, max } = props;
  const rule = FILE_PURPOSE_RULES[purpose];
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads finish one by one; each adds to the list as it is when it finishes.
  const latest = useRef(files);
  latest.current = files;

  const accept = rule.types
    .flatMap((type) => [type, ...FILE_TYPES[type].extensions.map((ext) => `.${ext}`)])
    .join(',');

  const pick = async (picked: File[]) => {
    const found: string[] = [];
    const room = max - files.length - uploading.length;
    if (picked.length > room)
      found.push(`At most ${max} files can be attached; ${Math.max(room, 0)} more fit.`);
    const names = new Set(files.map((file) => file.file_name.toLowerCase()));
    const accepted: File[] = [];
    for (const file of picked.slice(0, Math.max(room, 0))) {
      const problem = fileProblem(purpose, {
        file_name: file.name,
        file_type: file.type,
        file_size: file.size,
      });
      if (problem) {
        found.push(`${file.name}: ${problem.message}`);
      } else if (names.has(file.name.toLowerCase())) {
        found.push(`${file.name}: a file of that name is already attached`);
      } else {
        names.add(file.name.toLowerCase());
        accepted.push(file);
      }
    }
    setProblems(found);
    if (accepted.length === 0) return;
    const jobs = accepted.map((file, index) => ({ file, id: Date.now() + index }));
    setUploading((current) => [
      ...current,
      ...jobs.map(({ file, id }) => ({ id, name: file.name, progress: 0 })),
    ]);
    await Promise.all(
      jobs.map(async ({ file, id }) => {
        try {
          const ticket = await uploadFile(file, purpose, (progress) =>
            setUploading((current) => current.map((job) => (job.id === id ? { ...job, progress } : job))),
          );
          const added: AttachedFile = {
            file_name: ticket.file_name,
            s3_key: ticket.s3_key,
            file_type: ticket.file_type,
            file_size: ticket.file_size,
            file_url: ticket.file_url,
          };
          latest.current = [...latest.current, added];
          onChange(latest.current);
        } catch (error) {
          setProblems((current) => [...current, `${file.name}: ${(error as Error).message}`]);
        } finally {
          setUploading((current) => current.filter((job) => job.id !== id));
          setProblems((current) => current.filter((problem) => problem !== WAIT_FOR_UPLOADS));
        }
      }),
    );
  };

  // While a file uploads, the surrounding form is not sent: it would be saved without the file.
  const root = useRef<HTMLDivElement>(null);
  const busy = uploading.length > 0;
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!busy || !form) return;
    const hold = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      setProblems((current) => [...new Set([...current, WAIT_FOR_UPLOADS])]);
    };
    // On the form itself, before React's handler at the root sees the event.
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [busy]);

  return (
    <Box ref={root} role="group" aria-labelledby={labelId}>
      <Typography
        id={labelId}
        variant="body2"
        color={props.error ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5 }}
      >
        {props.label}
      </Typography>
      {files.length > 0 && (
        <List dense disablePadding aria-label={`${props.label}: attached`}>
          {files.map((file) => (
            <ListItem
              key={file.file_name}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${file.file_name}`}
                  onClick={() => onChange(files.filter((f) => f !== file))}
                >
                  <CloseOutlined fontSize="small" />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {file.file_type === 'application/pdf' ? (
                  <PictureAsPdfOutlined color="error" />
                ) : (
                  <ImageOutlined color="primary" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  file.file_url ? (
                    <Link href={file.file_url} target="_blank" rel="noopener" underline="hover">
                      {file.file_name}
                    </Link>
                  ) : (
                    file.file_name
                  )
                }
                secondary={file.file_size ? formatFileSize(file.file_size) : undefined}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {uploading.map((job) => (
        <Box key={job.id} sx={{ my: 1 }}>
          <Typography variant="body2">Uploading {job.name}…</Typography>
          <LinearProgress
            variant={job.progress > 0 ? 'determinate' : 'indeterminate'}
            value={job.progress * 100}
            aria-label={`Uploading ${job.name}`}
          />
        </Box>
      ))}
      {problems.map((problem) => (
        <Alert
          key={problem}
          severity="error"
          sx={{ my: 1 }}
          onClose={() => setProblems((p) => p.filter((x) => x !== problem))}
        >
          {problem}
        </Alert>
      ))}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        aria-label={`Choose ${props.label.toLowerCase()}`}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          void pick(picked);
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AttachFileOutlined />}
        onClick={() => input.current?.click()}
        disabled={files.length + uploading.length >= max}
      >
        Attach files
      </Button>
      <FormHelperText error={Boolean(props.error)}>
        {props.error ??
          props.helperText ??
          `${rule.typesMessage}; at most ${formatFileSize(rule.maxBytes)} each.`}
      </FormHelperText>
    </Box>
  );
}
