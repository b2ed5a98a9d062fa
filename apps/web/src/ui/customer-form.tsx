import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import {
  MAX_SECONDARY_LOCATIONS,
  type LocationInput,
  type CustomerItem,
  type CustomerLocation,
} from '@fieldport/contract/operations/customers';
import { ListCustomerCategories } from '@fieldport/contract/operations/settings';
import { LookupPincode, PINCODE_PATTERN } from '@fieldport/contract/operations/territories';
import { countryList, DEFAULT_COUNTRY, type CountryEntry } from '@fieldport/contract/phone';
import { api } from '../api/client.ts';
import { fieldError } from './field-props.ts';
import { FormTextField } from './form-text-field.tsx';
import { listQueryKey } from './use-list.ts';

/**
 * The fields of a customer (details, phone with its country, primary and secondary locations),
 * bound to a react-hook-form form whose resolver is the contract's schema: createCustomerSchema
 * for a new customer, customerFormSchema for an edit, locationSchema for one location.
 */

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/** India's states and union territories, offered as the state of an Indian address (any text is kept). */
const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];

export function emptyLocation(country: CountryCode = DEFAULT_COUNTRY): LocationInput {
  return {
    location_label: '',
    address: '',
    pincode: '',
    city: '',
    state: '',
    country,
    latitude: null,
    longitude: null,
  };
}

/** A new customer's form as it starts: the customer, an empty primary location, no secondary ones. */
export function emptyCustomer() {
  return {
    customer_name: '',
    phone_country: 'IN',
    customer_phone: '',
    customer_email: '',
    customer_category_id: null,
    primary_location: emptyLocation(),
    secondary_locations: [],
  };
}

/** A stored location as the form edits it. */
export function locationToForm(location: CustomerLocation): LocationInput {
  const { location_id: _id, is_primary: _primary, ...values } = location;
  return { ...values, location_label: values.location_label ?? '' };
}

/** A customer as the edit form starts: the number in its national format, as people read it. */
export function customerToForm(item: CustomerItem) {
  return {
    customer_name: item.customer_name,
    phone_country: item.phone_country,
    customer_phone: item.customer_phone_national,
    customer_email: item.customer_email ?? '',
    customer_category_id: item.customer_category_id,
    primary_location: locationToForm(item.primary_location),
  };
}

function CountryInput(props: {
  form: Form;
  name: string;
  label: string;
  showDialCode?: boolean;
  sx?: object;
}) {
  const countries = useMemo(() => countryList(), []);
  const message = fieldError(props.form, props.name);
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <Autocomplete<CountryEntry, false, true>
          options={countries}
          disableClearable
          value={countries.find((entry) => entry.code === field.value) ?? countries[0]}
          onChange={(_, entry) => field.onChange(entry.code)}
          onBlur={field.onBlur}
          getOptionLabel={(entry) => (props.showDialCode ? `${entry.name} (${entry.dial_code})` : entry.name)}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          autoHighlight
          sx={props.sx}
          renderInput={(params) => (
            <TextField
              {...params}
              label={props.label}
              inputRef={field.ref}
              error={Boolean(message)}
              helperText={message}
            />
          )}
        />
      )}
    />
  );
}

/** Latitude or longitude typed as text: empty is none, anything else must be a number. */
function CoordinateInput({ form, name, label }: { form: Form; name: string; label: string }) {
  const message = fieldError(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          defaultValue={field.value ?? ''}
          onChange={(event) => {
            const text = event.target.value.trim();
            field.onChange(text === '' ? null : Number(text));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message ?? 'Optional'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: '1 1 140px' }}
        />
      )}
    />
  );
}

/**
 * The fields of one location, under `prefix` ('primary_location', 'secondary_locations.0') or at the
 * top. A request for service's place (docs/requests.md) has no label nor coordinates (`details`), and
 * the public form, signed out, does not look its pincode up (`lookup`).
 */
export function LocationFields({
  form,
  prefix,
  autoFocus,
  details = true,
  lookup = true,
}: {
  form: Form;
  prefix?: string;
  autoFocus?: boolean;
  details?: boolean;
  lookup?: boolean;
}) {
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const country = useWatch({ control: form.control, name: at('country') }) as string | undefined;
  const indian = (country ?? DEFAULT_COUNTRY) === 'IN';
  usePincodePlace(form, at, indian && lookup);
  const text = (
    key: string,
    label: string,
    options: {
      required?: boolean;
      max: number;
      multiline?: boolean;
      helper?: string;
      numeric?: boolean;
      focus?: boolean;
      row?: boolean;
    },
  ) => {
    const { ref, ...registered } = form.register(at(key));
    const message = fieldError(form, at(key));
    return (
      <FormTextField
        {...registered}
        inputRef={ref}
        label={label}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        autoFocus={options.focus}
        error={Boolean(message)}
        helperText={message ?? options.helper}
        slotProps={{
          htmlInput: { maxLength: options.max, ...(options.numeric ? { inputMode: 'numeric' } : {}) },
        }}
        // In a row the fields share its width; in the column each takes the whole width.
        sx={options.row ? { flex: '1 1 200px' } : undefined}
      />
    );
  };
  const stateMessage = fieldError(form, at('state'));
  return (
    <Stack spacing={2}>
      {details &&
        text('location_label', 'Label', {
          max: 60,
          helper: 'Optional: Home, Office, Warehouse …',
          focus: autoFocus,
        })}
      {text('address', 'Address', {
        required: true,
        max: 300,
        multiline: true,
        focus: autoFocus && !details,
      })}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {text('pincode', 'Pincode', {
          required: true,
          max: 10,
          numeric: indian,
          helper: indian ? '6 digits, e.g. 560001' : undefined,
          row: true,
        })}
        {text('city', 'City', { required: true, max: 100, row: true })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Controller
          control={form.control}
          name={at('state')}
          render={({ field }) => (
            <Autocomplete
              freeSolo
              options={indian ? INDIAN_STATES : []}
              inputValue={(field.value as string | undefined) ?? ''}
              onInputChange={(_, value) => field.onChange(value)}
              onBlur={field.onBlur}
              sx={{ flex: '1 1 200px' }}
              renderInput={(params) => (
                <FormTextField
                  {...params}
                  label="State"
                  required
                  inputRef={field.ref}
                  error={Boolean(stateMessage)}
                  helperText={stateMessage}
                />
              )}
            />
          )}
        />
        <CountryInput form={form} name={at('country')} label="Country" sx={{ flex: '1 1 200px' }} />
      </Box>
      {details && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <CoordinateInput form={form} name={at('latitude')} label="Latitude" />
          <CoordinateInput form={form} name={at('longitude')} label="Longitude" />
        </Box>
      )}
    </Stack>
  );
}

/**
 * A known Indian pincode fills the city and state (India Post's directory on the server). A value
 * the person typed is kept; one filled from an earlier pincode follows the new one.
 */
function usePincodePlace(form: Form, at: (key: string) => string, indian: boolean) {
  const pincode = (
    (useWatch({ control: form.control, name: at('pincode') }) as string | undefined) ?? ''
  ).trim();
  const known = indian && PINCODE_PATTERN.test(pincode);
  const place = useQuery({
    queryKey: ['pincode', pincode],
    queryFn: async () => (await api.query(LookupPincode, { pincode })).data.items[0] ?? null,
    enabled: known,
    staleTime: Infinity,
  });
  const filled = useRef<{ city?: string; state?: string }>({});
  const found = known ? place.data : undefined;
  useEffect(() => {
    if (!found) return;
    for (const key of ['city', 'state'] as const) {
      const current = ((form.getValues(at(key)) as string | undefined) ?? '').trim();
      if (current === '' || current === filled.current[key]) {
        form.setValue(at(key), found[key], { shouldDirty: true, shouldValidate: current !== '' });
        filled.current[key] = found[key];
      }
    }
    // `at` and `form` are stable for the field's life; only a new place fills again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);
}

/** An example number of the country, as its people write it: the phone field's placeholder. */
function examplePhone(country: string | undefined): string | undefined {
  try {
    return getExampleNumber((country ?? DEFAULT_COUNTRY) as CountryCode, examples)?.formatNational();
  } catch {
    return undefined;
  }
}

function useCategoryOptions(current?: { id: string | null; name: string | null }) {
  const loaded = useQuery({
    queryKey: [...listQueryKey(ListCustomerCategories), 'options'],
    queryFn: async () =>
      (
        await api.query(ListCustomerCategories, {
          status: 'ACTIVE',
          page_size: 100,
          sort_by: 'customer_category_name',
        })
      ).data.items,
    staleTime: 30_000,
  });
  const options = (loaded.data ?? []).map((item) => ({
    value: item.customer_category_id,
    label: item.customer_category_name,
  }));
  // A customer keeps a category that was switched off since; it stays a choice for them.
  if (current?.id && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: `${current.name ?? 'Category'} (inactive)` });
  }
  return { options, failed: loaded.isError };
}

export function CustomerFields({
  form,
  withSecondary,
  currentCategory,
}: {
  form: Form;
  withSecondary: boolean;
  currentCategory?: { id: string | null; name: string | null };
}) {
  const phoneCountry = useWatch({ control: form.control, name: 'phone_country' }) as string | undefined;
  const categories = useCategoryOptions(currentCategory);
  const categoryMessage = fieldError(form, 'customer_category_id');
  const primaryRoot = fieldError(form, 'primary_location');
  return (
    <Stack spacing={2.5}>
      <ContactFields
        form={form}
        besideEmail={
          <Controller
            control={form.control}
            name="customer_category_id"
            render={({ field: control }) => (
              <TextField
                select
                label="Customer category"
                value={(control.value as string | null) ?? ''}
                onChange={(event) => control.onChange(event.target.value || null)}
                onBlur={control.onBlur}
                inputRef={control.ref}
                error={Boolean(categoryMessage)}
                helperText={
                  categoryMessage ?? (categories.failed ? 'The categories could not be loaded.' : 'Optional')
                }
                sx={{ flex: '1 1 220px' }}
              >
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {categories.options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        }
      />
      <FormSection title="Primary location" error={primaryRoot}>
        <LocationFields form={form} prefix="primary_location" />
      </FormSection>
      {withSecondary && <SecondaryLocations form={form} country={phoneCountry} />}
    </Stack>
  );
}

/**
 * Who a customer is and how to reach them: name, phone with its country, email (and what the caller
 * puts beside the email). A customer's form and a request for service's (docs/requests.md) start so.
 */
export function ContactFields({
  form,
  besideEmail,
  autoFocus = true,
}: {
  form: Form;
  besideEmail?: ReactNode;
  autoFocus?: boolean;
}) {
  const phoneCountry = useWatch({ control: form.control, name: 'phone_country' }) as string | undefined;
  const field = (
    name: string,
    label: string,
    options: {
      required?: boolean;
      max: number;
      type?: string;
      focus?: boolean;
      placeholder?: string;
      helper?: string;
      inputMode?: 'tel' | 'email';
      row?: boolean;
    },
  ) => {
    const { ref, ...registered } = form.register(name);
    const message = fieldError(form, name);
    return (
      <FormTextField
        {...registered}
        inputRef={ref}
        label={label}
        required={options.required}
        autoFocus={options.focus}
        type={options.type}
        placeholder={options.placeholder}
        error={Boolean(message)}
        helperText={message ?? options.helper}
        slotProps={{ htmlInput: { maxLength: options.max, inputMode: options.inputMode } }}
        sx={options.row ? { flex: '1 1 220px' } : undefined}
      />
    );
  };
  return (
    <>
      {field('customer_name', 'Name', { required: true, max: 150, focus: autoFocus })}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <CountryInput
          form={form}
          name="phone_country"
          label="Phone country"
          showDialCode
          sx={{ flex: '1 1 200px' }}
        />
        {field('customer_phone', 'Phone', {
          required: true,
          max: 24,
          type: 'tel',
          inputMode: 'tel',
          placeholder: examplePhone(phoneCountry),
          helper: 'Mobile or landline; checked for the chosen country',
          row: true,
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {field('customer_email', 'Email', {
          max: 254,
          type: 'email',
          inputMode: 'email',
          helper: 'Optional',
          row: true,
        })}
        {besideEmail}
      </Box>
    </>
  );
}

/** A titled group of a form's fields (a fieldset named by its legend), with the group's own message. */
export function FormSection({
  title,
  error,
  children,
}: {
  title: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {error && (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function SecondaryLocations({ form, country }: { form: Form; country?: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'secondary_locations' });
  return (
    <FormSection title="Secondary locations" error={fieldError(form, 'secondary_locations')}>
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Other places of this customer (an office, a second home, a warehouse). You can add them later too.
          </Typography>
        )}
        {fields.map((entry, index) => (
          <Paper
            key={entry.id}
            variant="outlined"
            sx={{ p: 2 }}
            role="group"
            aria-label={`Secondary location ${index + 1}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                Secondary location {index + 1}
              </Typography>
              <IconButton
                aria-label={`Remove secondary location ${index + 1}`}
                onClick={() => remove(index)}
                size="small"
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Box>
            <LocationFields form={form} prefix={`secondary_locations.${index}`} autoFocus />
          </Paper>
        ))}
        {fields.length < MAX_SECONDARY_LOCATIONS && (
          <Box>
            <Button
              startIcon={<AddLocationAltOutlined />}
              onClick={() => append(emptyLocation((country ?? DEFAULT_COUNTRY) as CountryCode) as never)}
            >
              Add secondary location
            </Button>
          </Box>
        )}
      </Stack>
    </FormSection>
  );
}
