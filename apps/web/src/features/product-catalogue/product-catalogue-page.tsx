import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import {
  CATEGORY_TYPES,
  CATEGORY_TYPE_LABELS,
  List_Categories_By_Selected_Master_Category,
  ListMasterCategories,
  SERVICE_ENABLE_TYPES,
  SERVICE_ENABLE_TYPE_LABELS,
  SERVICE_MAX_FILES,
  categories,
  masterCategories,
  services,
} from '@fieldport/contract/operations/product-catalogue';
import { ListServiceTypes } from '@fieldport/contract/operations/settings';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees } from '../../ui/format.ts';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

const servicesConfig: MasterConfig<typeof services> = {
  contract: services,
  title: 'Services',
  columns: [
    { field: 'service_display_id', header: 'Service ID', width: 120, hideOnNarrow: true },
    {
      field: 'service_name',
      header: 'Name',
      flex: 1,
      minWidth: 180,
      render: (item) => (
        <Box sx={{ minWidth: 0, py: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.service_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[item.manufacturer_name, item.is_visible ? null : 'Hidden'].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'category_name',
      header: 'Category',
      width: 190,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <span>{item.category_name}</span>
          <Chip
            size="small"
            label={item.service_ticket_prefix}
            sx={{ fontFamily: 'ui-monospace, monospace' }}
          />
        </Box>
      ),
    },
    {
      field: 'service_price',
      header: 'Price',
      width: 120,
      align: 'right',
      render: (item) => formatRupees(item.service_price),
    },
    {
      field: 'service_s3_files',
      header: 'Files',
      width: 90,
      hideOnNarrow: true,
      render: (item) =>
        item.service_s3_files.length ? (
          <Chip
            size="small"
            icon={<AttachFileOutlined />}
            label={item.service_s3_files.length}
            aria-label={`${item.service_s3_files.length} files: ${item.service_s3_files.map((f) => f.file_name).join(', ')}`}
          />
        ) : (
          '—'
        ),
    },
  ],
  fields: [
    {
      kind: 'lookup',
      name: 'category_id',
      label: 'Category',
      required: true,
      list: List_Categories_By_Selected_Master_Category,
      valueKey: 'category_id',
      labelKey: 'category_name',
    },
    { kind: 'text', name: 'service_name', label: 'Name', required: true, maxLength: 150 },
    { kind: 'money', name: 'service_price', label: 'Price', required: true },
    {
      kind: 'number',
      name: 'service_credits',
      label: 'Credits',
      min: 0,
      max: 10_000,
      helperText: 'Credits a ticket for this service uses',
    },
    { kind: 'text', name: 'manufacturer_name', label: 'Manufacturer', maxLength: 100 },
    {
      kind: 'select',
      name: 'service_enable_type',
      label: 'Who may raise tickets for it',
      required: true,
      options: SERVICE_ENABLE_TYPES.map((value) => ({ value, label: SERVICE_ENABLE_TYPE_LABELS[value] })),
    },
    {
      kind: 'multilookup',
      name: 'service_type_ids',
      label: 'Service types',
      list: ListServiceTypes,
      valueKey: 'service_type_id',
      labelKey: 'service_type_name',
    },
    { kind: 'switch', name: 'is_visible', label: 'Offered when tickets are raised' },
    { kind: 'switch', name: 'service_technician_enabled', label: 'Technicians may raise tickets for it' },
    {
      kind: 'files',
      name: 'service_s3_files',
      label: 'Files',
      purpose: 'SERVICE_FILE',
      max: SERVICE_MAX_FILES,
    },
  ],
  emptyValues: {
    category_id: '',
    service_name: '',
    service_price: Number.NaN,
    service_credits: 0,
    manufacturer_name: '',
    service_enable_type: 'ALL',
    service_type_ids: [],
    autotag_to_users: [],
    is_visible: true,
    service_technician_enabled: true,
    service_s3_files: [],
  },
  toForm: (item) => ({
    category_id: item.category_id,
    service_name: item.service_name,
    service_price: item.service_price,
    service_credits: item.service_credits,
    manufacturer_name: item.manufacturer_name ?? '',
    service_enable_type: item.service_enable_type,
    service_type_ids: item.service_type_ids,
    autotag_to_users: item.autotag_to_users,
    is_visible: item.is_visible,
    service_technician_enabled: item.service_technician_enabled,
    // Sent back as listed: without s3_key a file is kept by its name.
    service_s3_files: item.service_s3_files,
  }),
  toolbarFilters: (state) => (
    <>
      <LookupFilter
        state={state}
        filter="master_category_id"
        label="Master category"
        list={ListMasterCategories}
        valueKey="master_category_id"
        labelKey="master_category_name"
      />
      <LookupFilter
        state={state}
        filter="category_id"
        label="Category"
        list={List_Categories_By_Selected_Master_Category}
        valueKey="category_id"
        labelKey="category_name"
        where={{ master_category_id: (state.input as { master_category_id?: string }).master_category_id }}
      />
    </>
  ),
};

const categoriesConfig: MasterConfig<typeof categories> = {
  contract: categories,
  title: 'Categories',
  columns: [
    { field: 'category_name', header: 'Name', flex: 1, minWidth: 170 },
    { field: 'master_category_name', header: 'Master category', width: 190, hideOnNarrow: true },
    {
      field: 'category_ticket_prefix',
      header: 'Ticket prefix',
      width: 130,
      render: (item) => (
        <Chip
          size="small"
          label={item.category_ticket_prefix}
          sx={{ fontFamily: 'ui-monospace, monospace' }}
        />
      ),
    },
    {
      field: 'category_type',
      header: 'Type',
      width: 130,
      hideOnNarrow: true,
      render: (item) => CATEGORY_TYPE_LABELS[item.category_type],
    },
  ],
  fields: [
    {
      kind: 'lookup',
      name: 'master_category_id',
      label: 'Master category',
      required: true,
      list: ListMasterCategories,
      valueKey: 'master_category_id',
      labelKey: 'master_category_name',
    },
    { kind: 'text', name: 'category_name', label: 'Name', required: true, maxLength: 100 },
    {
      kind: 'text',
      name: 'category_ticket_prefix',
      label: 'Ticket prefix',
      required: true,
      maxLength: 6,
      helperText: '2 to 6 capital letters or digits; its tickets are numbered like AC-000123',
    },
    {
      kind: 'select',
      name: 'category_type',
      label: 'Type',
      required: true,
      options: CATEGORY_TYPES.map((value) => ({ value, label: CATEGORY_TYPE_LABELS[value] })),
    },
  ],
  emptyValues: {
    master_category_id: '',
    category_name: '',
    category_ticket_prefix: '',
    category_type: 'PRODUCT',
  },
  toolbarFilters: (state) => (
    <LookupFilter
      state={state}
      filter="master_category_id"
      label="Master category"
      list={ListMasterCategories}
      valueKey="master_category_id"
      labelKey="master_category_name"
    />
  ),
};

const masterCategoriesConfig: MasterConfig<typeof masterCategories> = {
  contract: masterCategories,
  title: 'Master categories',
  columns: [
    { field: 'master_category_name', header: 'Name', flex: 1, minWidth: 180 },
    { field: 'category_count', header: 'Categories', width: 120, align: 'right' },
  ],
  fields: [{ kind: 'text', name: 'master_category_name', label: 'Name', required: true, maxLength: 100 }],
  emptyValues: { master_category_name: '' },
};

/**
 * /ProductCatalogue (docs/product.md#product-catalogue): the services the organization offers, with
 * prices and files; their categories, whose ticket prefixes number the tickets; and the master
 * categories that group them.
 */
export default function ProductCataloguePage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <PageTabs
        label="Product catalogue"
        tabs={[
          {
            key: 'services',
            label: 'Services',
            content: <MasterPage config={servicesConfig} can={can} embedded />,
          },
          {
            key: 'categories',
            label: 'Categories',
            content: <MasterPage config={categoriesConfig} can={can} embedded />,
          },
          {
            key: 'master-categories',
            label: 'Master categories',
            content: <MasterPage config={masterCategoriesConfig} can={can} embedded />,
          },
        ]}
      />
    </Box>
  );
}
