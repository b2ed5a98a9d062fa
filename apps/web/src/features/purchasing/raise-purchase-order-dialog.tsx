import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  List_Components,
  ListServiceCenters,
  MAX_STOCK_QUANTITY,
} from '@fieldport/contract/operations/inventory';
import {
  ListPurchaseOrder,
  ListVendors,
  MAX_PURCHASE_ORDER_LINES,
  RaisePurchaseOrder,
  raisePurchaseOrderSchema,
} from '@fieldport/contract/operations/purchasing';
import { supplyBetween, TAX_SUPPLY_LABELS, type TaxSupply } from '@fieldport/contract/tax';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { GST_RATE_OPTIONS } from '../../ui/gst-options.ts';
import { componentLineField, storeField } from '../../ui/inventory-fields.ts';
import { LinesField, type LineFieldConfig } from '../../ui/lines-field.tsx';
import { TypedLineAmounts, TypedTotals } from '../../ui/typed-amounts.tsx';
import { listQueryKey, useActiveRecords } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { vendorLookup } from './purchase-order-format.tsx';

type RaiseForm = z.input<typeof raisePurchaseOrderSchema>;
type RaiseLine = RaiseForm['lines'][number];
type Form = UseFormReturn<RaiseForm, unknown, unknown>;

const emptyLine: RaiseLine = {
  component_id: '',
  quantity: Number.NaN,
  unit_price: Number.NaN,
  discount: undefined,
  tax_rate: Number.NaN,
};

const lineFields: LineFieldConfig[] = [
  componentLineField,
  {
    kind: 'number',
    name: 'quantity',
    label: 'Quantity',
    required: true,
    min: 1,
    max: MAX_STOCK_QUANTITY,
    grow: 1,
  },
  { kind: 'money', name: 'unit_price', label: 'Unit price', required: true, grow: 1 },
  { kind: 'money', name: 'discount', label: 'Discount', grow: 1 },
  {
    kind: 'select',
    name: 'tax_rate',
    label: 'GST %',
    required: true,
    numeric: true,
    options: GST_RATE_OPTIONS,
  },
];

/**
 * Raising a purchase order (docs/purchasing.md#purchase-orders): the vendor, the store it is
 * delivered to, the day expected, lines of components (a chosen component brings its price and GST
 * rate to a line whose price is still empty), the terms. The totals are worked out as typed, in
 * paise, line by line as the server keeps them (packages/contract/src/tax.ts); the vendor's state
 * against the store's decides CGST + SGST or IGST. The order then waits for approval.
 */
export function RaisePurchaseOrderDialog(props: { open: boolean; onClose: () => void }) {
  const raise = useOperation(RaisePurchaseOrder, {
    onSuccess: props.onClose,
    invalidate: [listQueryKey(ListPurchaseOrder)],
  });
  const defaults: RaiseForm = {
    vendor_id: '',
    service_center_id: '',
    expected_on: '',
    lines: [emptyLine],
    note: '',
  };
  return (
    <FormDialog
      open={props.open}
      title="Raise purchase order"
      schema={raisePurchaseOrderSchema}
      defaultValues={defaults}
      submitLabel="Raise"
      // Five fields to a line: one row each on a laptop.
      maxWidth="lg"
      onSubmit={(values) => raise.submit(values)}
      onClose={props.onClose}
    >
      {(form) => <RaiseFields form={form as Form} />}
    </FormDialog>
  );
}

function RaiseFields({ form }: { form: Form }) {
  usePricesOfChosenComponents(form);
  const supply = useSupply(form);
  return (
    <>
      <FormFields
        form={form}
        fields={[
          { kind: 'lookup', name: 'vendor_id', label: 'Vendor', required: true, ...vendorLookup },
          storeField('service_center_id', 'Deliver to store'),
          { kind: 'date', name: 'expected_on', label: 'Expected on', helperText: 'Optional' },
        ]}
      />
      <LinesField
        form={form}
        name="lines"
        label="Components to order"
        fields={lineFields}
        emptyLine={emptyLine}
        max={MAX_PURCHASE_ORDER_LINES}
        addLabel="Add component"
        lineSummary={(index) => <LineAmounts form={form} index={index} supply={supply.supply} />}
      />
      <LiveTotals form={form} supply={supply} />
      <FormFields
        form={form}
        fields={[
          {
            kind: 'text',
            name: 'note',
            label: 'Terms and notes',
            multiline: true,
            maxLength: 1000,
            helperText: 'Printed on the order: delivery, payment terms …',
          },
        ]}
      />
    </>
  );
}

/**
 * When a line's component is chosen and its price is still empty, the component's price and GST
 * rate fill the line (the person may change them: a vendor's price is not the selling price).
 */
function usePricesOfChosenComponents(form: Form) {
  const components = useActiveRecords(List_Components, 'component_name');
  const known = components.data;
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type, values }) => {
          const index = type === 'change' ? /^lines\.(\d+)\.component_id$/.exec(name ?? '')?.[1] : undefined;
          if (index === undefined) return;
          const line = values.lines[Number(index)];
          const chosen = known?.find((component) => component.component_id === line?.component_id);
          if (!chosen || Number.isFinite(line.unit_price)) return;
          // Checked at once: a message the empty field had goes.
          form.setValue(`lines.${Number(index)}.unit_price`, chosen.component_price, {
            shouldValidate: true,
          });
          form.setValue(`lines.${Number(index)}.tax_rate`, chosen.tax_rate, { shouldValidate: true });
        },
      }),
    [form, known],
  );
}

interface Supply {
  /** null until both the vendor and the store are chosen. */
  supply: TaxSupply | null;
  vendorState?: string;
  storeState?: string;
}

/** The vendor's state against the store's (docs/purchasing.md#tax). */
function useSupply(form: Form): Supply {
  const [vendorId, storeId] = useWatch({ control: form.control, name: ['vendor_id', 'service_center_id'] });
  // The same queries as the two fields' choices: no request of their own.
  const vendors = useActiveRecords(ListVendors, 'vendor_name');
  const stores = useActiveRecords(ListServiceCenters, 'service_center_name');
  const vendorState = vendors.data?.find((vendor) => vendor.vendor_id === vendorId)?.state;
  const storeState = stores.data?.find((store) => store.service_center_id === storeId)?.state;
  return {
    supply: vendorState && storeState ? supplyBetween(vendorState, storeState) : null,
    vendorState,
    storeState,
  };
}

function LineAmounts({ form, index, supply }: { form: Form; index: number; supply: TaxSupply | null }) {
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  return <TypedLineAmounts line={line} supply={supply} />;
}

/** The order's totals as typed, and which supply applies. */
function LiveTotals({ form, supply }: { form: Form; supply: Supply }) {
  const lines = useWatch({ control: form.control, name: 'lines' });
  return (
    <TypedTotals
      lines={lines}
      supply={supply.supply}
      label="Totals of the order"
      supplyWords={
        supply.supply
          ? `${TAX_SUPPLY_LABELS[supply.supply]} (vendor in ${supply.vendorState}, store in ${supply.storeState})`
          : 'Choose the vendor and the store: within one state the tax is CGST + SGST, across states IGST.'
      }
    />
  );
}
