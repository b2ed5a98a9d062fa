import { useState } from 'react';
import Box from '@mui/material/Box';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  ListPincodes,
  ListPincodeTypes,
  ListTerritoriesAndPincodes,
  RemovePincode,
  UpdatePincode,
  pincodeFields,
  type PincodeItem,
} from '@fieldport/contract/operations/territories';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { ListTab } from './list-tab.tsx';
import { territoryFilter } from './territory-fields.tsx';

/** The pincodes of every territory: each one's area, territory and type, edited or removed here. */
export function PincodesTab({ can }: { can: FeaturePageProps['can'] }) {
  const [editing, setEditing] = useState<PincodeItem | null>(null);
  const [removing, setRemoving] = useState<PincodeItem | null>(null);
  const invalidate = [listQueryKey(ListPincodes), listQueryKey(ListTerritoriesAndPincodes)];
  const update = useOperation(UpdatePincode, { invalidate, onSuccess: () => setEditing(null) });
  const remove = useOperation(RemovePincode, { invalidate, onSuccess: () => setRemoving(null) });
  const mayEdit = can(UpdatePincode.access);
  return (
    <ListTab
      can={can}
      op={ListPincodes}
      label="Pincodes"
      searchLabel="Search pincode or area"
      getRowId={(item) => item.pincode_id}
      columns={[
        {
          field: 'pincode',
          header: 'Pincode',
          width: 110,
          render: (item) => <Box sx={{ fontFamily: 'ui-monospace, monospace' }}>{item.pincode}</Box>,
        },
        {
          field: 'area_name',
          header: 'Area',
          flex: 1,
          minWidth: 130,
          render: (item) => item.area_name ?? '—',
        },
        { field: 'territory_name', header: 'Territory', flex: 1, minWidth: 150 },
        {
          field: 'pincode_type_name',
          header: 'Pincode type',
          width: 150,
          hideOnNarrow: true,
          render: (item) => item.pincode_type_name ?? '—',
        },
      ]}
      rowActions={
        mayEdit
          ? [
              {
                label: (item) => `Edit pincode ${item.pincode}`,
                icon: () => <EditOutlined />,
                onClick: setEditing,
              },
              {
                label: (item) => `Remove pincode ${item.pincode}`,
                icon: () => <DeleteOutlineOutlined color="error" />,
                onClick: setRemoving,
              },
            ]
          : []
      }
      filters={(state) => (
        <>
          {territoryFilter(state)}
          <LookupFilter
            state={state}
            filter="pincode_type_id"
            label="Pincode type"
            list={ListPincodeTypes}
            valueKey="pincode_type_id"
            labelKey="pincode_type_name"
          />
        </>
      )}
      empty={{
        title: 'No pincodes yet',
        description: 'Pincodes are added to territories on the Territories tab.',
      }}
    >
      <FormDialog
        open={editing !== null}
        title={editing ? `Edit pincode ${editing.pincode}` : ''}
        schema={pincodeFields}
        defaultValues={{
          territory_id: editing?.territory_id ?? '',
          pincode_type_id: editing?.pincode_type_id ?? '',
          area_name: editing?.area_name ?? '',
        }}
        onSubmit={(values) => update.submit({ ...values, pincode_id: editing!.pincode_id })}
        onClose={() => setEditing(null)}
      >
        {(form) => (
          <FormFields
            form={form}
            fields={[
              {
                kind: 'lookup',
                name: 'territory_id',
                label: 'Territory',
                required: true,
                list: ListTerritoriesAndPincodes,
                valueKey: 'territory_id',
                labelKey: 'territory_name',
              },
              {
                kind: 'lookup',
                name: 'pincode_type_id',
                label: 'Pincode type',
                list: ListPincodeTypes,
                valueKey: 'pincode_type_id',
                labelKey: 'pincode_type_name',
              },
              { kind: 'text', name: 'area_name', label: 'Area', maxLength: 100 },
            ]}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove pincode?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.run({ pincode_id: removing.pincode_id })}
        onClose={() => setRemoving(null)}
      >
        {removing &&
          `Pincode ${removing.pincode} will no longer belong to '${removing.territory_name}'. Customer locations with this pincode then belong to no territory until it is added to one.`}
      </ConfirmDialog>
    </ListTab>
  );
}
