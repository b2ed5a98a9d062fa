import { useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createCustomerSchema, type CustomerItem } from '@fieldport/contract/operations/customers';
import { checkPhone, formatPhoneInternational } from '@fieldport/contract/phone';
import type { CountryCode } from 'libphonenumber-js';
import { CustomerChoice } from './customer-choice.tsx';
import { CustomerFields, emptyCustomer } from './customer-form.tsx';
import { FormDialog } from './form-dialog.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type NewCustomer = NonNullable<ReturnType<typeof createCustomerSchema.parse>>;

/** A number as typed, shown in the one international format (as typed when it is not valid yet). */
function typedPhone(value: string, country: CountryCode | undefined): string {
  const checked = checkPhone(value, country);
  return checked.ok ? formatPhoneInternational(checked.e164) : value;
}

/** The first message of a field's errors, however deep (a new customer's phone, under `new_customer`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * A new ticket's customer (createTicketSchema's `customer_id` and `location_id`, or `new_customer`):
 * one found by search and its location, or a new one added on the spot, shown as a card until it
 * is changed. A ticket's form and a request converted to a ticket (docs/requests.md) use it.
 */
export function TicketCustomerField({
  form,
  hidden = false,
  initialCustomer = null,
}: {
  form: Form;
  /** A fleet item decides the customer: the choice is kept, out of sight. */
  hidden?: boolean;
  /** The existing customer the form starts with (its `customer_id`). */
  initialCustomer?: CustomerItem | null;
}) {
  const newCustomer = useWatch({ control: form.control, name: 'new_customer' }) as NewCustomer | null;
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) as string | null;
  const [adding, setAdding] = useState(false);
  // Back from a new customer, the search starts empty, not at the customer the form started with.
  const startsWith = initialCustomer?.customer_id === customerId ? initialCustomer : null;
  const newCustomerError = firstMessage(form.getFieldState('new_customer', form.formState).error);
  return (
    <>
      <Box role="group" aria-label="Customer" sx={hidden ? { display: 'none' } : undefined}>
        {newCustomer ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="caption" color="text.secondary">
              New customer
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {newCustomer.customer_name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {typedPhone(newCustomer.customer_phone, newCustomer.phone_country)} ·{' '}
              {newCustomer.primary_location.address}, {newCustomer.primary_location.city}{' '}
              {newCustomer.primary_location.pincode}
            </Typography>
            {newCustomerError && (
              <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                {newCustomerError}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button size="small" onClick={() => setAdding(true)}>
                Change
              </Button>
              <Button
                size="small"
                color="inherit"
                onClick={() => form.setValue('new_customer', null, { shouldValidate: false })}
              >
                Choose an existing customer instead
              </Button>
            </Stack>
          </Paper>
        ) : (
          <CustomerChoice form={form} onAdd={() => setAdding(true)} initialCustomer={startsWith} />
        )}
      </Box>
      {/* React events bubble out of portals: the new customer's submit must not submit the ticket. */}
      <Box component="span" sx={{ display: 'contents' }} onSubmit={(event) => event.stopPropagation()}>
        <FormDialog
          open={adding}
          title="Add new customer"
          schema={createCustomerSchema}
          defaultValues={(newCustomer ?? emptyCustomer()) as never}
          submitLabel="Use this customer"
          onSubmit={async (values) => {
            form.setValue('new_customer', values);
            form.setValue('customer_id', null);
            form.setValue('location_id', null);
            form.clearErrors(['customer_id', 'location_id', 'new_customer']);
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        >
          {(customerForm) => <CustomerFields form={customerForm as never} withSecondary={false} />}
        </FormDialog>
      </Box>
    </>
  );
}
