import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A table cell of two lines: the name, and what tells it apart (a part number, a partner). */
export function TwoLineCell({ first, second }: { first: string; second?: string | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {first}
      </Typography>
      {second && (
        <Typography variant="body2" color="text.secondary">
          {second}
        </Typography>
      )}
    </Box>
  );
}
