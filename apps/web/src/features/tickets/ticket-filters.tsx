import { useQuery } from '@tanstack/react-query';
import type { Access, InputOf } from '@fieldport/contract/operation';
import { api } from '../../api/client.ts';
import { ChoiceFilter, type FilterChoice } from '../../ui/list-filters.tsx';
import { listQueryKey, type ListOp, type ListState } from '../../ui/use-list.ts';

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
      return (page.data as { items: Record<string, unknown>[] }).items.map((item): FilterChoice => ({
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
