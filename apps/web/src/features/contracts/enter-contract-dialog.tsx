import { useMemo, useState } from 'react';
import { Controller, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { dayIn } from '@fieldport/contract/fields';
import {
  CONTRACTS_MESSAGES,
  CreateContract,
  createContractSchema,
  MAX_CONTRACT_ITEMS,
  type ContractItem,
} from '@fieldport/contract/operations/contracts';
import type { CustomerItem } from '@fieldport/contract/operations/customers';
import {
  amcPeriod,
  ListAmcTypes,
  ListProductFleet,
  type AmcTypeItem,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { api } from '../../api/client.ts';
import { CoverageChip, coverageText } from '../../ui/coverage.tsx';
import { customerLocationsQuery, CustomerSearch } from '../../ui/customer-choice.tsx';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField, type FieldConfig } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { activeRecordsQuery, listQueryKey, useActiveRecords } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import {
  amcTypeWords,
  contractKey,
  contractQueries,
  coversProduct,
  entryIssues,
  newContract,
  renewalOf,
  visitsWords,
  type ContractEntry,
} from './contract-format.ts';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/** The AMC types on offer: the active ones, by name (one query with the fleet's forms). */
const amcTypesQuery = () => activeRecordsQuery(ListAmcTypes, 'amc_type_name');

/** The most of a customer's products the entry lists (a customer rarely has more). */
const PRODUCTS_SHOWN = 100;

/** A customer's products an AMC may cover: the active, approved ones (the server refuses others). */
const customerProductsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...listQueryKey(ListProductFleet), 'contract-products', customerId],
    enabled: customerId !== '',
    queryFn: async () =>
      (
        await api.query(ListProductFleet, {
          customer_id: customerId,
          status: 'ACTIVE',
          approval_state: 'APPROVED',
          sort_by: 'serial_number',
          sort_order: 'asc',
          page_size: PRODUCTS_SHOWN,
        })
      ).data,
  });

/**
 * Entering an AMC contract sold outside a quotation (docs/contracts.md), or renewing one: the
 * customer, the AMC type (its price fills the amount), the first day (today in the organization's
 * calendar; a renewal's the day after the running one ends), the customer's products with their
 * coverage today, the amount and a note. Its products go under the AMC on its first day.
 */
export function EnterContractDialog({
  renewing,
  onClose,
  onEntered = onClose,
}: {
  /** The contract it renews: its customer, type, products and amount to start with. */
  renewing?: ContractItem;
  onClose: () => void;
  /** After it is entered; by default it closes. */
  onEntered?: () => void;
}) {
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const queryClient = useQueryClient();
  const renewedCustomer = useQuery(customerLocationsQuery(renewing?.customer_id));
  const enter = useOperation(CreateContract, {
    onSuccess: onEntered,
    successMessage: (answer) => {
      const entered = answer.data.items[0];
      return CONTRACTS_MESSAGES.created(entered.contract_number, entered.items.length);
    },
    // The products' coverage changes with it (today, or on its first day).
    invalidate: [
      ...contractQueries(),
      listQueryKey(ListProductFleet),
      ...(renewing ? [contractKey(renewing.contract_id)] : []),
    ],
  });
  // What the server would refuse and the screen knows already, said under the field before sending.
  const schema = useMemo(
    () =>
      createContractSchema.superRefine((values, ctx) => {
        const types = queryClient.getQueryData(amcTypesQuery().queryKey);
        const products = queryClient.getQueryData(customerProductsQuery(values.customer_id).queryKey);
        const issues = entryIssues(values, {
          today,
          type: types?.find((type) => type.amc_type_id === values.amc_type_id),
          items: products?.items,
        });
        for (const issue of issues)
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }),
    [queryClient, today],
  );
  const defaults: ContractEntry = renewing ? renewalOf(renewing) : newContract(today);
  return (
    <FormDialog
      open
      title={renewing ? `Renew ${renewing.contract_number}` : 'New contract'}
      schema={schema}
      defaultValues={defaults}
      submitLabel="Enter contract"
      maxWidth="md"
      onSubmit={(values) => enter.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          {renewing && (
            <Typography variant="body2">
              {renewing.contract_number} ends on {formatDay(renewing.end_date)}: the renewal starts the day
              after, and its products stay under the running AMC until then.
            </Typography>
          )}
          <CustomerField form={form as unknown as Form} initial={renewedCustomer.data} />
          <AmcTypeField form={form as unknown as Form} renewing={renewing} />
          <StartField form={form as unknown as Form} />
          <ProductsField form={form as unknown as Form} renewing={renewing} />
          <FormField form={form as unknown as Form} field={amountField} autoFocus={false} />
          <FormField form={form as unknown as Form} field={noteField} autoFocus={false} />
        </>
      )}
    </FormDialog>
  );
}

const amountField: FieldConfig = {
  kind: 'money',
  name: 'amount',
  label: 'Amount',
  required: true,
  helperText: "The AMC type's price to start with: what the customer pays for the contract",
};

const noteField: FieldConfig = {
  kind: 'text',
  name: 'note',
  label: 'Note',
  multiline: true,
  maxLength: 500,
  helperText: 'Optional: how it was sold, what was agreed',
};

/**
 * The customer, found by search. A renewal starts with the renewed contract's (shown once its
 * record is read); another customer has other products, so the choice of products starts again.
 */
function CustomerField({ form, initial }: { form: Form; initial: CustomerItem | undefined }) {
  const [chosen, setChosen] = useState<CustomerItem | null>(null);
  const [changed, setChanged] = useState(false);
  return (
    // A row: the search grows along it (ui/customer-choice.tsx lays it out beside a button).
    <Box sx={{ display: 'flex' }}>
      <CustomerSearch
        value={changed ? chosen : (initial ?? null)}
        onChange={(customer) => {
          const customerId = customer?.customer_id ?? '';
          if (customerId !== form.getValues('customer_id')) {
            form.setValue('fleet_item_ids', [], { shouldDirty: true });
          }
          setChanged(true);
          setChosen(customer);
          form.setValue('customer_id', customerId, { shouldValidate: true, shouldDirty: true });
        }}
        autoFocus
        required
        error={fieldError(form, 'customer_id')}
      />
    </Box>
  );
}

/** The AMC type, among the active ones; choosing one puts its price in the amount. */
function AmcTypeField({ form, renewing }: { form: Form; renewing: ContractItem | undefined }) {
  const types = useActiveRecords(ListAmcTypes, 'amc_type_name');
  const offered = types.data ?? [];
  const message = fieldError(form, 'amc_type_id');
  const renewedGone =
    renewing && types.data && !offered.some((type) => type.amc_type_id === renewing.amc_type_id)
      ? `${renewing.amc_type_name} is no longer an active AMC type: choose another.`
      : undefined;
  return (
    <Controller
      control={form.control}
      name="amc_type_id"
      render={({ field }) => (
        <FormTextField
          select
          label="AMC type"
          required
          value={offered.some((type) => type.amc_type_id === field.value) ? (field.value as string) : ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            const type = offered.find((candidate) => candidate.amc_type_id === event.target.value);
            if (type) form.setValue('amount', type.amc_price, { shouldValidate: true, shouldDirty: true });
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={
            message ??
            renewedGone ??
            (types.isError
              ? 'The AMC types could not be loaded.'
              : types.data && offered.length === 0
                ? 'No active AMC type: add one under Product Fleet first.'
                : 'Its months and visits apply to every product of the contract')
          }
          slotProps={{
            select: {
              renderValue: (id) => offered.find((type) => type.amc_type_id === id)?.amc_type_name ?? '',
            },
          }}
        >
          {offered.map((type) => (
            <MenuItem key={type.amc_type_id} value={type.amc_type_id}>
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {type.amc_type_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {amcTypeWords(type)} · {formatRupees(type.amc_price)}
                  {type.service_names.length > 0 ? ` · for ${type.service_names.join(', ')}` : ''}
                </Typography>
              </Box>
            </MenuItem>
          ))}
        </FormTextField>
      )}
    />
  );
}

/** The chosen AMC type, once the list of types is read. */
function useChosenType(form: Form): AmcTypeItem | undefined {
  const typeId = useWatch({ control: form.control, name: 'amc_type_id' }) as string;
  const types = useActiveRecords(ListAmcTypes, 'amc_type_name');
  return types.data?.find((type) => type.amc_type_id === typeId);
}

/** The first day, and the last one the chosen type gives it. */
function StartField({ form }: { form: Form }) {
  const start = useWatch({ control: form.control, name: 'start_date' }) as string;
  const type = useChosenType(form);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(start) && !Number.isNaN(Date.parse(start));
  const runsTo =
    type && valid
      ? `Runs to ${formatDay(amcPeriod(type, start).amc_end_date)}, ${visitsWords(type.visits).toLowerCase()}`
      : 'Its products go under the AMC on this day';
  return (
    <FormField
      form={form}
      field={{ kind: 'date', name: 'start_date', label: 'Start date', required: true, helperText: runsTo }}
      autoFocus={false}
    />
  );
}

/**
 * The customer's products to put under the AMC, each with its coverage today; one the chosen type
 * does not cover is said so. A renewal's product that is no longer the customer's (moved, or
 * deactivated) stays listed, chosen, to be left out.
 */
function ProductsField({ form, renewing }: { form: Form; renewing: ContractItem | undefined }) {
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) as string;
  const products = useQuery(customerProductsQuery(customerId));
  const type = useChosenType(form);
  const message = fieldError(form, 'fleet_item_ids', { list: true });
  const items = products.data?.items ?? [];
  return (
    <Controller
      control={form.control}
      name="fleet_item_ids"
      render={({ field }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (id: string, on: boolean) => {
          field.onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
          field.onBlur();
        };
        const gone = (renewing?.items ?? []).filter(
          (item) =>
            products.data &&
            chosen.includes(item.fleet_item_id) &&
            !items.some((listed) => listed.fleet_item_id === item.fleet_item_id),
        );
        return (
          <FormControl component="fieldset" error={Boolean(message)} sx={{ minWidth: 0 }}>
            <FormLabel component="legend" required sx={{ mb: 0.5 }}>
              Products
            </FormLabel>
            {!customerId ? (
              <FormHelperText sx={{ mx: 0 }}>Choose the customer to see their products.</FormHelperText>
            ) : products.isPending ? (
              <FormHelperText sx={{ mx: 0 }} role="status">
                Loading the customer's products…
              </FormHelperText>
            ) : products.isError ? (
              <Alert severity="error" variant="outlined">
                The customer's products could not be loaded: {products.error.message}
              </Alert>
            ) : items.length === 0 && gone.length === 0 ? (
              <FormHelperText sx={{ mx: 0 }}>
                No active, approved product is recorded for this customer. Add it under Product Fleet first.
              </FormHelperText>
            ) : (
              <FormGroup sx={{ gap: 0.5 }}>
                {items.map((item, index) => (
                  <ProductChoice
                    key={item.fleet_item_id}
                    item={item}
                    type={type}
                    checked={chosen.includes(item.fleet_item_id)}
                    onChange={(on) => toggle(item.fleet_item_id, on)}
                    inputRef={index === 0 ? field.ref : undefined}
                  />
                ))}
                {gone.map((item) => (
                  <FormControlLabel
                    key={item.fleet_item_id}
                    sx={{ alignItems: 'flex-start', mr: 0 }}
                    control={<Checkbox checked onChange={() => toggle(item.fleet_item_id, false)} />}
                    label={
                      <Box sx={{ pt: 1 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {item.serial_number} · {item.product_name}
                        </Typography>
                        <Typography variant="body2" color="warning.dark">
                          No longer among the customer's active products: leave it out.
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </FormGroup>
            )}
            {products.data && products.data.total_count > items.length && (
              <FormHelperText sx={{ mx: 0 }}>
                The first {items.length} of {products.data.total_count.toLocaleString('en-IN')} products, by
                serial number.
              </FormHelperText>
            )}
            <FormHelperText sx={{ mx: 0 }}>
              {message ??
                (customerId && items.length > 0
                  ? `${chosen.length} chosen; at most ${MAX_CONTRACT_ITEMS} on one contract`
                  : undefined)}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

function ProductChoice(props: {
  item: FleetItem;
  type: AmcTypeItem | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const { item, type } = props;
  const covered = !type || coversProduct(type, item);
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mr: 0 }}
      control={
        <Checkbox
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          slotProps={{ input: { ref: props.inputRef } }}
        />
      }
      label={
        <Box sx={{ pt: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.serial_number} · {item.service_name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <CoverageChip coverage={item.coverage} />
            <Typography variant="body2" color="text.secondary">
              {coverageText(item.coverage)}
              {item.location_summary ? ` · ${item.location_summary}` : ''}
            </Typography>
          </Box>
          {!covered && type && (
            <Typography variant="body2" color="error">
              {type.amc_type_name} does not cover {item.service_name}.
            </Typography>
          )}
        </Box>
      }
    />
  );
}
