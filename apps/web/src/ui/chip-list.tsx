import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** A few names as chips, and how many more there are ("+12 more"); a dash when there are none. */
export function ChipList({ labels, max = 4, mono }: { labels: string[]; max?: number; mono?: boolean }) {
  if (labels.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const shown = labels.slice(0, max);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 0.5, alignItems: 'center' }}>
      {shown.map((label) => (
        <Chip
          key={label}
          size="small"
          variant="outlined"
          label={label}
          sx={mono ? { fontFamily: 'ui-monospace, monospace' } : undefined}
        />
      ))}
      {labels.length > max && (
        <Typography variant="body2" color="text.secondary">
          +{labels.length - max} more
        </Typography>
      )}
    </Box>
  );
}
