import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ListState } from './use-list.ts';

/**
 * Filters of a list's own (ListToolbar's children), each named by its key in the list's input:
 * a choice among fixed values, and days.
 */

export interface FilterChoice {
  value: string;
  label: string;
}

/** One of fixed choices ("State: Pending"), or All. */
export function ChoiceFilter(props: {
  state: ListState;
  filter: string;
  label: string;
  choices: FilterChoice[];
  width?: number;
}) {
  const value = (props.state.input as Record<string, unknown>)[props.filter];
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={typeof value === 'string' && props.choices.some((c) => c.value === value) ? value : ''}
      onChange={(event) => props.state.setFilter(props.filter, event.target.value || undefined)}
      sx={{ flex: '1 1 160px', maxWidth: { sm: props.width ?? 220 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All</MenuItem>
      {props.choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A day ('YYYY-MM-DD'), one end of a range of days; `error` says what is wrong with it. */
export function DayFilter(props: { state: ListState; filter: string; label: string; error?: string }) {
  const value = (props.state.input as Record<string, unknown>)[props.filter];
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => props.state.setFilter(props.filter, event.target.value || undefined)}
      error={Boolean(props.error)}
      helperText={props.error}
      sx={{ flex: '1 1 150px', maxWidth: { sm: 170 } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * Whether a range of days ends before it starts (the contract's `dateRangeInOrder` refuses it);
 * 'YYYY-MM-DD' sorts as the calendar does.
 */
export function daysOutOfOrder(from: unknown, to: unknown): boolean {
  return typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && from > to;
}
