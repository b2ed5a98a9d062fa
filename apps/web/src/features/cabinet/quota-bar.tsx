import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { quotaWords } from '@fieldport/contract/operations/cabinet';
import { quotaPercent } from './cabinet-format.ts';

/**
 * The cabinet's quota (docs/cabinet.md): "120 MB of 2 GB used" over a bar that turns amber past
 * three quarters and red past nine tenths, when a file may soon be refused.
 */
export function QuotaBar({ used, total }: { used: number; total: number }) {
  const labelId = useId();
  const words = quotaWords(used, total);
  const percent = quotaPercent(used, total);
  const color = percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary';
  return (
    <Box sx={{ width: { xs: '100%', sm: 320 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          Storage
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {words}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        // A sliver for any use at all: an empty bar would read as an empty cabinet.
        value={used > 0 ? Math.max(percent, 1) : 0}
        color={color}
        aria-labelledby={labelId}
        aria-valuetext={words}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

export function QuotaBarSkeleton() {
  return (
    <Box sx={{ width: { xs: '100%', sm: 320 } }} aria-hidden>
      <Skeleton width="100%" height={22} />
      <Skeleton variant="rounded" width="100%" height={8} />
    </Box>
  );
}
