import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { dayIn } from '@fieldport/contract/fields';
import { ListCustomers } from '@fieldport/contract/operations/customers';
import {
  ListMaintenancePlans,
  PLAN_STATE_LABELS,
  PLAN_STATES,
  ResetMaintenancePlan,
  StopMaintenancePlan,
  type MaintenancePlanItem,
} from '@fieldport/contract/operations/schedules';
import { CustomerFilter } from '../../ui/customer-choice.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { ResetPlanDialog, StopPlanDialog } from './plan-dialogs.tsx';
import { PlanStateChip } from './schedule-chips.tsx';
import {
  leadWords,
  nextDueWords,
  planPeriodWords,
  raiseDayOf,
  repeatWords,
  ticketCountWords,
  ticketDayWords,
} from './schedule-format.ts';

const STATE_CHOICES = PLAN_STATES.map((state) => ({ value: state, label: PLAN_STATE_LABELS[state] }));

/**
 * The Plans tab (docs/schedules.md): every maintenance plan, the next due first (ended ones last),
 * searched by serial number or customer, filtered by state and customer; a running plan is stopped
 * with a reason, a stopped one reset.
 */
export function PlansList({
  can,
  actions,
  planButton,
}: {
  can: FeaturePageProps['can'];
  /** The screen's buttons, above the list. */
  actions: ReactNode;
  /** Plan maintenance, which fills an empty list. */
  planButton: ReactNode;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const state = useListState(ListMaintenancePlans, { filters: { state: undefined, customer_id: undefined } });
  const list = useList(ListMaintenancePlans, state.input);
  const [stopping, setStopping] = useState<MaintenancePlanItem | null>(null);
  const [resetting, setResetting] = useState<MaintenancePlanItem | null>(null);

  // Widths that fit beside the menu at 1366 px; below 850 px (down to a 360 px phone) the product,
  // with its customer, repeat and next date, and the state; the row's Details the rest.
  const columns: DataTableColumn<MaintenancePlanItem>[] = [
    {
      field: 'serial_number',
      header: 'Product',
      width: 160,
      minWidth: 150,
      narrowMinWidth: 160,
      render: (plan) => (
        <Box sx={{ py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {plan.serial_number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {plan.product_name}
          </Typography>
          {narrow && (
            <>
              <Typography variant="body2">{plan.customer_name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {repeatWords(plan)} · next {nextDueWords(plan)}
              </Typography>
            </>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 130,
      hideOnNarrow: true,
      render: (plan) => <TwoLineCell first={plan.customer_name} />,
    },
    {
      field: 'repeat',
      header: 'Repeat',
      flex: 1.3,
      minWidth: 160,
      hideOnNarrow: true,
      render: (plan) => <TwoLineCell first={repeatWords(plan)} second={planPeriodWords(plan)} />,
    },
    {
      field: 'next_due_date',
      header: 'Next due',
      width: 140,
      minWidth: 130,
      hideOnNarrow: true,
      render: (plan) => (
        <TwoLineCell
          first={nextDueWords(plan)}
          second={
            plan.next_due_date ? ticketDayWords(raiseDayOf(plan.next_due_date, plan.lead_days), today) : null
          }
        />
      ),
    },
    {
      field: 'lead_days',
      header: 'Raise ahead',
      width: 120,
      minWidth: 110,
      hideOnNarrow: true,
      priority: 3,
      render: (plan) => leadWords(plan.lead_days),
    },
    {
      field: 'raised_count',
      header: 'Tickets',
      width: 135,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (plan) => {
        const [raised, missed] = ticketCountWords(plan);
        return <TwoLineCell first={raised} second={missed} />;
      },
    },
    {
      field: 'state',
      header: 'State',
      width: 130,
      minWidth: 105,
      narrowMinWidth: 100,
      render: (plan) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          <PlanStateChip state={plan.state} />
          {plan.state === 'STOPPED' && plan.stop_reason && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {plan.stop_reason}
            </Typography>
          )}
        </Box>
      ),
    },
  ];

  const rowActions: RowAction<MaintenancePlanItem>[] = [
    ...(can(StopMaintenancePlan.access)
      ? [
          {
            label: (plan: MaintenancePlanItem) => `Stop maintenance of ${plan.serial_number}`,
            icon: () => <StopCircleOutlined />,
            onClick: setStopping,
            show: (plan: MaintenancePlanItem) => plan.state === 'ACTIVE',
          },
        ]
      : []),
    ...(can(ResetMaintenancePlan.access)
      ? [
          {
            label: (plan: MaintenancePlanItem) => `Reset maintenance of ${plan.serial_number}`,
            icon: () => <PlayCircleOutlined />,
            onClick: setResetting,
            show: (plan: MaintenancePlanItem) => plan.state === 'STOPPED',
          },
        ]
      : []),
  ];

  return (
    <Box component="section" aria-label="Plans">
      <ListToolbar state={state} searchLabel="Search serial number or customer" actions={actions}>
        <ChoiceFilter state={state} filter="state" label="State" choices={STATE_CHOICES} width={160} />
        {can(ListCustomers.access) && <CustomerFilter state={state} filter="customer_id" />}
      </ListToolbar>
      <DataTable<MaintenancePlanItem>
        label="Maintenance plans"
        columns={columns}
        rowActions={rowActions}
        getRowId={(plan) => plan.plan_id}
        rowLabel={(plan) => `${plan.serial_number} of ${plan.customer_name}`}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No maintenance plans yet',
          description:
            "A plan raises a ticket for a customer's product ahead of each visit: every N days or months, or the visits of its AMC. The plans show here with their next due date.",
          action: planButton,
        }}
      />
      {stopping && <StopPlanDialog plan={stopping} onClose={() => setStopping(null)} />}
      {resetting && <ResetPlanDialog plan={resetting} onClose={() => setResetting(null)} />}
    </Box>
  );
}
