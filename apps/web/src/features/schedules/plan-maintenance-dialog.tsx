import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dayIn } from '@fieldport/contract/fields';
import { ListContracts } from '@fieldport/contract/operations/contracts';
import { ListProductFleet, type FleetItem } from '@fieldport/contract/operations/product-fleet';
import {
  CreateMaintenancePlan,
  createMaintenancePlanSchema,
  PLAN_REPEAT_LABELS,
  PLAN_REPEATS,
  type PlanRepeat,
} from '@fieldport/contract/operations/schedules';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { CoverageChip, coverageText } from '../../ui/coverage.tsx';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { formatDay, useInstantFormats } from '../../ui/format.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import {
  contractOffers,
  everyHelp,
  everyUnit,
  leadHelp,
  newPlan,
  planIssues,
  planQueries,
} from './schedule-format.ts';

type PlanForm = FormOf<typeof createMaintenancePlanSchema>;

/**
 * Planning maintenance on one customer's product (docs/schedules.md): the product, found by its
 * serial number or its customer's phone; how the visits repeat (every N days, every N months from
 * a first visit until an optional last day, or the visits of an AMC contract covering it, spread
 * over its term); and how many days ahead each ticket is raised.
 */
export function PlanMaintenanceDialog({
  readsContracts,
  onClose,
}: {
  /** Whether the planner reads the AMC contracts, which "The AMC's visits" chooses among. */
  readsContracts: boolean;
  onClose: () => void;
}) {
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  // The chosen product, for its card and its customer's contracts (the form keeps its id).
  const [product, setProduct] = useState<FleetItem | null>(null);
  const create = useOperation(CreateMaintenancePlan, { onSuccess: onClose, invalidate: planQueries() });
  // What the server would refuse and the screen knows already, said under the field before sending.
  const schema = useMemo(
    () =>
      createMaintenancePlanSchema.superRefine((values, ctx) => {
        for (const issue of planIssues(values, today))
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }),
    [today],
  );
  return (
    <FormDialog
      open
      title="Plan maintenance"
      schema={schema}
      defaultValues={newPlan(today)}
      submitLabel="Plan maintenance"
      onSubmit={(values) => create.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <ProductField form={form} chosen={product} onChoose={setProduct} />
          <RepeatField form={form} offersAmc={readsContracts} today={today} />
          <RepeatDetails form={form} product={product} today={today} />
        </>
      )}
    </FormDialog>
  );
}

/** The most products the search offers at once: the start of a serial narrows them. */
const PRODUCTS_OFFERED = 10;

/**
 * The product, found by the start of its serial number or of its customer's phone: the approved,
 * active items installed at a customer (a plan's tickets go to the item's customer and place).
 * Chosen, it shows as a card with its customer, place and coverage today; "Change" chooses again.
 */
function ProductField({
  form,
  chosen,
  onChoose,
}: {
  form: PlanForm;
  chosen: FleetItem | null;
  onChoose: (item: FleetItem | null) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: [...listQueryKey(ListProductFleet), 'plan-choice', search],
    enabled: search.length >= 2,
    queryFn: async () =>
      (
        await api.query(ListProductFleet, {
          search,
          status: 'ACTIVE',
          approval_state: 'APPROVED',
          page_size: PRODUCTS_OFFERED,
        })
      ).data.items.filter((item) => item.customer_id !== null),
  });
  // The dialog starts at the product, and goes back to its search after "Change".
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!chosen) searchInput.current?.focus();
  }, [chosen]);
  const choose = (item: FleetItem | null) => {
    onChoose(item);
    form.setValue('fleet_item_id', item?.fleet_item_id ?? '', {
      shouldValidate: Boolean(item),
      shouldDirty: true,
    });
    // Another product has other contracts.
    form.setValue('contract_id', '', { shouldDirty: true });
  };

  return (
    <Controller
      control={form.control}
      name="fleet_item_id"
      render={({ fieldState }) => {
        const error = fieldState.error?.message;
        if (chosen) {
          return (
            <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label="Product">
              <Typography variant="caption" color="text.secondary">
                Product
              </Typography>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {chosen.serial_number} · {chosen.service_name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {chosen.customer_name}
                {chosen.customer_phone ? ` · ${formatPhoneInternational(chosen.customer_phone)}` : ''}
                {chosen.location_summary ? ` · ${chosen.location_summary}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
                <CoverageChip coverage={chosen.coverage} />
                <Typography variant="body2">{coverageText(chosen.coverage)}</Typography>
              </Box>
              {error && (
                <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                  {error}
                </Typography>
              )}
              <Button size="small" sx={{ mt: 1 }} onClick={() => choose(null)}>
                Change
              </Button>
            </Paper>
          );
        }
        return (
          <Autocomplete<FleetItem>
            options={found.data ?? []}
            value={null}
            loading={found.isFetching}
            filterOptions={(options) => options}
            getOptionLabel={(option) => `${option.serial_number} · ${option.service_name}`}
            isOptionEqualToValue={(option, value) => option.fleet_item_id === value.fleet_item_id}
            onInputChange={(_, value, reason) => {
              if (reason === 'input') setText(value);
            }}
            onChange={(_, value) => choose(value)}
            noOptionsText={
              search.length < 2
                ? 'Type the start of a serial number or a phone number'
                : "No approved, active product at a customer's place matches"
            }
            renderOption={(optionProps, option) => (
              <li {...optionProps} key={option.fleet_item_id}>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {option.serial_number} · {option.service_name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {option.customer_name} · {coverageText(option.coverage)}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Product"
                required
                inputRef={searchInput}
                error={Boolean(error)}
                helperText={error ?? "Search by the start of its serial number or of its customer's phone"}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Product' },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}

/**
 * How the visits repeat. The AMC's visits take their dates from the contract: the days typed for
 * the others are left out then, and a first visit of today is offered again when going back.
 */
function RepeatField({ form, offersAmc, today }: { form: PlanForm; offersAmc: boolean; today: string }) {
  const offered = PLAN_REPEATS.filter((repeat) => offersAmc || repeat !== 'AMC_VISITS');
  return (
    <Controller
      control={form.control}
      name="repeat"
      render={({ field, fieldState }) => (
        <FormTextField
          select
          label="Repeat"
          required
          value={field.value}
          onChange={(event) => {
            const repeat = event.target.value as PlanRepeat;
            field.onChange(repeat);
            const options = { shouldDirty: true };
            if (repeat === 'AMC_VISITS') {
              form.setValue('every', null, options);
              form.setValue('first_date', null, options);
              form.setValue('end_date', null, options);
              form.clearErrors(['every', 'first_date', 'end_date']);
            } else {
              form.setValue('contract_id', '', options);
              form.clearErrors('contract_id');
              if (!form.getValues('first_date')) form.setValue('first_date', today, options);
            }
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ??
            (offersAmc ? undefined : "The AMC's visits need the right to read AMC contracts")
          }
        >
          {offered.map((repeat) => (
            <MenuItem key={repeat} value={repeat}>
              {PLAN_REPEAT_LABELS[repeat]}
            </MenuItem>
          ))}
        </FormTextField>
      )}
    />
  );
}

/** The fields the repeat asks for: the contract for the AMC's visits, else every and the days; then the lead. */
function RepeatDetails({
  form,
  product,
  today,
}: {
  form: PlanForm;
  product: FleetItem | null;
  today: string;
}) {
  const repeat = useWatch({ control: form.control, name: 'repeat' });
  const firstDate = useWatch({ control: form.control, name: 'first_date' });
  const leadDays = useWatch({ control: form.control, name: 'lead_days' });
  return (
    <>
      {repeat === 'AMC_VISITS' ? (
        <ContractField form={form} product={product} />
      ) : (
        <>
          <WholeNumberField
            form={form}
            name="every"
            label="Every"
            unit={everyUnit(repeat)}
            helperText={everyHelp(repeat)}
          />
          <DayField
            form={form}
            name="first_date"
            label="First visit"
            required
            min={today}
            helperText={`The first due date: ${formatDay(today)} or later`}
          />
          <DayField
            form={form}
            name="end_date"
            label="Last day"
            min={today}
            helperText="Optional: no visit is planned after this day"
          />
        </>
      )}
      <WholeNumberField
        form={form}
        name="lead_days"
        label="Raise ahead (days)"
        unit="days"
        helperText={leadHelp(repeat === 'AMC_VISITS' ? null : firstDate, Number(leadDays), today)}
      />
    </>
  );
}

/**
 * A whole number typed as text: empty is none (null), so that a required one says it is required;
 * anything that is not a number is sent to the schema as such, which says what it takes.
 */
function WholeNumberField({
  form,
  name,
  label,
  unit,
  helperText,
}: {
  form: PlanForm;
  name: 'every' | 'lead_days';
  label: string;
  unit: string;
  helperText: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <WholeNumberInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          unit={unit}
          error={fieldState.error?.message}
          helperText={helperText}
        />
      )}
    />
  );
}

function WholeNumberInput(props: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  label: string;
  unit: string;
  error: string | undefined;
  helperText: string;
}) {
  const { value, onChange } = props;
  // The text as typed ("0" must not become "", "abc" is kept to be corrected).
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));
  const typed = text.trim() === '' ? null : Number(text);
  // A value the form set (the repeat left it out) replaces the text.
  const same =
    typed === value ||
    (Number.isNaN(typed) && Number.isNaN(value)) ||
    (typed === null && value === undefined);
  if (!same) setText(value === null || value === undefined || Number.isNaN(value) ? '' : String(value));
  return (
    <FormTextField
      label={props.label}
      required
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() === '' ? null : Number(event.target.value));
      }}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      error={Boolean(props.error)}
      helperText={props.error ?? props.helperText}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">{props.unit}</InputAdornment> },
      }}
    />
  );
}

/** A calendar day; empty is none (null), which the schema reads as not given. */
function DayField({
  form,
  name,
  label,
  required,
  min,
  helperText,
}: {
  form: PlanForm;
  name: 'first_date' | 'end_date';
  label: string;
  required?: boolean;
  min: string;
  helperText: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormTextField
          type="date"
          label={label}
          required={required}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
        />
      )}
    />
  );
}

/** The most contracts of one customer the choice reads (a customer rarely has more than a few). */
const CONTRACTS_READ = 100;

/**
 * The AMC contract whose visits the plan follows: among the chosen product's customer's contracts,
 * those covering the product and not ended. Its term gives the first and last days.
 */
function ContractField({ form, product }: { form: PlanForm; product: FleetItem | null }) {
  const customerId = product?.customer_id ?? '';
  const contracts = useQuery({
    queryKey: [...listQueryKey(ListContracts), 'plan-choice', customerId],
    enabled: customerId !== '',
    queryFn: async () =>
      (
        await api.query(ListContracts, {
          customer_id: customerId,
          page_size: CONTRACTS_READ,
          sort_by: 'end_date',
          sort_order: 'desc',
        })
      ).data.items,
  });
  const offers = product ? contractOffers(contracts.data ?? [], product.fleet_item_id) : [];
  const help = !product
    ? 'Choose the product first: its contracts are offered'
    : contracts.isPending
      ? "Loading the customer's contracts…"
      : contracts.isError
        ? "The customer's contracts could not be loaded."
        : offers.length === 0
          ? `No running AMC contract covers ${product.serial_number}: plan every N months instead`
          : "Its visits are spread over the contract's term, which gives the first and last days";
  return (
    <Controller
      control={form.control}
      name="contract_id"
      render={({ field, fieldState }) => (
        <FormTextField
          select
          label="Contract"
          required
          disabled={!product}
          value={
            offers.some((offer) => offer.contract.contract_id === field.value) ? (field.value ?? '') : ''
          }
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? help}
          slotProps={{
            select: {
              renderValue: (id) =>
                offers.find((offer) => offer.contract.contract_id === id)?.contract.contract_number ?? '',
            },
          }}
        >
          {offers.map(({ contract, refusal }) => (
            <MenuItem key={contract.contract_id} value={contract.contract_id} disabled={refusal !== null}>
              <Box sx={{ whiteSpace: 'normal' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {contract.contract_number} · {contract.amc_type_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {formatDay(contract.start_date)} – {formatDay(contract.end_date)}
                  {contract.visits_per_item !== null ? ` · ${contract.visits_per_item} visits a year` : ''}
                </Typography>
                {refusal && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {refusal}
                  </Typography>
                )}
              </Box>
            </MenuItem>
          ))}
        </FormTextField>
      )}
    />
  );
}
