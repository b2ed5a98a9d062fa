import Chip from '@mui/material/Chip';
import type { RecordStatus } from '@fieldport/contract/lists';

/** A record's status as a person reads it: green Active, grey Inactive. */
export function StatusChip({ status }: { status: RecordStatus }) {
  const active = status === 'ACTIVE';
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, minWidth: 72 }}
    />
  );
}
