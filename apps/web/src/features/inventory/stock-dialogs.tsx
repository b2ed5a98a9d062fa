import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import type { z } from 'zod';
import {
  AdjustStock,
  COMPONENT_UNIT_LABELS,
  ListInventory,
  ListStockMovements,
  MAX_MOVEMENT_LINES,
  ReceiveStock,
  TransferStock,
  adjustStockSchema,
  receiveStockSchema,
  transferStockSchema,
  type StockItem,
} from '@fieldport/contract/operations/inventory';
import { api } from '../../api/client.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { componentLineField, storeField } from '../../ui/inventory-fields.ts';
import { LinesField, type LineFieldConfig } from '../../ui/lines-field.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';

/**
 * The three movements a person makes on /InventoryView (docs/inventory.md#the-ledger): a receipt
 * into a store, an adjustment after a count, a transfer between stores. Each refreshes the stock
 * and the ledger; the server's refusal (not enough stock …) shows in the form.
 */

const refreshed = [listQueryKey(ListInventory), listQueryKey(ListStockMovements)];

const componentField = componentLineField;

const quantityField: LineFieldConfig = {
  kind: 'number',
  name: 'quantity',
  label: 'Quantity',
  required: true,
  min: 1,
  grow: 1,
};

const referenceFields: FieldConfig[] = [
  {
    kind: 'text',
    name: 'reference',
    label: 'Reference',
    maxLength: 60,
    helperText: 'Invoice, challan or PO number',
  },
  { kind: 'text', name: 'note', label: 'Note', multiline: true, maxLength: 300 },
];

type ReceiveForm = z.input<typeof receiveStockSchema>;
const emptyReceiptLine = { component_id: '', quantity: Number.NaN, unit_cost: Number.NaN };

export function ReceiveStockDialog(props: { open: boolean; onClose: () => void }) {
  const receive = useOperation(ReceiveStock, { onSuccess: props.onClose, invalidate: refreshed });
  const defaults: ReceiveForm = { service_center_id: '', lines: [emptyReceiptLine], reference: '', note: '' };
  return (
    <FormDialog
      open={props.open}
      title="Receive stock"
      schema={receiveStockSchema}
      defaultValues={defaults}
      submitLabel="Receive"
      maxWidth="md"
      onSubmit={(values) => receive.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <FormFields form={form} fields={[storeField('service_center_id', 'Store')]} />
          <LinesField
            form={form}
            name="lines"
            label="Components received"
            fields={[
              componentField,
              quantityField,
              { kind: 'money', name: 'unit_cost', label: 'Unit cost', required: true, grow: 1 },
            ]}
            emptyLine={emptyReceiptLine}
            max={MAX_MOVEMENT_LINES}
            addLabel="Add component"
          />
          <FormFields form={form} fields={referenceFields} />
        </>
      )}
    </FormDialog>
  );
}

type AdjustForm = z.input<typeof adjustStockSchema>;

/** The stock of a component in a store as the list has it now, for the adjustment's context. */
function CurrentStock({ form }: { form: UseFormReturn<AdjustForm, unknown, unknown> }) {
  const [storeId, componentId, change] = useWatch({
    control: form.control,
    name: ['service_center_id', 'component_id', 'quantity_change'],
  });
  const chosen = Boolean(storeId && componentId);
  const stock = useQuery({
    queryKey: [...listQueryKey(ListInventory), 'one', storeId, componentId],
    queryFn: async () =>
      (
        await api.query(ListInventory, {
          service_center_id: storeId,
          component_id: componentId,
          page_size: 10,
        })
      ).data.items[0] ?? null,
    enabled: chosen,
  });
  if (!chosen) return <Alert severity="info">Choose the store and the component to see their stock.</Alert>;
  if (stock.isPending) return <Alert severity="info">Reading the stock…</Alert>;
  if (stock.isError)
    return <Alert severity="warning">The stock could not be read. The change is checked when saved.</Alert>;
  const now = stock.data?.quantity ?? 0;
  const unit = stock.data ? ` ${COMPONENT_UNIT_LABELS[stock.data.unit]}` : '';
  const after = Number.isInteger(change) ? now + (change as number) : null;
  return (
    <Alert severity={after !== null && after < 0 ? 'warning' : 'info'} role="status">
      In stock now: {now.toLocaleString('en-IN')}
      {unit}
      {after !== null && ` · after this change: ${after.toLocaleString('en-IN')}${unit}`}
    </Alert>
  );
}

/** An adjustment after a count: of a row's store and component, or chosen in the form. */
export function AdjustStockDialog(props: { open: boolean; row: StockItem | null; onClose: () => void }) {
  const adjust = useOperation(AdjustStock, { onSuccess: props.onClose, invalidate: refreshed });
  const defaults: AdjustForm = {
    service_center_id: props.row?.service_center_id ?? '',
    component_id: props.row?.component_id ?? '',
    quantity_change: Number.NaN,
    reason: '',
  };
  const title = props.row
    ? `Adjust ${props.row.component_name} at ${props.row.service_center_name}`
    : 'Adjust stock';
  return (
    <FormDialog
      open={props.open}
      title={title}
      schema={adjustStockSchema}
      defaultValues={defaults}
      submitLabel="Adjust"
      onSubmit={(values) => adjust.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          {!props.row && (
            <FormFields
              form={form}
              fields={[
                storeField('service_center_id', 'Store'),
                { ...componentField, name: 'component_id' } as FieldConfig,
              ]}
            />
          )}
          <CurrentStock form={form as never} />
          <FormFields
            form={form}
            fields={[
              {
                kind: 'number',
                name: 'quantity_change',
                label: 'Change',
                required: true,
                helperText: 'More counted than recorded: a positive number; fewer: a negative one (-2)',
              },
              {
                kind: 'text',
                name: 'reason',
                label: 'Reason',
                required: true,
                multiline: true,
                maxLength: 300,
              },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

type TransferForm = z.input<typeof transferStockSchema>;
const emptyTransferLine = { component_id: '', quantity: Number.NaN };

/** A transfer between stores; from a row, its store and component are filled in. */
export function TransferStockDialog(props: { open: boolean; row: StockItem | null; onClose: () => void }) {
  const transfer = useOperation(TransferStock, { onSuccess: props.onClose, invalidate: refreshed });
  const defaults: TransferForm = {
    from_service_center_id: props.row?.service_center_id ?? '',
    to_service_center_id: '',
    lines: [props.row ? { ...emptyTransferLine, component_id: props.row.component_id } : emptyTransferLine],
    reference: '',
    note: '',
  };
  return (
    <FormDialog
      open={props.open}
      title="Transfer stock"
      schema={transferStockSchema}
      defaultValues={defaults}
      submitLabel="Transfer"
      maxWidth="md"
      onSubmit={(values) => transfer.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <FormFields
            form={form}
            fields={[
              storeField('from_service_center_id', 'From store'),
              storeField('to_service_center_id', 'To store'),
            ]}
          />
          <LinesField
            form={form}
            name="lines"
            label="Components to move"
            fields={[componentField, quantityField]}
            emptyLine={emptyTransferLine}
            max={MAX_MOVEMENT_LINES}
            addLabel="Add component"
          />
          <FormFields form={form} fields={referenceFields} />
        </>
      )}
    </FormDialog>
  );
}
