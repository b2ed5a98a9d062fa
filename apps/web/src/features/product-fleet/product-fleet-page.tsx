import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  COVERAGES,
  COVERAGE_LABELS,
  FLEET_APPROVAL_LABELS,
  FLEET_APPROVAL_STATES,
  FLEET_MODULES,
  ListProductFleet,
  amcTypes,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { FLEET_IMPORT } from '@fieldport/contract/fleet-import';
import { ListDealers } from '@fieldport/contract/operations/people';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { isDealerRole, isPartnerRole } from '@fieldport/contract/roles';
import { DataTable, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees } from '../../ui/format.ts';
import { ChoiceFilter } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAddressedRecord } from '../../ui/use-addressed-record.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { ImportButton } from '../../ui/import-dialog.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import {
  AddFleetItemDialog,
  EditFleetItemDialog,
  FleetItemDetailsDialog,
  FleetItemStatusDialog,
  TagFleetItemDialog,
} from './fleet-dialogs.tsx';
import { fleetColumns } from '../../ui/fleet-columns.tsx';

/**
 * The installed fleet (docs/product-fleet.md): /ProductFleet for staff (items and AMC types),
 * /DealerProducts for a dealer's people (their dealer's items; new ones wait for approval) and, for
 * staff, the dealers' items. Search by serial or customer phone; filters (product among them); export.
 */
function FleetItems({ can, dealersOnly, title }: FeaturePageProps & { dealersOnly: boolean; title: string }) {
  const me = useCurrentUser();
  const partyUser = me ? isDealerRole(me.user_type) || isPartnerRole(me.user_type) : true;
  const staff = !partyUser;
  const access = (right: 'CREATE' | 'EDIT') => can({ module: FLEET_MODULES, right });
  const mayCreate = access('CREATE');
  const mayEdit = access('EDIT');

  const state = useListState(ListProductFleet, {
    sortBy: 'fleet_item_created_on',
    sortOrder: 'desc',
    filters: {
      coverage: undefined,
      approval_state: undefined,
      service_id: undefined,
      dealer_party_id: undefined,
    },
  });
  const input = useMemo(
    () => ({ ...state.input, ...(dealersOnly && staff ? { owned_by: 'DEALERS' as const } : {}) }),
    [state.input, dealersOnly, staff],
  );
  const list = useList(ListProductFleet, input);
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FleetItem | null>(null);
  const [tagging, setTagging] = useState<FleetItem | null>(null);
  // A fleet item a link names (`?fleet_item_id=`, docs/search.md) opens in its details.
  const [viewing, setViewing] = useAddressedRecord('fleet_item_id');
  const [confirming, setConfirming] = useState<FleetItem | null>(null);

  const changeable = (item: FleetItem) => item.may_edit && item.approval_state !== 'PENDING';
  const actions: RowAction<FleetItem>[] = [
    {
      label: (item) => `View ${item.serial_number}`,
      icon: () => <VisibilityOutlined />,
      onClick: (item) => setViewing(item.fleet_item_id),
    },
    ...(mayEdit
      ? [
          {
            label: (item: FleetItem) => `Edit ${item.serial_number}`,
            icon: () => <EditOutlined />,
            onClick: (item: FleetItem) => setEditing(item),
            show: changeable,
          },
          {
            label: (item: FleetItem) =>
              `${item.fleet_item_status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${item.serial_number}`,
            icon: (item: FleetItem) =>
              item.fleet_item_status === 'ACTIVE' ? (
                <ToggleOffOutlined color="error" />
              ) : (
                <ToggleOnOutlined color="success" />
              ),
            onClick: (item: FleetItem) => setConfirming(item),
            show: changeable,
          },
        ]
      : []),
  ];

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
      Add fleet item
    </Button>
  ) : undefined;

  return (
    <>
      <ListToolbar
        state={state}
        searchLabel="Search by serial number or customer phone"
        actions={
          <>
            <ExportButton op={ListProductFleet} input={input} can={can} />
            {mayCreate && staff && !dealersOnly && (
              <ImportButton
                spec={FLEET_IMPORT}
                intro="Each row is a fleet item of the organization, approved at once; a customer is found by phone."
                onImported={() => queryClient.invalidateQueries({ queryKey: listQueryKey(ListProductFleet) })}
              />
            )}
            {addButton}
          </>
        }
      >
        <ChoiceFilter
          state={state}
          filter="coverage"
          label="Coverage today"
          choices={COVERAGES.map((value) => ({ value, label: COVERAGE_LABELS[value] }))}
        />
        <ChoiceFilter
          state={state}
          filter="approval_state"
          label="Approval"
          choices={FLEET_APPROVAL_STATES.map((value) => ({ value, label: FLEET_APPROVAL_LABELS[value] }))}
        />
        <LookupFilter
          state={state}
          filter="service_id"
          label="Product"
          list={List_Services}
          valueKey="service_id"
          labelKey="service_name"
        />
        {/* A dealer's people see their own dealer's items only: the filter is the organization's. */}
        {staff && (
          <LookupFilter
            state={state}
            filter="dealer_party_id"
            label="Dealer"
            list={ListDealers}
            valueKey="party_id"
            labelKey="party_name"
          />
        )}
      </ListToolbar>
      <DataTable<FleetItem>
        label={title}
        columns={fleetColumns({ dealer: staff })}
        rowActions={actions}
        getRowId={(item) => item.fleet_item_id}
        onRowOpen={(item) => setViewing(item.fleet_item_id)}
        list={list}
        state={state}
        sortable={['serial_number', 'fleet_item_created_on', 'warranty_end_date']}
        empty={{
          title: dealersOnly && staff ? 'No dealer fleet yet' : 'No fleet items yet',
          description:
            dealersOnly && staff
              ? 'Items that dealers add appear here.'
              : mayCreate
                ? 'Add the products your customers have, with their serial numbers, warranty and AMC.'
                : undefined,
          action: dealersOnly && staff ? undefined : addButton,
        }}
      />
      <AddFleetItemDialog open={adding} staff={staff} onClose={() => setAdding(false)} />
      <EditFleetItemDialog editing={editing} staff={staff} onClose={() => setEditing(null)} />
      <TagFleetItemDialog tagging={tagging} staff={staff} onClose={() => setTagging(null)} />
      <FleetItemDetailsDialog
        itemId={viewing}
        staff={staff}
        changes={
          mayEdit
            ? {
                onEdit: (item) => {
                  setViewing(null);
                  setEditing(item);
                },
                onTag: (item) => {
                  setViewing(null);
                  setTagging(item);
                },
              }
            : undefined
        }
        onClose={() => setViewing(null)}
      />
      <FleetItemStatusDialog confirming={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

const amcTypesConfig: MasterConfig<typeof amcTypes> = {
  contract: amcTypes,
  title: 'AMC types',
  columns: [
    { field: 'amc_type_name', header: 'Name', flex: 1, minWidth: 180 },
    { field: 'duration_months', header: 'Months', width: 100, align: 'right' },
    {
      field: 'visits',
      header: 'Visits',
      width: 100,
      align: 'right',
      render: (item) => (item.visits === null ? 'Unlimited' : String(item.visits)),
    },
    {
      field: 'amc_price',
      header: 'Price',
      width: 130,
      align: 'right',
      render: (item) => formatRupees(item.amc_price),
    },
    {
      field: 'service_names',
      header: 'Products',
      flex: 1,
      minWidth: 160,
      hideOnNarrow: true,
      render: (item) => (item.service_names.length ? item.service_names.join(', ') : 'Every product'),
    },
  ],
  fields: [
    { kind: 'text', name: 'amc_type_name', label: 'Name', required: true, maxLength: 100 },
    { kind: 'number', name: 'duration_months', label: 'Duration (months)', required: true, min: 1, max: 120 },
    {
      kind: 'number',
      name: 'visits',
      label: 'Visits',
      min: 1,
      max: 365,
      helperText: 'Leave empty for unlimited visits',
    },
    { kind: 'money', name: 'amc_price', label: 'Price', required: true },
    {
      kind: 'multilookup',
      name: 'service_ids',
      label: 'Products covered',
      list: List_Services,
      valueKey: 'service_id',
      labelKey: 'service_name',
      helperText: 'None chosen: every product',
    },
  ],
  emptyValues: {
    amc_type_name: '',
    duration_months: 12,
    visits: Number.NaN,
    amc_price: Number.NaN,
    service_ids: [],
  },
};

/** /ProductFleet: the organization's fleet items, and the AMC types that cover them. */
export function ProductFleetPage(props: FeaturePageProps) {
  const title = props.route.title;
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={title} />
      <PageTabs
        label={title}
        tabs={[
          {
            key: 'items',
            label: 'Fleet items',
            content: <FleetItems {...props} dealersOnly={false} title={title} />,
          },
          {
            key: 'amc-types',
            label: 'AMC types',
            content: <MasterPage config={amcTypesConfig} can={props.can} embedded />,
          },
        ]}
      />
    </Box>
  );
}

/** /DealerProducts: a dealer's own items (My Product Fleet); for staff, every dealer's. */
export function DealerProductsPage(props: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={props.route.title} />
      <FleetItems {...props} dealersOnly title={props.route.title} />
    </Box>
  );
}
