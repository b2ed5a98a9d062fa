import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { NARROW_BREAKPOINT_PX } from '../../ui/use-narrow-screen.ts';

/** SPEC sections 2 and 9: the login card is 35% of the width; below 850 px it takes the full width. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const narrow = `@media (max-width:${NARROW_BREAKPOINT_PX - 0.05}px)`;
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        background: 'linear-gradient(135deg, #0f3278 0%, #1747a6 55%, #2f6fd6 100%)',
        [narrow]: { p: 0, alignItems: 'stretch', background: '#fff' },
      }}
    >
      <Paper
        elevation={8}
        sx={{
          width: '35%',
          p: { xs: 3, sm: 4.5 },
          borderRadius: 3,
          [narrow]: { width: '100%', borderRadius: 0, boxShadow: 'none', px: 3, py: 4 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
          <BrandMark size={40} />
          <Box>
            <Typography sx={{ fontWeight: 800, fontSize: '1.35rem', lineHeight: 1.1, color: 'primary.dark' }}>
              Fieldport
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Empower your Field Engineers
            </Typography>
          </Box>
        </Box>
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}

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
