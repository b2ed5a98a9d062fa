import Typography from '@mui/material/Typography';

/** A line of the top bar's popup in place of results: the term's problem, a search under way, none found. */
export function PanelMessage({ children }: { children: string }) {
  return (
    <Typography
      role="status"
      variant="body2"
      color="text.secondary"
      sx={{ px: 2, py: 1.5, overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}
