import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Access, InputOf } from '@fieldport/contract/operation';
import { api } from '../../api/client.ts';
import { listQueryKey, type ListOp, type ListState } from '../../ui/use-list.ts';

interface Choice {
  value: string;
  label: string;
}

/** A filter of the ticket lists: a select of fixed choices or of another list's records, with All. */
export function ChoiceFilter(props: {
  state: ListState;
  filter: string;
  label: string;
  choices: Choice[];
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

/** The records of a master list as choices (every record, active or not: old tickets name them too). */
function useChoices(
  list: ListOp & { access: Access },
  valueKey: string,
  labelKey: (item: Record<string, unknown>) => string,
  sortBy: string,
  enabled: boolean,
  where: Record<string, unknown> = { status: 'ALL' },
) {
  return useQuery({
    queryKey: [...listQueryKey(list), 'choices', where],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const input = { page_size: 100, sort_by: sortBy, ...where } as InputOf<ListOp>;
      const page = await api.query(list, input);
      return (page.data as { items: Record<string, unknown>[] }).items.map((item): Choice => ({
        value: String(item[valueKey]),
        label: labelKey(item),
      }));
    },
  });
}

/** A lookup filter shown only to those who may read the list it offers. */
export function MasterFilter(props: {
  state: ListState;
  filter: string;
  label: string;
  list: ListOp & { access: Access };
  valueKey: string;
  labelKey: string | ((item: Record<string, unknown>) => string);
  sortBy: string;
  can: (access: Access) => boolean;
  /** More input for the choices' list; by default every record, active or not. */
  where?: Record<string, unknown>;
}) {
  const allowed = props.can(props.list.access);
  const labelKey = props.labelKey;
  const choices = useChoices(
    props.list,
    props.valueKey,
    typeof labelKey === 'string' ? (item) => String(item[labelKey]) : labelKey,
    props.sortBy,
    allowed,
    props.where,
  );
  if (!allowed || choices.isError) return null;
  return (
    <ChoiceFilter
      state={props.state}
      filter={props.filter}
      label={props.label}
      choices={choices.data ?? []}
    />
  );
}

/** 'Created from' / 'Created to': a calendar day or nothing. */
export function DayFilter(props: { state: ListState; filter: string; label: string }) {
  const value = (props.state.input as Record<string, unknown>)[props.filter];
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => props.state.setFilter(props.filter, event.target.value || undefined)}
      sx={{ flex: '1 1 150px', maxWidth: { sm: 170 } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
