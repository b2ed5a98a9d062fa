import {
  ActivateOrDeactivateCustomer,
  CreateCustomer,
  ListCustomers,
  UpdateCustomer,
  createCustomerSchema,
  customerFormSchema,
  type CustomerItem,
} from '@fieldport/contract/operations/customers';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CustomerFields, customerToForm, emptyCustomer } from '../../ui/customer-form.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { customerQueryKey } from './customer-details-dialog.tsx';

/** Add customer: the customer, its primary location and any secondary ones. */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useOperation(CreateCustomer, {
    onSuccess: onClose,
    invalidate: [listQueryKey(ListCustomers)],
  });
  return (
    <FormDialog
      open={open}
      title="Add customer"
      schema={createCustomerSchema}
      defaultValues={emptyCustomer() as never}
      submitLabel="Add"
      onSubmit={(values) => create.submit(values)}
      onClose={onClose}
    >
      {(form) => <CustomerFields form={form as never} withSecondary />}
    </FormDialog>
  );
}

/** Edit customer: its details and primary location (secondary ones are changed on its card). */
export function EditCustomerDialog({
  editing,
  onClose,
}: {
  editing: CustomerItem | null;
  onClose: () => void;
}) {
  const update = useOperation(UpdateCustomer, {
    onSuccess: onClose,
    invalidate: (input) => [customerQueryKey(input.customer_id), listQueryKey(ListCustomers)],
  });
  return (
    <FormDialog
      open={editing !== null}
      title="Edit customer"
      schema={customerFormSchema}
      defaultValues={(editing ? customerToForm(editing) : emptyCustomer()) as never}
      onSubmit={(values) => update.submit({ ...values, customer_id: editing!.customer_id })}
      onClose={onClose}
    >
      {(form) => (
        <CustomerFields
          form={form as never}
          withSecondary={false}
          currentCategory={{
            id: editing?.customer_category_id ?? null,
            name: editing?.customer_category_name ?? null,
          }}
        />
      )}
    </FormDialog>
  );
}

/** Activate or deactivate a customer, after saying what it means. */
export function CustomerStatusDialog({
  confirming,
  onClose,
}: {
  confirming: CustomerItem | null;
  onClose: () => void;
}) {
  const toggle = useOperation(ActivateOrDeactivateCustomer, {
    onSuccess: onClose,
    invalidate: (input) => [customerQueryKey(input.customer_id), listQueryKey(ListCustomers)],
  });
  const confirmingActive = confirming?.customer_status === 'ACTIVE';
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={`${confirmingActive ? 'Deactivate' : 'Activate'} customer?`}
      confirmLabel={confirmingActive ? 'Deactivate' : 'Activate'}
      destructive={confirmingActive}
      busy={toggle.isPending}
      onConfirm={() =>
        confirming &&
        toggle.run({
          customer_id: confirming.customer_id,
          customer_status: confirming.customer_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
        })
      }
      onClose={onClose}
    >
      {confirming &&
        (confirmingActive
          ? `'${confirming.customer_name}' will no longer be offered for new tickets. Their history stays. You can activate them again at any time.`
          : `'${confirming.customer_name}' will be offered again for new tickets.`)}
    </ConfirmDialog>
  );
}
