import Typography from '@mui/material/Typography';
import {
  ResetMaintenancePlan,
  StopMaintenancePlan,
  type MaintenancePlanItem,
} from '@fieldport/contract/operations/schedules';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { formatDay } from '../../ui/format.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { planQueries } from './schedule-format.ts';

// Stopping and resetting a maintenance plan (docs/schedules.md).

const reasonField = {
  kind: 'text' as const,
  name: 'reason',
  label: 'Reason',
  required: true,
  multiline: true,
  maxLength: 300,
  helperText: 'Why no more tickets for now: 3 to 300 characters',
};

/** Stops a plan, saying why: it raises nothing until reset, and its dates meanwhile go missed. */
export function StopPlanDialog({ plan, onClose }: { plan: MaintenancePlanItem; onClose: () => void }) {
  const stop = useOperation(StopMaintenancePlan, { onSuccess: onClose, invalidate: planQueries() });
  return (
    <FormDialog
      open
      title={`Stop maintenance of ${plan.serial_number}`}
      schema={StopMaintenancePlan.input}
      defaultValues={{ plan_id: plan.plan_id, reason: '' }}
      submitLabel="Stop plan"
      onSubmit={(values) => stop.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {plan.product_name} of {plan.customer_name}. No ticket is raised until the plan is reset: the
            dates that pass meanwhile are recorded as missed
            {plan.next_due_date ? ` (the next is ${formatDay(plan.next_due_date)})` : ''}.
          </Typography>
          <FormFields form={form} fields={[reasonField]} />
        </>
      )}
    </FormDialog>
  );
}

/** Starts a stopped plan again: the dates that passed while it was stopped are recorded as missed. */
export function ResetPlanDialog({ plan, onClose }: { plan: MaintenancePlanItem; onClose: () => void }) {
  const reset = useOperation(ResetMaintenancePlan, { onSuccess: onClose, invalidate: planQueries() });
  return (
    <ConfirmDialog
      open
      title={`Reset maintenance of ${plan.serial_number}?`}
      confirmLabel="Reset plan"
      busy={reset.isPending}
      onConfirm={() => reset.run({ plan_id: plan.plan_id })}
      onClose={onClose}
    >
      {plan.product_name} of {plan.customer_name} gets its tickets again, raised as before. The dates that
      passed while it was stopped are recorded as missed.
      {plan.stop_reason ? ` It was stopped because: ${plan.stop_reason}` : ''}
    </ConfirmDialog>
  );
}
