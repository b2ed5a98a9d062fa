import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { List_Categories_By_Selected_Master_Category } from '@fieldport/contract/operations/product-catalogue';
import { ListTerritoryCategories } from '@fieldport/contract/operations/settings';
import {
  ListPincodes,
  ListPincodeTypes,
  ListServicePartnerCoverage,
  ListTechnicianCoverage,
  ListTerritoriesAndPincodes,
  RemovePincode,
  UpdatePincode,
  UpdateServicePartnerCoverage,
  UpdateTechnicianCoverage,
  pincodeFields,
  pincodeTypes,
  territories,
  type PincodeItem,
  type ServicePartnerCoverageItem,
  type TechnicianCoverageItem,
} from '@fieldport/contract/operations/territories';
import { api } from '../../api/client.ts';
import { ChipList } from '../../ui/chip-list.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { MasterPage, namedMasterConfig, type MasterConfig } from '../../ui/master-page.tsx';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { listQueryKey, type ListOp } from '../../ui/use-list.ts';
import { ListTab } from './list-tab.tsx';

const territoryFilter = (
  state: Parameters<NonNullable<MasterConfig<typeof territories>['toolbarFilters']>>[0],
) => (
  <LookupFilter
    state={state}
    filter="territory_id"
    label="Territory"
    list={ListTerritoriesAndPincodes}
    valueKey="territory_id"
    labelKey="territory_name"
  />
);

const territoriesConfig: MasterConfig<typeof territories> = {
  contract: territories,
  title: 'Territories',
  columns: [
    { field: 'territory_name', header: 'Name', flex: 1, minWidth: 140 },
    { field: 'territory_category_name', header: 'Category', width: 130, minWidth: 100, hideOnNarrow: true },
    {
      field: 'pincode_count',
      header: 'Pincodes',
      flex: 2,
      minWidth: 180,
      // The count and a pincode chip side by side.
      narrowMinWidth: 115,
      render: (item) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 24 }}>
            {item.pincode_count}
          </Typography>
          <ChipList labels={item.pincodes} max={3} mono />
        </Box>
      ),
    },
    {
      field: 'technicians',
      header: 'Technicians',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      render: (item) => <ChipList labels={item.technicians.map((t) => t.user_name)} max={2} />,
    },
    {
      field: 'service_partners',
      header: 'Service partners',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      render: (item) => <ChipList labels={item.service_partners.map((p) => p.party_name)} max={2} />,
    },
  ],
  fields: [
    { kind: 'text', name: 'territory_name', label: 'Name', required: true, maxLength: 100 },
    {
      kind: 'lookup',
      name: 'territory_category_id',
      label: 'Territory category',
      required: true,
      list: ListTerritoryCategories,
      valueKey: 'territory_category_id',
      labelKey: 'territory_category_name',
    },
    {
      kind: 'codes',
      name: 'pincodes',
      label: 'Pincodes',
      placeholder: '560001, 560002, 560003',
      helperText:
        'Six-digit pincodes, separated by commas, spaces or new lines. A pincode belongs to one territory.',
    },
  ],
  emptyValues: { territory_name: '', territory_category_id: '', pincodes: [] },
  toolbarFilters: (state) => (
    <LookupFilter
      state={state}
      filter="territory_category_id"
      label="Category"
      list={ListTerritoryCategories}
      valueKey="territory_category_id"
      labelKey="territory_category_name"
    />
  ),
};

/** After a save: the server's message in green, the dialog closed, every list that shows it read again. */
function useSaved(close: () => void, ...ops: ListOp[]) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return async (saving: Promise<{ status_message: string }>) => {
    const answer = await saving;
    enqueueSnackbar(answer.status_message, { variant: 'success' });
    close();
    await Promise.all(ops.map((op) => queryClient.invalidateQueries({ queryKey: listQueryKey(op) })));
  };
}

/** The territories a technician or a partner covers. */
const territoriesField = (helperText: string): FieldConfig => ({
  kind: 'multilookup',
  name: 'territory_ids',
  label: 'Territories',
  list: ListTerritoriesAndPincodes,
  valueKey: 'territory_id',
  labelKey: 'territory_name',
  helperText,
});

function PincodesTab({ can }: { can: FeaturePageProps['can'] }) {
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<PincodeItem | null>(null);
  const [removing, setRemoving] = useState<PincodeItem | null>(null);
  const saved = useSaved(() => setEditing(null), ListPincodes, ListTerritoriesAndPincodes);
  const removed = useSaved(() => setRemoving(null), ListPincodes, ListTerritoriesAndPincodes);
  const mayEdit = can(UpdatePincode.access);
  const remove = useMutation({
    mutationFn: (item: PincodeItem) => removed(api.mutate(RemovePincode, { pincode_id: item.pincode_id })),
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });
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
        onSubmit={(values) =>
          saved(api.mutate(UpdatePincode, { ...values, pincode_id: editing!.pincode_id }))
        }
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
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing &&
          `Pincode ${removing.pincode} will no longer belong to '${removing.territory_name}'. Customer locations with this pincode then belong to no territory until it is added to one.`}
      </ConfirmDialog>
    </ListTab>
  );
}

const technicianSchema = UpdateTechnicianCoverage.input.pick({ territory_ids: true, category_ids: true });

function TechniciansTab({ can }: { can: FeaturePageProps['can'] }) {
  const [editing, setEditing] = useState<TechnicianCoverageItem | null>(null);
  const saved = useSaved(() => setEditing(null), ListTechnicianCoverage, ListTerritoriesAndPincodes);
  return (
    <ListTab
      can={can}
      op={ListTechnicianCoverage}
      label="Technicians"
      searchLabel="Search technician"
      statusFilter
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
        onSubmit={(values) =>
          saved(api.mutate(UpdateTechnicianCoverage, { ...values, technician_id: editing!.technician_id }))
        }
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

const partnerSchema = UpdateServicePartnerCoverage.input.pick({ territory_ids: true });

function ServicePartnersTab({ can }: { can: FeaturePageProps['can'] }) {
  const [editing, setEditing] = useState<ServicePartnerCoverageItem | null>(null);
  const saved = useSaved(() => setEditing(null), ListServicePartnerCoverage, ListTerritoriesAndPincodes);
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
        onSubmit={(values) =>
          saved(api.mutate(UpdateServicePartnerCoverage, { ...values, party_id: editing!.party_id }))
        }
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

/**
 * /TerritoriesView (issue 3 item 6; DOMAIN.md "Assignment"): territories and their pincodes, the
 * types of pincodes, and who covers which territory: technicians (with their expertise) and
 * service partners.
 */
export default function TerritoriesPage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <PageTabs
        label="Territories"
        tabs={[
          {
            key: 'territories',
            label: 'Territories',
            content: <MasterPage config={territoriesConfig} can={can} embedded />,
          },
          { key: 'pincodes', label: 'Pincodes', content: <PincodesTab can={can} /> },
          {
            key: 'pincode-types',
            label: 'Pincode types',
            content: (
              <MasterPage config={namedMasterConfig(pincodeTypes, 'Pincode types')} can={can} embedded />
            ),
          },
          { key: 'technicians', label: 'Technicians', content: <TechniciansTab can={can} /> },
          { key: 'service-partners', label: 'Service partners', content: <ServicePartnersTab can={can} /> },
        ]}
      />
    </Box>
  );
}
