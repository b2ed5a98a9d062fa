import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import MoveDownOutlined from '@mui/icons-material/MoveDownOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import {
  CancelMrf,
  COMPONENT_UNIT_LABELS,
  FulfilMrf,
  HoldMrf,
  ListInventory,
  ListMrfs,
  ListStockMovements,
  MRF_STATE_LABELS,
  MRF_STATES,
  fulfilMrfSchema,
  type MrfItem,
} from '@fieldport/contract/operations/inventory';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { storeLookup } from '../../ui/inventory-fields.ts';
import { MRF_STATE_COLORS } from '../../ui/inventory-states.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';

/** What a decision on an MRF changes: the MRFs, and for a fulfilment the stock and its ledger. */
const refreshed = [listQueryKey(ListMrfs), listQueryKey(ListInventory), listQueryKey(ListStockMovements)];

type Decision = { kind: 'fulfil' | 'hold' | 'open' | 'cancel'; item: MrfItem };

const isOpen = (item: MrfItem) => item.state === 'OPEN' || item.state === 'ON_HOLD';

/**
 * /MRFTickets (docs/inventory.md#mrf): the material requests raised from tickets for parts no store
 * had, newest first. The store fulfils one from a receipt (the parts are received into the store
 * and issued to the ticket's technician; the ticket resumes), holds it while a supplier is late, or
 * cancels it.
 */
export function MrfPage({ route, can }: FeaturePageProps) {
  const state = useListState(ListMrfs, { filters: { state: undefined, service_center_id: undefined } });
  const list = useList(ListMrfs, state.input);
  const format = useInstantFormats();
  const mayDecide = can(FulfilMrf.access);
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns: DataTableColumn<MrfItem>[] = [
    {
      field: 'mrf_number',
      header: 'MRF',
      width: 200,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.mrf_number}
          </Typography>
          <Link variant="body2" component={RouterLink} to={`/ActiveTickets?ticket_id=${item.ticket_id}`}>
            Ticket {item.ticket_number}
          </Link>
        </Box>
      ),
    },
    {
      field: 'lines',
      header: 'Parts',
      flex: 2,
      minWidth: 220,
      render: (item) => (
        <Box sx={{ py: 0.5 }}>
          {item.lines.map((line) => (
            <Typography key={line.component_id} variant="body2">
              {`${line.quantity} ${COMPONENT_UNIT_LABELS[line.unit]} × ${line.part_number} ${line.name}`}
              <Typography component="span" variant="caption" color="text.secondary">
                {` · ${line.in_stock} in stock`}
              </Typography>
            </Typography>
          ))}
        </Box>
      ),
    },
    {
      field: 'service_center_name',
      header: 'Store',
      flex: 1,
      minWidth: 160,
      hideOnNarrow: true,
    },
    {
      field: 'state',
      header: 'State',
      width: 150,
      narrowMinWidth: 110,
      render: (item) => (
        <Box sx={{ py: 0.5 }}>
          <StateChip
            label={MRF_STATE_LABELS[item.state]}
            color={MRF_STATE_COLORS[item.state]}
            outlined={item.state === 'CANCELLED'}
          />
          {item.reason && (
            <Typography variant="caption" color="text.secondary" component="p">
              {item.reason}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer · technician',
      flex: 1,
      minWidth: 170,
      hideOnNarrow: true,
      render: (item) => (
        <TwoLineCell first={item.customer_name} second={item.technician_name ?? 'No technician'} />
      ),
    },
    {
      field: 'created_on',
      header: `Raised (${format.timeZone})`,
      width: 190,
      hideOnNarrow: true,
      render: (item) => <TwoLineCell first={format.dateTime(item.created_on)} second={item.raised_by_name} />,
    },
  ];

  const rowActions: RowAction<MrfItem>[] = mayDecide
    ? [
        {
          label: (item) => `Fulfil ${item.mrf_number}`,
          icon: () => <MoveDownOutlined />,
          onClick: (item) => setDecision({ kind: 'fulfil', item }),
          show: isOpen,
        },
        {
          label: (item) =>
            item.state === 'ON_HOLD' ? `Open ${item.mrf_number} again` : `Hold ${item.mrf_number}`,
          icon: (item) => (item.state === 'ON_HOLD' ? <PlayCircleOutlined /> : <PauseCircleOutlined />),
          onClick: (item) => setDecision({ kind: item.state === 'ON_HOLD' ? 'open' : 'hold', item }),
          show: isOpen,
        },
        {
          label: (item) => `Cancel ${item.mrf_number}`,
          icon: () => <BlockOutlined />,
          onClick: (item) => setDecision({ kind: 'cancel', item }),
          show: isOpen,
        },
      ]
    : [];

  const close = () => setDecision(null);
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar state={state} searchLabel="Search MRF, ticket or customer">
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={MRF_STATES.map((value) => ({ value, label: MRF_STATE_LABELS[value] }))}
        />
        <LookupFilter state={state} filter="service_center_id" label="Store" {...storeLookup} />
      </ListToolbar>
      <DataTable<MrfItem>
        label={route.title}
        columns={columns}
        rowActions={rowActions}
        getRowId={(item) => item.mrf_id}
        rowLabel={(item) => `${item.mrf_number} for ticket ${item.ticket_number}`}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No material requests',
          description:
            'When a ticket needs parts no store has, its technician or co-ordinator raises an MRF from the ticket; it waits here for the store.',
        }}
      />
      {decision?.kind === 'fulfil' && <FulfilDialog item={decision.item} onClose={close} />}
      {(decision?.kind === 'hold' || decision?.kind === 'open') && (
        <HoldDialog item={decision.item} holding={decision.kind === 'hold'} onClose={close} />
      )}
      {decision?.kind === 'cancel' && <CancelDialog item={decision.item} onClose={close} />}
    </Box>
  );
}

type FulfilForm = z.input<typeof fulfilMrfSchema>;

/** The receipt the MRF is fulfilled from: each part's unit cost and the supplier's reference. */
function FulfilDialog({ item, onClose }: { item: MrfItem; onClose: () => void }) {
  const fulfil = useOperation(FulfilMrf, { onSuccess: onClose, invalidate: refreshed });
  const defaults: FulfilForm = {
    mrf_id: item.mrf_id,
    lines: item.lines.map((line) => ({ component_id: line.component_id, unit_cost: Number.NaN })),
    reference: '',
  };
  return (
    <FormDialog
      open
      title={`Fulfil ${item.mrf_number}`}
      schema={fulfilMrfSchema}
      defaultValues={defaults}
      submitLabel="Receive and issue"
      onSubmit={(values) => fulfil.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            The parts are received into {item.service_center_name} and issued at once to{' '}
            {item.technician_name ?? 'the ticket’s technician'}; ticket {item.ticket_number} resumes.
          </Typography>
          {item.lines.map((line, index) => (
            <FormFields
              key={line.component_id}
              form={form}
              fields={[
                {
                  kind: 'money',
                  name: `lines.${index}.unit_cost`,
                  label: `Unit cost: ${line.quantity} ${COMPONENT_UNIT_LABELS[line.unit]} × ${line.part_number} ${line.name}`,
                  required: true,
                },
              ]}
            />
          ))}
          <FormFields
            form={form}
            fields={[
              {
                kind: 'text',
                name: 'reference',
                label: 'Reference',
                required: true,
                maxLength: 60,
                helperText: 'The supplier’s invoice or challan number',
              },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

function HoldDialog(props: { item: MrfItem; holding: boolean; onClose: () => void }) {
  const hold = useOperation(HoldMrf, { onSuccess: props.onClose, invalidate: refreshed });
  return (
    <FormDialog
      open
      title={props.holding ? `Hold ${props.item.mrf_number}` : `Open ${props.item.mrf_number} again`}
      schema={HoldMrf.input}
      defaultValues={{ mrf_id: props.item.mrf_id, action: props.holding ? 'HOLD' : 'OPEN', reason: '' }}
      submitLabel={props.holding ? 'Hold' : 'Open again'}
      onSubmit={(values) => hold.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <FormFields
          form={form}
          fields={[
            {
              kind: 'text',
              name: 'reason',
              label: props.holding ? 'Why it waits' : 'Note',
              required: props.holding,
              multiline: true,
              maxLength: 300,
            },
          ]}
        />
      )}
    </FormDialog>
  );
}

function CancelDialog({ item, onClose }: { item: MrfItem; onClose: () => void }) {
  const cancel = useOperation(CancelMrf, { onSuccess: onClose, invalidate: refreshed });
  return (
    <FormDialog
      open
      title={`Cancel ${item.mrf_number}?`}
      schema={CancelMrf.input}
      defaultValues={{ mrf_id: item.mrf_id, reason: '' }}
      submitLabel="Cancel the MRF"
      onSubmit={(values) => cancel.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            No parts will come for it. Ticket {item.ticket_number} resumes unless another MRF holds it.
          </Typography>
          <FormFields
            form={form}
            fields={[
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
