import Chip, { type ChipProps } from '@mui/material/Chip';
import type { RecordStatus } from '@fieldport/contract/lists';

/**
 * A record's state in a list or a card, said in words (never by colour alone): filled for the
 * states that ask to be noticed, outlined for the quiet ones (inactive, withdrawn).
 */
export function StateChip({
  label,
  color,
  outlined,
}: {
  label: string;
  color: ChipProps['color'];
  outlined?: boolean;
}) {
  return (
    <Chip
      // A new chip for a new state: restyled, MUI would fade the old state's colour out under the new words.
      key={label}
      size="small"
      label={label}
      color={color}
      variant={outlined ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, minWidth: 72 }}
    />
  );
}

/** A record's status as a person reads it: green Active, grey Inactive. */
export function StatusChip({ status }: { status: RecordStatus }) {
  const active = status === 'ACTIVE';
  return (
    <StateChip
      label={active ? 'Active' : 'Inactive'}
      color={active ? 'success' : 'default'}
      outlined={!active}
    />
  );
}
