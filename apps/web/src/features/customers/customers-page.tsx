import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  ActivateOrDeactivateCustomer,
  CUSTOMER_MODULES,
  CreateCustomer,
  ListCustomers,
  UpdateCustomer,
  createCustomerSchema,
  customerFormSchema,
  type CustomerItem,
  type CustomerOwner,
} from '@fieldport/contract/operations/customers';
import { ListCustomerCategories } from '@fieldport/contract/operations/settings';
import { countryName, formatPhoneInternational } from '@fieldport/contract/phone';
import { isDealerRole, isPartnerRole } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useCurrentUser } from '../people/use-current-user.ts';
import { CustomerDetailsDialog, customerQueryKey } from './customer-details-dialog.tsx';
import { CustomerFields, customerToForm, emptyLocation } from './customer-form.tsx';
import { CustomerImportDialog } from './customer-import-dialog.tsx';

const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const formatDate = (iso: string) => DATE.format(new Date(iso));

const OWNER_LABELS: Record<CustomerOwner, string> = {
  ALL: 'Everyone',
  ORGANIZATION: 'Organization',
  DEALERS: 'Dealers',
};

const newCustomer = () => ({
  customer_name: '',
  phone_country: 'IN',
  customer_phone: '',
  customer_email: '',
  customer_category_id: null,
  primary_location: emptyLocation(),
  secondary_locations: [],
});

/**
 * Customers (SPEC section 2): /CustomersView for staff and service partners, /MyCustomer for
 * dealer users (their dealer's customers only; the server scopes the list) and, for staff, the
 * dealers' customers. Search by name, phone or email; filters; export; import; add, edit,
 * locations, activate and deactivate.
 */
function CustomersScreen({ route, can, dealersOnly }: FeaturePageProps & { dealersOnly: boolean }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser();
  const partyUser = me ? isDealerRole(me.user_type) || isPartnerRole(me.user_type) : true;
  const staffDealerView = dealersOnly && !partyUser;
  const title = route.title;
  const access = (right: 'CREATE' | 'EDIT') => can({ module: CUSTOMER_MODULES, right });
  const mayCreate = access('CREATE');
  const mayEdit = access('EDIT');

  const state = useListState({
    sortBy: 'customer_name',
    filters: { customer_category_id: undefined, owned_by: undefined },
  });
  const input = useMemo(
    () => ({ ...state.input, ...(staffDealerView ? { owned_by: 'DEALERS' } : {}) }),
    [state.input, staffDealerView],
  );
  const list = useList(ListCustomers, input);
  const categories = useQuery({
    queryKey: [...listQueryKey(ListCustomerCategories), 'filter'],
    queryFn: async () =>
      (
        await api.query(ListCustomerCategories, {
          status: 'ALL',
          page_size: 100,
          sort_by: 'customer_category_name',
        })
      ).data.items,
    staleTime: 30_000,
  });

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CustomerItem | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirming, setConfirming] = useState<CustomerItem | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: listQueryKey(ListCustomers) });
  };

  const toggle = useMutation({
    mutationFn: (item: CustomerItem) =>
      api.mutate(ActivateOrDeactivateCustomer, {
        customer_id: item.customer_id,
        customer_status: item.customer_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
      }),
    onSuccess: async (answer, item) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: customerQueryKey(item.customer_id) });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  const columns: DataTableColumn<CustomerItem>[] = [
    {
      field: 'customer_name',
      header: 'Name',
      flex: 1.4,
      minWidth: 150,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
            {item.customer_name}
          </Typography>
          {item.customer_email && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {item.customer_email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_phone',
      header: 'Phone',
      width: 150,
      // A phone number does not wrap.
      narrowMinWidth: 132,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {formatPhoneInternational(item.customer_phone)}
          </Typography>
          {item.phone_country !== 'IN' && (
            <Typography variant="caption" color="text.secondary">
              {countryName(item.phone_country)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'city',
      header: 'Location',
      flex: 1,
      minWidth: 120,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Typography variant="body2">
            {item.primary_location.city} {item.primary_location.pincode}
          </Typography>
          {item.secondary_location_count > 0 && (
            <Typography variant="caption" color="text.secondary">
              +{item.secondary_location_count} more{' '}
              {item.secondary_location_count === 1 ? 'location' : 'locations'}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_category_name',
      header: 'Category',
      width: 115,
      hideOnNarrow: true,
      render: (item) => item.customer_category_name ?? '—',
    },
    ...(partyUser
      ? []
      : [
          {
            field: 'party_name',
            header: 'Belongs to',
            width: 140,
            hideOnNarrow: true,
            render: (item: CustomerItem) => item.party_name ?? 'Organization',
          },
        ]),
    {
      field: 'customer_status',
      header: 'Status',
      width: 100,
      render: (item) => <StatusChip status={item.customer_status} />,
    },
    {
      field: 'customer_created_on',
      header: 'Added on',
      width: 115,
      hideOnNarrow: true,
      render: (item) => formatDate(item.customer_created_on),
    },
  ];

  const actions: RowAction<CustomerItem>[] = [
    {
      label: (item) => `View ${item.customer_name}`,
      icon: () => <VisibilityOutlined />,
      onClick: (item) => setViewing(item.customer_id),
    },
    ...(mayEdit
      ? [
          {
            label: (item: CustomerItem) => `Edit ${item.customer_name}`,
            icon: () => <EditOutlined />,
            onClick: (item: CustomerItem) => setEditing(item),
            show: (item: CustomerItem) => item.may_edit,
          },
          {
            label: (item: CustomerItem) =>
              `${item.customer_status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${item.customer_name}`,
            icon: (item: CustomerItem) =>
              item.customer_status === 'ACTIVE' ? (
                <ToggleOffOutlined color="error" />
              ) : (
                <ToggleOnOutlined color="success" />
              ),
            onClick: (item: CustomerItem) => setConfirming(item),
            show: (item: CustomerItem) => item.may_edit,
          },
        ]
      : []),
  ];

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
      Add customer
    </Button>
  ) : undefined;
  const categoryOptions = categories.data ?? [];
  const confirmingActive = confirming?.customer_status === 'ACTIVE';

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={title} />
      <ListToolbar
        state={state}
        searchLabel="Search by name, phone or email"
        actions={
          <>
            <ExportButton op={ListCustomers} input={input} can={can} />
            {mayCreate && (
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => setImporting(true)}
              >
                Import
              </Button>
            )}
            {addButton}
          </>
        }
      >
        <TextField
          select
          label="Category"
          size="small"
          value={(state.input as { customer_category_id?: string }).customer_category_id ?? ''}
          onChange={(event) => state.setFilter('customer_category_id', event.target.value || undefined)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: 170, flex: '0 0 auto' }}
        >
          <MenuItem value="">All categories</MenuItem>
          {categoryOptions.map((category) => (
            <MenuItem key={category.customer_category_id} value={category.customer_category_id}>
              {category.customer_category_name}
            </MenuItem>
          ))}
        </TextField>
        {!partyUser && !dealersOnly && (
          <TextField
            select
            label="Belongs to"
            size="small"
            value={(state.input as { owned_by?: CustomerOwner }).owned_by ?? 'ALL'}
            onChange={(event) =>
              state.setFilter('owned_by', event.target.value === 'ALL' ? undefined : event.target.value)
            }
            sx={{ width: 160, flex: '0 0 auto' }}
          >
            {(Object.keys(OWNER_LABELS) as CustomerOwner[]).map((owner) => (
              <MenuItem key={owner} value={owner}>
                {OWNER_LABELS[owner]}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ListToolbar>
      <DataTable<CustomerItem>
        label={title}
        columns={columns}
        rowActions={actions}
        getRowId={(item) => item.customer_id}
        list={list}
        state={state}
        sortable={['customer_name', 'customer_created_on']}
        empty={{
          title: staffDealerView ? 'No dealer customers yet' : 'No customers yet',
          description: staffDealerView
            ? 'Customers that dealers add appear here.'
            : mayCreate
              ? 'Add a customer, or import many at once from a workbook.'
              : undefined,
          action: staffDealerView ? undefined : addButton,
        }}
      />

      <FormDialog
        open={adding}
        title="Add customer"
        schema={createCustomerSchema}
        defaultValues={newCustomer() as never}
        submitLabel="Add"
        onSubmit={async (values) => {
          const answer = await api.mutate(CreateCustomer, values);
          enqueueSnackbar(answer.status_message, { variant: 'success' });
          setAdding(false);
          await refresh();
        }}
        onClose={() => setAdding(false)}
      >
        {(form) => <CustomerFields form={form as never} withSecondary />}
      </FormDialog>
      <FormDialog
        open={editing !== null}
        title="Edit customer"
        schema={customerFormSchema}
        defaultValues={(editing ? customerToForm(editing) : newCustomer()) as never}
        onSubmit={async (values) => {
          const answer = await api.mutate(UpdateCustomer, { ...values, customer_id: editing!.customer_id });
          enqueueSnackbar(answer.status_message, { variant: 'success' });
          await queryClient.invalidateQueries({ queryKey: customerQueryKey(editing!.customer_id) });
          setEditing(null);
          await refresh();
        }}
        onClose={() => setEditing(null)}
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
      <CustomerDetailsDialog
        customerId={viewing}
        mayEdit={mayEdit}
        onEdit={(customer) => {
          setViewing(null);
          setEditing(customer);
        }}
        onChanged={refresh}
        onClose={() => setViewing(null)}
      />
      {mayCreate && (
        <CustomerImportDialog open={importing} onImported={refresh} onClose={() => setImporting(false)} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirmingActive ? 'Deactivate' : 'Activate'} customer?`}
        confirmLabel={confirmingActive ? 'Deactivate' : 'Activate'}
        destructive={confirmingActive}
        busy={toggle.isPending}
        onConfirm={() => confirming && toggle.mutate(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          (confirmingActive
            ? `'${confirming.customer_name}' will no longer be offered for new tickets. Their history stays. You can activate them again at any time.`
            : `'${confirming.customer_name}' will be offered again for new tickets.`)}
      </ConfirmDialog>
    </Box>
  );
}

/** /CustomersView: staff see every customer; a service partner its own. */
export function CustomersPage(props: FeaturePageProps) {
  return <CustomersScreen {...props} dealersOnly={false} />;
}

/** /MyCustomer: a dealer's own customers; for staff, every dealer's customers. */
export function MyCustomersPage(props: FeaturePageProps) {
  return <CustomersScreen {...props} dealersOnly />;
}
