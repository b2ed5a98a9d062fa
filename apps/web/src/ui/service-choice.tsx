import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { api } from '../api/client.ts';
import { renderAutocompleteGroup } from './autocomplete-group.tsx';
import { fieldError } from './field-props.ts';
import { listQueryKey } from './use-list.ts';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/**
 * The services a new ticket may be raised for: the server decides which (active, visible, enabled
 * for the caller's party), and a ticket's form offers exactly those.
 */
export function useOfferedServices() {
  return useQuery({
    queryKey: [...listQueryKey(List_Services), 'ticket-choices'],
    staleTime: 60_000,
    queryFn: async () =>
      (
        await api.query(List_Services, {
          status: 'ACTIVE',
          offered_for_new_tickets: true,
          page_size: 100,
          sort_by: 'service_name',
        })
      ).data.items,
  });
}

/**
 * A new ticket's service (`service_id`), with its category shown: the ticket is numbered with the
 * category's prefix. A new ticket and a request converted to one (docs/requests.md) choose it so.
 */
export function ServiceChoice({ form }: { form: Form }) {
  const services = useOfferedServices();
  const offered = services.data ?? [];
  const message = fieldError(form, 'service_id');
  return (
    <Controller
      control={form.control}
      name="service_id"
      render={({ field }) => {
        const value = offered.find((service) => service.service_id === field.value) ?? null;
        return (
          <Autocomplete
            options={offered}
            value={value}
            loading={services.isPending}
            groupBy={(option) => option.category_name}
            renderGroup={renderAutocompleteGroup}
            getOptionLabel={(option) => option.service_name}
            isOptionEqualToValue={(option, chosen) => option.service_id === chosen.service_id}
            onChange={(_, chosen) => field.onChange(chosen?.service_id ?? '')}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Service"
                required
                inputRef={field.ref}
                error={Boolean(message)}
                helperText={
                  message ??
                  (value
                    ? `Category: ${value.category_name} · numbered ${value.service_ticket_prefix}-…`
                    : undefined)
                }
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Service' },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
