import { useEffect } from 'react';
import { Controller, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { List_Components } from '@fieldport/contract/operations/inventory';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { ListAmcTypes, ListProductFleet } from '@fieldport/contract/operations/product-fleet';
import {
  MAX_QUOTATION_LINES,
  QUOTATION_LINE_KIND_LABELS,
  QUOTATION_LINE_KINDS,
  QUOTATION_MAX_QUANTITY,
  type QuotationLineInput,
  type QuotationLineKind,
} from '@fieldport/contract/operations/quotations';
import { ListAdditionalParts } from '@fieldport/contract/operations/settings';
import type { TaxSupply } from '@fieldport/contract/tax';
import { api } from '../../api/client.ts';
import { fieldError } from '../../ui/field-props.ts';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { GST_RATE_OPTIONS } from '../../ui/gst-options.ts';
import { LineCell, LineFormField, LinesField, type LineFieldConfig } from '../../ui/lines-field.tsx';
import { TypedLineAmounts } from '../../ui/typed-amounts.tsx';
import {
  activeRecordsQuery,
  listQueryKey,
  useActiveRecords,
  type ListItem,
  type ListOp,
} from '../../ui/use-list.ts';
import { OptionalChoice } from '../../ui/optional-choice.tsx';

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

/** What choosing an item brings to its line. */
interface ItemFill {
  description: string;
  unit_price: number;
  /** Only a spare part carries its GST rate; the rest keep the rate the line has. */
  tax_rate?: number;
}

interface ItemSource {
  list: ListOp;
  valueKey: string;
  labelKey: string;
  fill: (record: never) => ItemFill;
}

function itemSource<Op extends ListOp>(
  list: Op,
  valueKey: keyof ListItem<Op> & string,
  labelKey: keyof ListItem<Op> & string,
  fill: (record: ListItem<Op>) => ItemFill,
): ItemSource {
  return { list, valueKey, labelKey, fill };
}

/**
 * Where each kind of line finds its items (docs/quotations.md): services in the product
 * catalogue, spare parts in the inventory's components, additional parts in their settings master,
 * AMC plans among the AMC types.
 */
const ITEM_SOURCES: Record<QuotationLineKind, ItemSource> = {
  SERVICE: itemSource(List_Services, 'service_id', 'service_name', (service) => ({
    description: service.service_name,
    unit_price: service.service_price,
  })),
  COMPONENT: itemSource(List_Components, 'component_id', 'component_name', (component) => ({
    description: `${component.part_number} ${component.component_name}`,
    unit_price: component.component_price,
    tax_rate: component.tax_rate,
  })),
  ADDITIONAL_PART: itemSource(ListAdditionalParts, 'additional_part_id', 'additional_part_name', (part) => ({
    description: `${part.part_code} ${part.additional_part_name}`,
    unit_price: part.additional_part_price,
  })),
  AMC: itemSource(ListAmcTypes, 'amc_type_id', 'amc_type_name', (amc) => ({
    description: `${amc.amc_type_name} (${amc.duration_months} months)`,
    unit_price: amc.amc_price,
  })),
};

const KIND_OPTIONS = QUOTATION_LINE_KINDS.map((kind) => ({
  value: kind,
  label: QUOTATION_LINE_KIND_LABELS[kind],
}));

/** A new line: a service, one of it, the rest to choose. */
export const emptyQuotationLine: QuotationLineInput = {
  kind: 'SERVICE',
  item_id: '',
  description: '',
  fleet_item_id: null,
  quantity: 1,
  unit_price: Number.NaN,
  discount: undefined,
  tax_rate: Number.NaN,
};

/** A kept line (a template's, a draft's) as the form edits it. */
export const lineForForm = (line: {
  kind: QuotationLineKind;
  item_id: string;
  description: string | null;
  fleet_item_id: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  tax_rate: number;
}): QuotationLineInput => ({
  kind: line.kind,
  item_id: line.item_id,
  description: line.description ?? '',
  fleet_item_id: line.fleet_item_id,
  quantity: line.quantity,
  unit_price: line.unit_price,
  discount: line.discount,
  tax_rate: line.tax_rate,
});

/** The kinds whose line may name one of the customer's products. */
const WITH_PRODUCT: readonly QuotationLineKind[] = ['SERVICE', 'AMC'];

/**
 * A quotation's (or a template's) lines: the kind, the item from that kind's list (choosing one
 * brings its description and price, and a spare part's GST rate), for a service or an AMC plan one
 * of the customer's products (`customerId`; a template has none), the description, quantity, unit
 * price, discount and GST %. Under each complete line its amounts, by `supply` (null: not known
 * yet, one GST figure).
 */
export function QuotationLinesField(props: {
  form: AnyForm;
  /** The form's array of lines: 'lines', 'default_lines'. */
  name: string;
  label: string;
  /** The customer whose products a line may name; undefined: lines name no product (a template). */
  customerId?: string | null;
  supply: TaxSupply | null;
  /** The fewest lines: a quotation has one at least, a template may have none. */
  min: number;
}) {
  const { form, name, customerId, supply } = props;
  useFillFromChosenItems(form, name);
  const withProduct = customerId !== undefined;
  const fields: LineFieldConfig[] = [
    { kind: 'select', name: 'kind', label: 'Kind', required: true, options: KIND_OPTIONS, grow: 1.2 },
    {
      kind: 'custom',
      name: 'item_id',
      render: (index) => <LineItemCell form={form} path={`${name}.${index}`} />,
    },
    ...(withProduct
      ? [
          {
            kind: 'custom',
            name: 'fleet_item_id',
            render: (index: number) => (
              <LineProductCell form={form} path={`${name}.${index}`} customerId={customerId} />
            ),
          } satisfies LineFieldConfig,
        ]
      : []),
    {
      kind: 'custom',
      name: 'description',
      render: (index) => <LineDescriptionCell form={form} path={`${name}.${index}`} />,
    },
    // What the line is on one row, its figures on the next, however many of the cells above it has.
    {
      kind: 'custom',
      name: 'row-break',
      render: () => <Box aria-hidden sx={{ flexBasis: '100%', height: 0 }} />,
    },
    {
      kind: 'number',
      name: 'quantity',
      label: 'Quantity',
      required: true,
      min: 1,
      max: QUOTATION_MAX_QUANTITY,
      grow: 0.8,
    },
    { kind: 'money', name: 'unit_price', label: 'Unit price', required: true, grow: 1.1 },
    { kind: 'money', name: 'discount', label: 'Discount', grow: 1 },
    {
      kind: 'select',
      name: 'tax_rate',
      label: 'GST %',
      required: true,
      numeric: true,
      options: GST_RATE_OPTIONS,
      grow: 0.8,
    },
  ];
  return (
    <LinesField
      form={form}
      name={name}
      label={props.label}
      fields={fields}
      emptyLine={emptyQuotationLine}
      max={MAX_QUOTATION_LINES}
      min={props.min}
      addLabel="Add line"
      lineSummary={(index) => <LineAmounts form={form} path={`${name}.${index}`} supply={supply} />}
    />
  );
}

/** The line's item, from the list of its kind, named by the kind ("Service", "Spare part" ...). */
function LineItemCell({ form, path }: { form: AnyForm; path: string }) {
  const kind = (useWatch({ control: form.control, name: `${path}.kind` }) as QuotationLineKind) ?? 'SERVICE';
  const source = ITEM_SOURCES[kind];
  return (
    <LineFormField
      // Another kind is another list: the choice starts afresh.
      key={kind}
      form={form}
      path={`${path}.item_id`}
      grow={2.5}
      field={{
        kind: 'lookup',
        name: 'item_id',
        label: QUOTATION_LINE_KIND_LABELS[kind],
        required: true,
        list: source.list,
        valueKey: source.valueKey,
        labelKey: source.labelKey,
      }}
    />
  );
}

/**
 * For a service or an AMC plan, one of the customer's products (its fleet items): the product the
 * visit is for, the item the plan covers once accepted (only those of the products the plan is for).
 */
function LineProductCell({
  form,
  path,
  customerId,
}: {
  form: AnyForm;
  path: string;
  customerId: string | null;
}) {
  const [kind, itemId] = useWatch({ control: form.control, name: [`${path}.kind`, `${path}.item_id`] }) as [
    QuotationLineKind,
    string,
  ];
  const shown = WITH_PRODUCT.includes(kind);
  const products = useQuery({
    queryKey: [...listQueryKey(ListProductFleet), 'customer-products', customerId],
    enabled: shown && Boolean(customerId),
    queryFn: async () =>
      (
        await api.query(ListProductFleet, {
          customer_id: customerId!,
          status: 'ACTIVE',
          approval_state: 'APPROVED',
          page_size: 100,
          sort_by: 'serial_number',
        })
      ).data.items,
  });
  const amcTypes = useActiveRecords(kind === 'AMC' ? ListAmcTypes : undefined, 'amc_type_name');
  const plan = amcTypes.data?.find((amc) => amc.amc_type_id === itemId);
  // A line's product is cleared when another kind is chosen (useFillFromChosenItems).
  if (!shown) return null;
  const covered = (products.data ?? []).filter(
    (item) => !plan || plan.service_ids.length === 0 || plan.service_ids.includes(item.service_id),
  );
  const reached =
    form.formState.isSubmitted || form.getFieldState(`${path}.fleet_item_id`, form.formState).isTouched;
  return (
    <LineCell grow={2}>
      <OptionalChoice
        form={form}
        name={`${path}.fleet_item_id`}
        label="Product"
        noneLabel={customerId ? 'No particular product' : 'Choose the customer first'}
        disabled={!customerId}
        hideError={!reached}
        options={covered.map((item) => ({
          value: item.fleet_item_id,
          label: `${item.serial_number} · ${item.service_name}`,
        }))}
      />
    </LineCell>
  );
}

/**
 * The line's description, held by the form as it is typed or filled from a chosen item (a field
 * the form fills must say so, or its label would sit over the text).
 */
function LineDescriptionCell({ form, path }: { form: AnyForm; path: string }) {
  const name = `${path}.description`;
  const reached = form.formState.isSubmitted || form.getFieldState(name, form.formState).isTouched;
  const message = reached ? fieldError(form, name) : undefined;
  return (
    <LineCell grow={3}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <FormTextField
            label="Description"
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(message)}
            helperText={message}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        )}
      />
    </LineCell>
  );
}

function LineAmounts({ form, path, supply }: { form: AnyForm; path: string; supply: TaxSupply | null }) {
  const line = useWatch({ control: form.control, name: path }) as QuotationLineInput | undefined;
  return <TypedLineAmounts line={line} supply={supply} />;
}

/**
 * Another kind empties the line's item and product; a chosen item brings its description and
 * price (and a spare part's GST rate), which the person may change.
 */
function useFillFromChosenItems(form: AnyForm, name: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const pattern = new RegExp(`^${name}\\.(\\d+)\\.(kind|item_id)$`);
    return form.subscribe({
      formState: { values: true },
      callback: ({ name: changed, type, values }) => {
        const match = type === 'change' ? pattern.exec(changed ?? '') : null;
        if (!match) return;
        const path = `${name}.${match[1]}`;
        const line = (values[name] as QuotationLineInput[] | undefined)?.[Number(match[1])];
        if (!line) return;
        if (match[2] === 'kind') {
          form.setValue(`${path}.item_id`, '');
          form.setValue(`${path}.fleet_item_id`, null);
          return;
        }
        const source = ITEM_SOURCES[line.kind];
        void queryClient.ensureQueryData(activeRecordsQuery(source.list, source.labelKey)).then((records) => {
          const chosen = (records as Record<string, unknown>[]).find(
            (record) => record[source.valueKey] === line.item_id,
          );
          if (!chosen) return;
          const fill = source.fill(chosen as never);
          // Checked at once: a message the empty fields had goes.
          const options = { shouldValidate: true };
          form.setValue(`${path}.description`, fill.description, options);
          form.setValue(`${path}.unit_price`, fill.unit_price, options);
          if (fill.tax_rate !== undefined) form.setValue(`${path}.tax_rate`, fill.tax_rate, options);
        });
      },
    });
  }, [form, name, queryClient]);
}
