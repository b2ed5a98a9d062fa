import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { ListDealers } from '@fieldport/contract/operations/people';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import {
  checkTransferTarget,
  FLEET_OWNERS,
  ListProductFleet,
  MAX_TRANSFER_ITEMS,
  TRANSFER_MODULE,
  TransferProductFleet,
  transferFields,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { CustomerChoice } from '../../ui/customer-choice.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { ChoiceFilter } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { FleetItemDetailsDialog, fleetItemQueryKey } from './fleet-dialogs.tsx';
import { fleetColumns } from '../../ui/fleet-columns.tsx';

/**
 * /ProductFleetInventory, Transfer Product Fleet (docs/product-fleet.md#transfers): choose approved
 * items across pages, then move them to another customer's location or to a dealer's (or the
 * organization's) stock, with a reason. All move or none; each item's history keeps where it was.
 */

const OWNER_LABELS: Record<(typeof FLEET_OWNERS)[number], string> = {
  ALL: 'Everyone',
  ORGANIZATION: "The organization's",
  DEALERS: "Dealers'",
};

/** What the dialog edits: the contract's transfer fields but the items, which the page chose. */
const transferForm = transferFields
  .pick({ to: true, customer_id: true, location_id: true, dealer_party_id: true, reason: true })
  .superRefine(checkTransferTarget);

const dealerField: FieldConfig = {
  kind: 'lookup',
  name: 'dealer_party_id',
  label: 'Dealer',
  list: ListDealers,
  valueKey: 'party_id',
  labelKey: 'party_name',
  noneLabel: "The organization's own stock",
};
const reasonField: FieldConfig = {
  kind: 'text',
  name: 'reason',
  label: 'Reason',
  required: true,
  multiline: true,
  maxLength: 500,
  helperText: 'Kept in each item’s history',
};
const targetField: FieldConfig = {
  kind: 'select',
  name: 'to',
  label: 'Move to',
  required: true,
  options: [
    { value: 'CUSTOMER', label: "A customer's location" },
    { value: 'DEALER', label: "A dealer's stock, or the organization's" },
  ],
};

function TransferDialog(props: {
  items: FleetItem[];
  open: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const transfer = useOperation(TransferProductFleet, {
    onSuccess: props.onDone,
    invalidate: (input) => [
      listQueryKey(ListProductFleet),
      ...input.fleet_item_ids.map((id) => fleetItemQueryKey(id)),
    ],
  });
  const serials = props.items.map((item) => item.serial_number);
  const shown =
    serials.slice(0, 6).join(', ') + (serials.length > 6 ? ` and ${serials.length - 6} more` : '');
  return (
    <FormDialog
      open={props.open}
      title={
        props.items.length === 1 ? `Transfer ${serials[0]}` : `Transfer ${props.items.length} fleet items`
      }
      schema={transferForm}
      defaultValues={{
        to: 'CUSTOMER',
        customer_id: null,
        location_id: null,
        dealer_party_id: null,
        reason: '',
      }}
      submitLabel="Transfer"
      onSubmit={(values) =>
        transfer.submit({ ...values, fleet_item_ids: props.items.map((item) => item.fleet_item_id) })
      }
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography variant="body2">Moving {shown}.</Typography>
          <FormFields form={form} fields={[targetField]} />
          <TargetFields form={form as never} />
          <FormFields form={form} fields={[reasonField]} />
        </>
      )}
    </FormDialog>
  );
}

/** The customer and location, or the dealer, as the chosen target asks. */
function TargetFields({ form }: { form: Parameters<typeof CustomerChoice>[0]['form'] }) {
  const to = useWatch({ control: form.control, name: 'to' }) as string;
  return to === 'DEALER' ? (
    <>
      <Typography variant="body2" color="text.secondary">
        The items leave their customer and wait in the stock until tagged to a customer again.
      </Typography>
      <FormFields form={form} fields={[dealerField]} />
    </>
  ) : (
    <CustomerChoice
      form={form}
      autoFocus={false}
      helperText="The customer the items go to: name, phone or email"
    />
  );
}

export function TransferProductFleetPage({ can, route }: FeaturePageProps) {
  const mayTransfer = can({ module: TRANSFER_MODULE, right: 'EDIT' });
  const state = useListState(ListProductFleet, {
    sortBy: 'serial_number',
    sortOrder: 'asc',
    filters: { owned_by: undefined, service_id: undefined },
  });
  // Only approved items move; inactive ones may (a returned unit is often deactivated first).
  const input = useMemo(() => ({ ...state.input, approval_state: 'APPROVED' as const }), [state.input]);
  const list = useList(ListProductFleet, input);
  // The chosen items by id, with the rows as they were when chosen (they may be on other pages).
  const [chosen, setChosen] = useState<Map<string, FleetItem>>(new Map());
  const [transferring, setTransferring] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const rows = list.data?.items ?? [];
  const snackbars = useSnackbars();

  const choose = (ids: string[]) => {
    const next = new Map<string, FleetItem>();
    for (const id of ids) {
      const item = chosen.get(id) ?? rows.find((row) => row.fleet_item_id === id);
      if (item) next.set(id, item);
    }
    setChosen(next);
  };
  const count = chosen.size;
  const tooMany = count > MAX_TRANSFER_ITEMS;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose the items to move, across pages if need be, then Transfer. Items waiting for approval, or for a
        tagging to be decided, cannot move.
      </Typography>
      <ListToolbar
        state={state}
        searchLabel="Search by serial number or customer phone"
        actions={
          mayTransfer ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {count > 0 && (
                <Button onClick={() => setChosen(new Map())} aria-label={`Clear the ${count} chosen`}>
                  Clear
                </Button>
              )}
              {/* Never disabled: after a transfer the focus returns to it, and pressed with nothing
                  chosen it says what to do. */}
              <Button
                variant="contained"
                startIcon={<LocalShippingOutlined />}
                onClick={() => {
                  if (count === 0)
                    snackbars.error('Choose the items to transfer first: tick them in the list.');
                  else if (tooMany)
                    snackbars.error(`At most ${MAX_TRANSFER_ITEMS} items move in one transfer.`);
                  else setTransferring(true);
                }}
              >
                {count === 0 ? 'Transfer' : `Transfer ${count}`}
              </Button>
            </Stack>
          ) : undefined
        }
      >
        <ChoiceFilter
          state={state}
          filter="owned_by"
          label="Owner"
          choices={FLEET_OWNERS.filter((owner) => owner !== 'ALL').map((value) => ({
            value,
            label: OWNER_LABELS[value],
          }))}
        />
        <LookupFilter
          state={state}
          filter="service_id"
          label="Product"
          list={List_Services}
          valueKey="service_id"
          labelKey="service_name"
        />
      </ListToolbar>
      <Box role="status" aria-live="polite" sx={{ mb: 1, minHeight: 24 }}>
        {tooMany ? (
          <Alert severity="warning">
            {count} chosen: at most {MAX_TRANSFER_ITEMS} items move in one transfer.
          </Alert>
        ) : (
          <Typography variant="body2">
            {count === 0 ? 'No items chosen' : count === 1 ? '1 item chosen' : `${count} items chosen`}
          </Typography>
        )}
      </Box>
      <DataTable<FleetItem>
        label="Fleet items to transfer"
        columns={fleetColumns({ dealer: true })}
        rowActions={[
          {
            label: (item) => `View ${item.serial_number}`,
            icon: () => <VisibilityOutlined />,
            onClick: (item) => setViewing(item.fleet_item_id),
          },
        ]}
        getRowId={(item) => item.fleet_item_id}
        selection={
          mayTransfer
            ? {
                selected: [...chosen.keys()],
                onChange: choose,
                isSelectable: (item) => item.pending_customer_name === null,
              }
            : undefined
        }
        list={list}
        state={state}
        sortable={['serial_number', 'fleet_item_created_on', 'warranty_end_date']}
        empty={{
          title: 'No approved fleet items yet',
          description: 'Items appear here once they are added and approved in Product Fleet.',
        }}
      />
      <TransferDialog
        items={[...chosen.values()]}
        open={transferring}
        onDone={() => {
          setTransferring(false);
          setChosen(new Map());
        }}
        onClose={() => setTransferring(false)}
      />
      <FleetItemDetailsDialog itemId={viewing} staff onClose={() => setViewing(null)} />
    </Box>
  );
}
