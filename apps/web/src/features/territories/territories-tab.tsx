import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ListTerritoryCategories } from '@fieldport/contract/operations/settings';
import { territories } from '@fieldport/contract/operations/territories';
import { ChipList } from '../../ui/chip-list.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';

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

/** The territories master: a territory's category, its pincodes and who covers it. */
export function TerritoriesTab({ can }: { can: FeaturePageProps['can'] }) {
  return <MasterPage config={territoriesConfig} can={can} embedded />;
}
