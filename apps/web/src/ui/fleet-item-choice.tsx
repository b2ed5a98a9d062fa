import { useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ListProductFleet, type FleetItem } from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../api/client.ts';
import { fieldError } from './field-props.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { listQueryKey } from './use-list.ts';
import { CoverageChip, coverageText } from './coverage.tsx';
import { SearchChoice } from './search-choice.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/** The ticket fields a fleet item decides (docs/product-fleet.md#tickets). */
function fillFromItem(form: Form, item: FleetItem | null) {
  const options = { shouldValidate: Boolean(item), shouldDirty: true };
  form.setValue('fleet_item_id', item?.fleet_item_id ?? null, options);
  form.setValue('customer_id', item?.customer_id ?? null, options);
  form.setValue('location_id', item?.location_id ?? null, options);
  form.setValue('service_id', item?.service_id ?? '', options);
  form.setValue('serial_number', item?.serial_number ?? '', options);
  form.setValue('under_warranty', item?.coverage.coverage === 'IN_WARRANTY', options);
  if (item) form.setValue('new_customer', null, options);
}

/**
 * A new ticket can start from a serial number: the approved, active items whose serial starts
 * with what is typed (or whose customer's phone does). Choosing one fills the customer, location,
 * product and serial, and shows the item's coverage today; "Change" goes back to choosing.
 */
export function FleetItemChoice({
  form,
  initialItem = null,
}: {
  form: Form;
  /** The item the form starts with (its `fleet_item_id`): a request's serial found in the fleet. */
  initialItem?: FleetItem | null;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<FleetItem | null>(initialItem);
  const fleetItemId = useWatch({ control: form.control, name: 'fleet_item_id' }) as string | null;
  const search = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: [...listQueryKey(ListProductFleet), 'ticket-choice', search],
    enabled: search.length >= 2,
    queryFn: async () =>
      (
        await api.query(ListProductFleet, {
          search,
          status: 'ACTIVE',
          approval_state: 'APPROVED',
          page_size: 10,
        })
      ).data.items.filter((item) => item.customer_id !== null),
  });
  const error = fieldError(form, 'fleet_item_id');

  if (fleetItemId && chosen) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label="Fleet item">
        <Typography variant="caption" color="text.secondary">
          Fleet item
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          {chosen.serial_number} · {chosen.service_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {chosen.customer_name}
          {chosen.customer_phone ? ` · ${formatPhoneInternational(chosen.customer_phone)}` : ''}
          {chosen.location_summary ? ` · ${chosen.location_summary}` : ''}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <CoverageChip coverage={chosen.coverage} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {coverageText(chosen.coverage)}
          </Typography>
        </Box>
        {error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => {
            setChosen(null);
            fillFromItem(form, null);
          }}
        >
          Change
        </Button>
      </Paper>
    );
  }

  return (
    <SearchChoice<FleetItem>
      label="Start from a serial number"
      options={found.data ?? []}
      value={null}
      loading={found.isFetching}
      onType={setText}
      onChange={(value) => {
        setChosen(value);
        fillFromItem(form, value);
      }}
      optionKey={(option) => option.fleet_item_id}
      optionLabel={(option) => `${option.serial_number} · ${option.service_name}`}
      optionDetail={(option) => `${option.customer_name} · ${coverageText(option.coverage)}`}
      noOptionsText={
        search.length < 2
          ? 'Type the start of a serial number'
          : 'No approved fleet item matches; fill in the ticket below'
      }
      error={error}
      helperText="Optional: fills the customer, product and serial, and shows the warranty"
    />
  );
}
