import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled, outlined section of a page; the title names the section for screen readers too. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: 16, fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
