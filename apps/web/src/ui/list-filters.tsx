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

/**
 * A list's filter by a range of days, `from` to `to` (both included, the keys of the list's input):
 * an end before the start is marked on the end, and `withDaysInOrder` leaves it out of what is sent.
 */
export function DayRangeFilter(props: {
  state: ListState;
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
}) {
  const input = props.state.input as Record<string, unknown>;
  const wrong = daysOutOfOrder(input[props.from], input[props.to]);
  return (
    <>
      <DayFilter state={props.state} filter={props.from} label={props.fromLabel} />
      <DayFilter
        state={props.state}
        filter={props.to}
        label={props.toLabel}
        error={wrong ? `${props.toLabel} must not be before ${props.fromLabel}` : undefined}
      />
    </>
  );
}

/**
 * A list's input as sent: a range of days that ends before it starts goes without its end, which
 * the contract's `dateRangeInOrder` would refuse (the filter says why instead).
 */
export function withDaysInOrder<Input extends object>(
  input: Input,
  from: keyof Input & string,
  to: keyof Input & string,
): Input {
  const range = input as Record<string, unknown>;
  return daysOutOfOrder(range[from], range[to]) ? { ...input, [to]: undefined } : input;
}
