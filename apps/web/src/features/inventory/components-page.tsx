import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MemoryOutlined from '@mui/icons-material/MemoryOutlined';
import { COMPONENT_IMPORT } from '@fieldport/contract/component-import';
import {
  COMPONENT_MAX_PHOTOS,
  COMPONENT_UNIT_LABELS,
  COMPONENT_UNITS,
  components,
} from '@fieldport/contract/operations/inventory';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { ChipList } from '../../ui/chip-list.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees } from '../../ui/format.ts';
import { GST_RATE_OPTIONS } from '../../ui/gst-options.ts';
import { ImportButton } from '../../ui/import-dialog.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

const mono = { fontFamily: 'ui-monospace, monospace' };

const config = (title: string): MasterConfig<typeof components> => ({
  contract: components,
  title,
  columns: [
    {
      field: 'part_number',
      header: 'Part number',
      width: 150,
      render: (item) => (
        <Typography variant="body2" sx={{ ...mono, fontWeight: 600, wordBreak: 'break-all' }}>
          {item.part_number}
        </Typography>
      ),
    },
    {
      field: 'component_name',
      header: 'Name',
      flex: 1.4,
      minWidth: 220,
      render: (item) => (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0, py: 0.5 }}>
          {/* The first photo, so that a store recognises the part; decorative beside its name.
              Below 900 px the name needs the room. */}
          <Avatar
            variant="rounded"
            src={item.component_files[0]?.file_url}
            alt=""
            sx={{
              display: { xs: 'none', md: 'flex' },
              width: 36,
              height: 36,
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <MemoryOutlined fontSize="small" />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.component_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {COMPONENT_UNIT_LABELS[item.unit]}
              {item.hsn_code && (
                <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, whiteSpace: 'nowrap' }}>
                  {` · HSN ${item.hsn_code}`}
                </Box>
              )}
            </Typography>
          </Box>
        </Box>
      ),
    },
    {
      field: 'component_price',
      header: 'Price',
      width: 120,
      align: 'right',
      render: (item) => formatRupees(item.component_price),
    },
    {
      field: 'tax_rate',
      header: 'GST',
      width: 70,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => `${item.tax_rate}%`,
    },
    {
      field: 'service_names',
      header: 'Products',
      minWidth: 200,
      flex: 1,
      hideOnNarrow: true,
      render: (item) => <ChipList labels={item.service_names} max={3} />,
    },
    { field: 'reorder_level', header: 'Reorder at', width: 110, align: 'right', hideOnNarrow: true },
  ],
  fields: [
    {
      kind: 'text',
      name: 'part_number',
      label: 'Part number',
      required: true,
      maxLength: 40,
      helperText: 'Letters, digits and . _ / -; unique in the organization',
    },
    { kind: 'text', name: 'component_name', label: 'Name', required: true, maxLength: 150 },
    {
      kind: 'select',
      name: 'unit',
      label: 'Unit',
      required: true,
      options: COMPONENT_UNITS.map((unit) => ({ value: unit, label: COMPONENT_UNIT_LABELS[unit] })),
    },
    { kind: 'money', name: 'component_price', label: 'Price', required: true },
    {
      kind: 'select',
      name: 'tax_rate',
      label: 'GST',
      required: true,
      options: GST_RATE_OPTIONS,
      numeric: true,
    },
    { kind: 'text', name: 'hsn_code', label: 'HSN code', maxLength: 8, helperText: '4, 6 or 8 digits' },
    {
      kind: 'multilookup',
      name: 'service_ids',
      label: 'Products it fits',
      list: List_Services,
      valueKey: 'service_id',
      labelKey: 'service_name',
    },
    {
      kind: 'number',
      name: 'reorder_level',
      label: 'Reorder level',
      min: 0,
      helperText: 'A store at or below this many is flagged for reordering',
    },
    {
      kind: 'files',
      name: 'component_files',
      label: 'Photos',
      purpose: 'COMPONENT_PHOTO',
      max: COMPONENT_MAX_PHOTOS,
    },
  ],
  emptyValues: {
    part_number: '',
    component_name: '',
    unit: 'NOS',
    component_price: Number.NaN,
    tax_rate: 18,
    hsn_code: '',
    service_ids: [],
    reorder_level: 0,
    component_files: [],
  },
  toForm: (item) => ({
    part_number: item.part_number,
    component_name: item.component_name,
    unit: item.unit,
    component_price: item.component_price,
    tax_rate: item.tax_rate,
    hsn_code: item.hsn_code ?? '',
    service_ids: item.service_ids,
    reorder_level: item.reorder_level,
    // Sent back as listed: without s3_key a photo is kept by its name.
    component_files: item.component_files,
  }),
  toolbarFilters: (state) => (
    <LookupFilter
      state={state}
      filter="service_id"
      label="Product"
      list={List_Services}
      valueKey="service_id"
      labelKey="service_name"
    />
  ),
});

/**
 * /ComponentsView (docs/inventory.md#components): the spare parts the organization keeps, with
 * part numbers, prices in rupees (kept in paise), GST, the products they fit and photos; imported
 * from .xlsx and exported.
 */
export function ComponentsPage({ route, can }: FeaturePageProps) {
  const queryClient = useQueryClient();
  const mayImport = can(components.create.access);
  const pageConfig = useMemo(
    () => ({
      ...config(route.title),
      toolbarActions: mayImport ? (
        <ImportButton
          spec={COMPONENT_IMPORT}
          intro="Each row is a component: a part number you already have updates that component, a new one adds it. Empty optional cells keep what the component has."
          onImported={() => queryClient.invalidateQueries({ queryKey: listQueryKey(components.list) })}
        />
      ) : undefined,
    }),
    [route.title, mayImport, queryClient],
  );
  return <MasterPage config={pageConfig} can={can} />;
}
