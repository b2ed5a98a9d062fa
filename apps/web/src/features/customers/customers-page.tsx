import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { CUSTOMER_IMPORT } from '@fieldport/contract/customer-import';
import { CUSTOMER_MODULES, ListCustomers, type CustomerItem } from '@fieldport/contract/operations/customers';
import { CUSTOMER_PRODUCTS_MODULE, ListProductFleet } from '@fieldport/contract/operations/product-fleet';
import { isDealerRole, isPartnerRole } from '@fieldport/contract/roles';
import { DataTable, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAddressedRecord } from '../../ui/use-addressed-record.ts';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { useCustomerColumns } from './customer-columns.tsx';
import { CustomerDetailsDialog } from './customer-details-dialog.tsx';
import { AddCustomerDialog, CustomerStatusDialog, EditCustomerDialog } from './customer-dialogs.tsx';
import { ImportButton } from '../../ui/import-dialog.tsx';
import { CustomerListFilters } from './customer-list-filters.tsx';

/**
 * Customers (docs/customers.md): /CustomersView for staff and service partners, /MyCustomer for
 * dealer users (their dealer's customers only; the server scopes the list) and, for staff, the
 * dealers' customers. Search by name, phone or email; filters; export; import; add, edit,
 * locations, activate and deactivate.
 */
function CustomersScreen({ route, can, dealersOnly }: FeaturePageProps & { dealersOnly: boolean }) {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const partyUser = me ? isDealerRole(me.user_type) || isPartnerRole(me.user_type) : true;
  const staffDealerView = dealersOnly && !partyUser;
  const title = route.title;
  const access = (right: 'CREATE' | 'EDIT') => can({ module: CUSTOMER_MODULES, right });
  const mayCreate = access('CREATE');
  const mayEdit = access('EDIT');

  const state = useListState(ListCustomers, {
    sortBy: 'customer_name',
    filters: { customer_category_id: undefined, owned_by: undefined },
  });
  const input = useMemo(
    () => ({ ...state.input, ...(staffDealerView ? { owned_by: 'DEALERS' as const } : {}) }),
    [state.input, staffDealerView],
  );
  const list = useList(ListCustomers, input);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CustomerItem | null>(null);
  // A customer a link names (`?customer_id=`, docs/search.md) opens in its details.
  const [viewing, setViewing] = useAddressedRecord('customer_id');
  const [confirming, setConfirming] = useState<CustomerItem | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: listQueryKey(ListCustomers) });
  };

  const columns = useCustomerColumns(partyUser);

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

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={title} />
      <ListToolbar
        state={state}
        searchLabel="Search by name, phone or email"
        actions={
          <>
            <ExportButton op={ListCustomers} input={input} can={can} />
            {mayCreate && <ImportButton spec={CUSTOMER_IMPORT} onImported={refresh} />}
            {addButton}
          </>
        }
      >
        <CustomerListFilters state={state} showOwner={!partyUser && !dealersOnly} />
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

      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
      <EditCustomerDialog editing={editing} onClose={() => setEditing(null)} />
      <CustomerDetailsDialog
        customerId={viewing}
        mayEdit={mayEdit}
        products={{
          // No fleet item belongs to a service partner: its people would only ever see none.
          show: can(ListProductFleet.access) && !(me && isPartnerRole(me.user_type)),
          linkToReport: can({ module: CUSTOMER_PRODUCTS_MODULE, right: 'VIEW' }),
        }}
        onEdit={(customer) => {
          setViewing(null);
          setEditing(customer);
        }}
        onChanged={refresh}
        onClose={() => setViewing(null)}
      />
      <CustomerStatusDialog confirming={confirming} onClose={() => setConfirming(null)} />
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
