import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { List_Categories_By_Selected_Master_Category } from '@fieldport/contract/operations/product-catalogue';
import {
  ListTechnicianCoverage,
  ListTerritoriesAndPincodes,
  UpdateTechnicianCoverage,
  type TechnicianCoverageItem,
} from '@fieldport/contract/operations/territories';
import { ChipList } from '../../ui/chip-list.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { ListTab } from './list-tab.tsx';
import { territoriesField, territoryFilter } from './territory-fields.tsx';

const technicianSchema = UpdateTechnicianCoverage.input.pick({ territory_ids: true, category_ids: true });

/** Which territories each technician covers, and the product categories they work on. */
export function TechniciansTab({ can }: { can: FeaturePageProps['can'] }) {
  const [editing, setEditing] = useState<TechnicianCoverageItem | null>(null);
  const update = useOperation(UpdateTechnicianCoverage, {
    invalidate: [listQueryKey(ListTechnicianCoverage), listQueryKey(ListTerritoriesAndPincodes)],
    onSuccess: () => setEditing(null),
  });
  return (
    <ListTab
      can={can}
      op={ListTechnicianCoverage}
      label="Technicians"
      searchLabel="Search technician"
      getRowId={(item) => item.technician_id}
      columns={[
        {
          field: 'user_name',
          header: 'Technician',
          flex: 1,
          minWidth: 180,
          render: (item) => (
            <Box sx={{ minWidth: 0, py: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.user_name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {item.party_name ?? 'Own technician'}
              </Typography>
            </Box>
          ),
        },
        {
          field: 'territories',
          header: 'Territories',
          flex: 1,
          minWidth: 170,
          render: (item) => <ChipList labels={item.territories.map((t) => t.territory_name)} max={3} />,
        },
        {
          field: 'expertise',
          header: 'Expertise',
          flex: 1,
          minWidth: 170,
          hideOnNarrow: true,
          render: (item) => <ChipList labels={item.expertise.map((e) => e.category_name)} max={3} />,
        },
        {
          field: 'technician_status',
          header: 'Status',
          width: 110,
          hideOnNarrow: true,
          render: (item) => (
            <Chip
              size="small"
              label={
                item.technician_status === 'ACTIVE'
                  ? 'Active'
                  : item.technician_status === 'INACTIVE'
                    ? 'Inactive'
                    : 'Invalid'
              }
              color={item.technician_status === 'ACTIVE' ? 'success' : 'default'}
              variant={item.technician_status === 'ACTIVE' ? 'filled' : 'outlined'}
              sx={{ fontWeight: 600, minWidth: 72 }}
            />
          ),
        },
      ]}
      rowActions={
        can(UpdateTechnicianCoverage.access)
          ? [
              {
                label: (item) => `Edit territories of ${item.user_name}`,
                icon: () => <EditOutlined />,
                onClick: setEditing,
              },
            ]
          : []
      }
      filters={(state) => (
        <>
          {territoryFilter(state)}
          <LookupFilter
            state={state}
            filter="category_id"
            label="Expertise"
            list={List_Categories_By_Selected_Master_Category}
            valueKey="category_id"
            labelKey="category_name"
          />
        </>
      )}
      empty={{
        title: 'No technicians',
        description:
          'Technicians are added under Masters › Technicians; their territories and expertise are set here.',
      }}
    >
      <FormDialog
        open={editing !== null}
        title={editing ? `Territories and expertise of ${editing.user_name}` : ''}
        schema={technicianSchema}
        defaultValues={{
          territory_ids: editing?.territories.map((t) => t.territory_id) ?? [],
          category_ids: editing?.expertise.map((e) => e.category_id) ?? [],
        }}
        onSubmit={(values) => update.submit({ ...values, technician_id: editing!.technician_id })}
        onClose={() => setEditing(null)}
      >
        {(form) => (
          <FormFields
            form={form}
            fields={[
              territoriesField('Tickets in these territories can go to this technician'),
              {
                kind: 'multilookup',
                name: 'category_ids',
                label: 'Expertise',
                list: List_Categories_By_Selected_Master_Category,
                valueKey: 'category_id',
                labelKey: 'category_name',
                helperText: 'The product categories this technician may work on',
              },
            ]}
          />
        )}
      </FormDialog>
    </ListTab>
  );
}
