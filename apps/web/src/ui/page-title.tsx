import { useEffect } from 'react';
import Typography from '@mui/material/Typography';

/** The page's heading; also names the browser tab after it. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Fieldport`;
  }, [title]);
  return (
    <Typography variant="h1" id="page-title" sx={{ mb: 3 }}>
      {title}
    </Typography>
  );
}
