import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { monthLabel, shiftMonth } from '@fieldport/contract/operations/reports';

/** How many months the choosers offer back from the latest: three years. */
const MONTHS_OFFERED = 36;

/**
 * A period of whole months, From and To, each chosen from the months up to `latest` (newest
 * first, as 'Nov 2026'), so that it reads the same in every browser; `error` is said under To.
 */
export function MonthRangeFilter(props: {
  from: string;
  to: string;
  /** The newest month offered (the current month of the organization). */
  latest: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
  error?: string;
}) {
  const offered = Array.from({ length: MONTHS_OFFERED }, (_, back) => shiftMonth(props.latest, -back));
  // A month from a link, older or newer than those offered, is still shown as chosen.
  const choices = (value: string) =>
    offered.includes(value) ? offered : [...offered, value].sort().reverse();
  const field = (which: 'from' | 'to', label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={props[which]}
      onChange={(event) => props.onChange({ from: props.from, to: props.to, [which]: event.target.value })}
      error={which === 'to' && Boolean(props.error)}
      helperText={which === 'to' ? props.error : undefined}
      sx={{ flex: '1 1 140px', maxWidth: { sm: 170 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {choices(props[which]).map((month) => (
        <MenuItem key={month} value={month}>
          {monthLabel(month)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {field('from', props.fromLabel ?? 'From month')}
      {field('to', props.toLabel ?? 'To month')}
    </>
  );
}
