import { useState } from 'react';
import Chip from '@mui/material/Chip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  ListServicePartnerCoverage,
  ListTerritoriesAndPincodes,
  UpdateServicePartnerCoverage,
  type ServicePartnerCoverageItem,
} from '@fieldport/contract/operations/territories';
import { ChipList } from '../../ui/chip-list.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { ListTab } from './list-tab.tsx';
import { territoriesField, territoryFilter } from './territory-fields.tsx';

const partnerSchema = UpdateServicePartnerCoverage.input.pick({ territory_ids: true });

/** Which territories each service partner covers. */
export function ServicePartnersTab({ can }: { can: FeaturePageProps['can'] }) {
  const [editing, setEditing] = useState<ServicePartnerCoverageItem | null>(null);
  const update = useOperation(UpdateServicePartnerCoverage, {
    invalidate: [listQueryKey(ListServicePartnerCoverage), listQueryKey(ListTerritoriesAndPincodes)],
    onSuccess: () => setEditing(null),
  });
  return (
    <ListTab
      can={can}
      op={ListServicePartnerCoverage}
      label="Service partners"
      searchLabel="Search service partner"
      getRowId={(item) => item.party_id}
      columns={[
        { field: 'party_name', header: 'Service partner', flex: 1, minWidth: 180 },
        {
          field: 'territories',
          header: 'Territories',
          flex: 2,
          minWidth: 200,
          render: (item) => <ChipList labels={item.territories.map((t) => t.territory_name)} max={4} />,
        },
        {
          field: 'party_status',
          header: 'Status',
          width: 120,
          render: (item) => (
            <Chip
              size="small"
              label={item.party_status === 'ACTIVE' ? 'Active' : 'Suspended'}
              color={item.party_status === 'ACTIVE' ? 'success' : 'default'}
              variant={item.party_status === 'ACTIVE' ? 'filled' : 'outlined'}
              sx={{ fontWeight: 600, minWidth: 72 }}
            />
          ),
        },
      ]}
      rowActions={
        can(UpdateServicePartnerCoverage.access)
          ? [
              {
                label: (item) => `Edit territories of ${item.party_name}`,
                icon: () => <EditOutlined />,
                onClick: setEditing,
              },
            ]
          : []
      }
      filters={territoryFilter}
      empty={{
        title: 'No service partners',
        description: 'Service partners are added under Masters › Service Partners.',
      }}
    >
      <FormDialog
        open={editing !== null}
        title={editing ? `Territories of ${editing.party_name}` : ''}
        schema={partnerSchema}
        defaultValues={{ territory_ids: editing?.territories.map((t) => t.territory_id) ?? [] }}
        onSubmit={(values) => update.submit({ ...values, party_id: editing!.party_id })}
        onClose={() => setEditing(null)}
      >
        {(form) => (
          <FormFields
            form={form}
            fields={[territoriesField("Tickets in these territories can go to this partner's technicians")]}
          />
        )}
      </FormDialog>
    </ListTab>
  );
}
