import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { InputOf } from '@fieldport/contract/operation';
import { ListServicePartners } from '@fieldport/contract/operations/people';
import { api } from '../api/client.ts';
import { listQueryKey, type ListOp, type ListState } from './use-list.ts';

/** How a service partner is chosen from the partners' list: by party id, named by its name (a field, a filter). */
export const servicePartnerLookup = {
  list: ListServicePartners,
  valueKey: 'party_id',
  labelKey: 'party_name',
} as const;

interface Lookup {
  label: string;
  list: ListOp;
  valueKey: string;
  labelKey: string;
  /** More input for the options' list (e.g. only one master category's categories). */
  where?: Record<string, unknown>;
}

/**
 * A list filter that chooses one record of another list ("Category: Air Conditioner"), or All.
 * Offers every record, active or not, since old records are filtered by them too.
 */
export function LookupFilter(
  props: Lookup & {
    state: ListState;
    /** The filter's key in the list input, e.g. 'category_id'. */
    filter: string;
  },
) {
  const { state, filter, ...lookup } = props;
  const value = (state.input as Record<string, unknown>)[filter];
  return (
    <LookupSelect
      {...lookup}
      value={typeof value === 'string' ? value : undefined}
      onChange={(chosen) => state.setFilter(filter, chosen)}
    />
  );
}

/** LookupFilter's choice for a screen that keeps the value itself (a report's filters in the address). */
export function LookupSelect(
  props: Lookup & { value: string | undefined; onChange: (value: string | undefined) => void },
) {
  const { list, valueKey, labelKey, value } = props;
  const options = useQuery({
    queryKey: [...listQueryKey(list), 'filter-options', props.where ?? {}],
    queryFn: async () => {
      const input = { status: 'ALL', page_size: 100, sort_by: labelKey, ...props.where } as InputOf<ListOp>;
      const page = await api.query(list, input);
      return (page.data as { items: Record<string, unknown>[] }).items.map((item) => ({
        value: String(item[valueKey]),
        label: String(item[labelKey]),
      }));
    },
  });
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={value !== undefined && options.data?.some((o) => o.value === value) ? value : ''}
      onChange={(event) => props.onChange(event.target.value || undefined)}
      sx={{ flex: '1 1 180px', maxWidth: { sm: 230 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All</MenuItem>
      {(options.data ?? []).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
