import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import {
  GetCustomer,
  ListCustomers,
  type CustomerItem,
  type CustomerLocation,
} from '@fieldport/contract/operations/customers';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../api/client.ts';
import { fieldError } from './field-props.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { listQueryKey, type ListState } from './use-list.ts';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/** "Office: 5th Floor, UB City, Bengaluru 560001". */
export const locationText = (location: CustomerLocation) =>
  `${location.location_label ?? (location.is_primary ? 'Primary' : 'Location')}: ${location.address}, ${location.city} ${location.pincode}`;

/** A customer with every location (GetCustomer): the choice's locations, and what else reads them. */
export const customerLocationsQuery = (customerId: string | null | undefined) =>
  queryOptions({
    queryKey: ['customer', customerId, 'locations'],
    enabled: Boolean(customerId),
    queryFn: async () => (await api.query(GetCustomer, { customer_id: customerId! })).data.items[0],
  });

/**
 * A customer found by search (name, phone or email) and one of its locations, the primary one
 * first: the form's `customer_id` and `location_id`. Used wherever a record is put at a customer's
 * place (a new ticket, a fleet item).
 */
export function CustomerChoice({
  form,
  onAdd,
  autoFocus = true,
  helperText = 'Search by name, phone or email',
  initialCustomer = null,
}: {
  form: Form;
  /** Offers "New customer" beside the search (a ticket may add one on the spot). */
  onAdd?: () => void;
  autoFocus?: boolean;
  helperText?: string;
  /** The customer the form starts with (its `customer_id`): a draft being changed, a ticket's. */
  initialCustomer?: CustomerItem | null;
}) {
  const [chosen, setChosen] = useState<CustomerItem | null>(initialCustomer);
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) as string | null;
  const detail = useQuery(customerLocationsQuery(customerId));
  const locations = detail.data ? [detail.data.primary_location, ...detail.data.secondary_locations] : [];
  const customerError = fieldError(form, 'customer_id');
  const locationError = fieldError(form, 'location_id');

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <CustomerSearch
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            form.setValue('customer_id', value?.customer_id ?? null, { shouldValidate: true });
            form.setValue('location_id', value?.primary_location.location_id ?? null, {
              shouldValidate: Boolean(value),
            });
          }}
          autoFocus={autoFocus}
          required
          error={customerError}
          helperText={helperText}
          noOptionsText={onAdd ? 'No customer matches; add a new one' : 'No customer matches'}
        />
        {onAdd && (
          <Button startIcon={<PersonAddAltOutlined />} onClick={onAdd} sx={{ mt: 1 }}>
            New customer
          </Button>
        )}
      </Box>
      {customerId && (
        <Controller
          control={form.control}
          name="location_id"
          render={({ field }) => (
            <TextField
              select
              label="Location"
              required
              value={locations.some((l) => l.location_id === field.value) ? (field.value as string) : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(locationError)}
              helperText={locationError ?? (detail.isPending ? 'Loading the locations…' : undefined)}
              slotProps={{ htmlInput: { 'aria-label': 'Location' } }}
            >
              {locations.map((location) => (
                <MenuItem key={location.location_id} value={location.location_id}>
                  {locationText(location)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </Stack>
  );
}

/**
 * The search for one customer by name, phone or email (the first ten active matches as typed), on
 * its own: CustomerChoice puts it in a form with the location; a screen about one customer uses it
 * to choose whom it shows.
 */
export function CustomerSearch({
  value,
  onChange,
  autoFocus = false,
  required = false,
  error,
  helperText = 'Search by name, phone or email',
  noOptionsText = 'No customer matches',
  compact = false,
}: {
  /** A list's filter: small, beside the other filters. */
  compact?: boolean;
  value: CustomerItem | null;
  onChange: (customer: CustomerItem | null) => void;
  autoFocus?: boolean;
  required?: boolean;
  error?: string;
  helperText?: string;
  noOptionsText?: string;
}) {
  const [text, setText] = useState('');
  // The form starts at the customer (the shared fields below focus their first one on mount).
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) searchInput.current?.focus();
  }, [autoFocus]);
  const search = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: [...listQueryKey(ListCustomers), 'customer-choice', search],
    queryFn: async () =>
      (
        await api.query(ListCustomers, {
          search,
          status: 'ACTIVE',
          page_size: 10,
          sort_by: 'customer_name',
        })
      ).data.items,
  });
  return (
    <Autocomplete<CustomerItem>
      sx={compact ? { flex: '1 1 200px', maxWidth: { sm: 260 } } : { flex: '1 1 260px' }}
      size={compact ? 'small' : 'medium'}
      options={found.data ?? []}
      value={value}
      loading={found.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) =>
        `${option.customer_name} · ${formatPhoneInternational(option.customer_phone)}`
      }
      isOptionEqualToValue={(option, chosen) => option.customer_id === chosen.customer_id}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
      }}
      onChange={(_, chosen) => onChange(chosen)}
      noOptionsText={search ? noOptionsText : 'Type a name, phone or email'}
      renderOption={(optionProps, option) => (
        <li {...optionProps} key={option.customer_id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {option.customer_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatPhoneInternational(option.customer_phone)} · {option.primary_location.city}{' '}
              {option.primary_location.pincode}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          required={required}
          inputRef={searchInput}
          error={Boolean(error)}
          helperText={error ?? helperText}
          // As a filter, "All" until one is chosen, like the filters beside it.
          placeholder={compact ? 'All' : undefined}
          slotProps={{
            ...params.slotProps,
            inputLabel: compact
              ? { ...params.slotProps.inputLabel, shrink: true }
              : params.slotProps.inputLabel,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Customer' },
          }}
        />
      )}
    />
  );
}

/** A list's filter by one customer (`filter`, e.g. 'customer_id'), found by search, or all. */
export function CustomerFilter({ state, filter }: { state: ListState; filter: string }) {
  const [chosen, setChosen] = useState<CustomerItem | null>(null);
  const current = (state.input as Record<string, unknown>)[filter];
  // Cleared with the list's other filters.
  if (chosen && current !== chosen.customer_id) setChosen(null);
  return (
    <CustomerSearch
      compact
      value={chosen}
      helperText=""
      onChange={(customer) => {
        setChosen(customer);
        state.setFilter(filter, customer?.customer_id);
      }}
    />
  );
}
