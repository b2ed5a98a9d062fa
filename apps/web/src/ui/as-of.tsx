import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useInstantFormats } from './format.ts';
import { useOnline } from './offline.ts';

/**
 * "Offline · as of 10:42": when the answer on screen may be old (no network, or the last reading
 * failed), when it was read, in the organization's time zone (docs/product.md#working-offline).
 * Nothing while the answer is fresh.
 */
export function AsOf({ updatedAt, readFailed = false }: { updatedAt: number; readFailed?: boolean }) {
  const online = useOnline();
  const format = useInstantFormats();
  if ((online && !readFailed) || !updatedAt) return null;
  const read = new Date(updatedAt).toISOString();
  const today = format.date(new Date().toISOString()) === format.date(read);
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', mb: 1.5 }}
    >
      <CloudOffOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">
        {online ? 'Could not be read again' : 'Offline'} · as of{' '}
        {today ? format.time(read) : format.dateTime(read)}
      </Typography>
    </Box>
  );
}
