import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { useOneSnackbarAtATime } from '../../ui/snackbars.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';

/**
 * SPEC sections 2 and 9: the login card is 35% of the width; below 850 px it takes the full width,
 * under a band with the brand. Snackbars appear one at a time above the card (over the band on a
 * phone), never over the form.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  useOneSnackbarAtATime();
  const narrow = useNarrowScreen();
  const brand = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: narrow ? 0 : 0.5 }}>
      <Box
        sx={narrow ? { bgcolor: '#fff', borderRadius: 2, p: 0.5, display: 'grid', lineHeight: 0 } : undefined}
      >
        <BrandMark size={narrow ? 34 : 40} />
      </Box>
      <Box>
        <Typography
          sx={{
            fontWeight: 800,
            fontSize: '1.35rem',
            lineHeight: 1.1,
            color: narrow ? '#fff' : 'primary.dark',
          }}
        >
          Fieldport
        </Typography>
        <Typography variant="body2" sx={{ color: narrow ? 'rgba(255, 255, 255, 0.9)' : 'text.secondary' }}>
          Empower your Field Engineers
        </Typography>
      </Box>
    </Box>
  );
  return (
    <Box
      component="main"
      sx={
        narrow
          ? { minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: '#fff' }
          : {
              minHeight: '100vh',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              // Room above the card for a snackbar (12 px from the top, up to two lines).
              px: 3,
              pb: 3,
              pt: 11,
              background: GRADIENT,
            }
      }
    >
      {narrow && (
        // As tall as a two-line snackbar and its margin, so that one never reaches the form.
        <Box sx={{ background: GRADIENT, minHeight: 92, px: 3, display: 'flex', alignItems: 'center' }}>
          {brand}
        </Box>
      )}
      <Paper
        elevation={narrow ? 0 : 8}
        sx={
          narrow
            ? { width: '100%', borderRadius: 0, px: 3, pt: 3, pb: 4, flexGrow: 1 }
            : { width: '35%', p: { xs: 3, sm: 4.5 }, borderRadius: 3 }
        }
      >
        {!narrow && brand}
        <Box sx={{ mt: narrow ? 0 : 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}

const GRADIENT = 'linear-gradient(135deg, #0f3278 0%, #1747a6 55%, #2f6fd6 100%)';

export function StepTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
