import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The frame of a page a customer opens without signing in (a quotation's link, an organization's
 * request form): one sheet on a grey ground, the whole screen on a phone. Light: it is often the
 * customer's first sight of the organization.
 */
export function PublicPage({ children, maxWidth = 960 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: { xs: 'background.paper', sm: 'grey.100' },
        py: { xs: 0, sm: 4 },
        px: { xs: 0, sm: 2 },
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          maxWidth,
          mx: 'auto',
          p: { xs: 2, sm: 4 },
          borderRadius: { xs: 0, sm: 2 },
          border: { xs: 0, sm: 1 },
          borderColor: { sm: 'divider' },
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/** The organization a public page speaks for: its logo and name, above a rule. */
export function OrganizationHeader({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  return (
    <>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {logoUrl && (
          <Box
            component="img"
            src={logoUrl}
            alt={`${name} logo`}
            sx={{ maxHeight: 56, maxWidth: 160, objectFit: 'contain' }}
          />
        )}
        <Typography sx={{ fontWeight: 700, fontSize: 20, overflowWrap: 'anywhere' }}>{name}</Typography>
      </Box>
      <Divider />
    </>
  );
}

/** What a public page shows while it reads what it is about. */
export function PublicLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A public page that cannot show what its link is about: what it is, and why not, in the server's words. */
export function PublicRefusal({ title, message }: { title: string; message: string }) {
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
    </Stack>
  );
}

/** Off the screen rather than not displayed: bots skip fields that are not displayed. */
const HONEYPOT = {
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
} as const;

/**
 * The field people never see nor reach (`website`, docs/requests.md#the-public-form): a form that
 * fills it is a bot's. Register it with the form: `<Honeypot id="…" {...form.register('website')} />`.
 */
export function Honeypot({ id, ...field }: { id: string } & UseFormRegisterReturn) {
  return (
    <Box aria-hidden="true" sx={HONEYPOT}>
      <label htmlFor={id}>Website</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...field} />
    </Box>
  );
}
