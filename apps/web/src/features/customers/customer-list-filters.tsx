import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CustomerOwner, ListCustomers } from '@fieldport/contract/operations/customers';
import { ListCustomerCategories } from '@fieldport/contract/operations/settings';
import { api } from '../../api/client.ts';
import { listQueryKey, type ListState } from '../../ui/use-list.ts';

const OWNER_LABELS: Record<CustomerOwner, string> = {
  ALL: 'Everyone',
  ORGANIZATION: 'Organization',
  DEALERS: 'Dealers',
};

/** The customer list's own filters: the category and, for the organization's staff, whom it belongs to. */
export function CustomerListFilters({
  state,
  showOwner,
}: {
  state: ListState<typeof ListCustomers>;
  showOwner: boolean;
}) {
  const categories = useQuery({
    queryKey: [...listQueryKey(ListCustomerCategories), 'filter'],
    queryFn: async () =>
      (
        await api.query(ListCustomerCategories, {
          status: 'ALL',
          page_size: 100,
          sort_by: 'customer_category_name',
        })
      ).data.items,
    staleTime: 30_000,
  });
  const categoryOptions = categories.data ?? [];
  return (
    <>
      <TextField
        select
        label="Category"
        size="small"
        value={(state.input as { customer_category_id?: string }).customer_category_id ?? ''}
        onChange={(event) => state.setFilter('customer_category_id', event.target.value || undefined)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: 170, flex: '0 0 auto' }}
      >
        <MenuItem value="">All categories</MenuItem>
        {categoryOptions.map((category) => (
          <MenuItem key={category.customer_category_id} value={category.customer_category_id}>
            {category.customer_category_name}
          </MenuItem>
        ))}
      </TextField>
      {showOwner && (
        <TextField
          select
          label="Belongs to"
          size="small"
          value={(state.input as { owned_by?: CustomerOwner }).owned_by ?? 'ALL'}
          onChange={(event) =>
            state.setFilter('owned_by', event.target.value === 'ALL' ? undefined : event.target.value)
          }
          sx={{ width: 160, flex: '0 0 auto' }}
        >
          {(Object.keys(OWNER_LABELS) as CustomerOwner[]).map((owner) => (
            <MenuItem key={owner} value={owner}>
              {OWNER_LABELS[owner]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
