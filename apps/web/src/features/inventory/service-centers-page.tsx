import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { serviceCenters } from '@fieldport/contract/operations/inventory';
import { List_Users, USER_GROUPS, type UserGroupKey } from '@fieldport/contract/operations/people';
import { isDealerRole, isPartnerRole } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { ChipList } from '../../ui/chip-list.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import type { FieldConfig, Option } from '../../ui/form-fields.tsx';
import { GST_STATE_OPTIONS } from '../../ui/gst-options.ts';
import { LookupFilter, servicePartnerLookup } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * Who may manage a store: the staff, and the people of the partners that run stores (staff see
 * them all; a partner's user sees their own partner's), and the person themselves. The server checks that
 * each fits the store (docs/inventory.md#stores).
 */
function useManagerOptions(
  staff: boolean,
  me: { user_id: string; user_name: string } | undefined,
  can: FeaturePageProps['can'],
) {
  const groups: UserGroupKey[] = (
    staff ? ['STAFF', 'SERVICE_PARTNER_OWNERS', 'PARTNER_AGENTS'] : ['PARTNER_AGENTS']
  ).filter((group) =>
    can({ module: USER_GROUPS[group as UserGroupKey].modules, right: 'VIEW' }),
  ) as UserGroupKey[];
  const loaded = useQuery({
    queryKey: [...listQueryKey(List_Users), 'store-managers', groups],
    queryFn: async () => {
      const pages = await Promise.all(
        groups.map((user_group) =>
          api.query(List_Users, { user_group, status: 'ACTIVE', page_size: 100, sort_by: 'user_name' }),
        ),
      );
      return pages.flatMap((page) =>
        page.data.items.map((user) => ({
          value: user.user_id,
          label: user.party_name ? `${user.user_name} (${user.party_name})` : user.user_name,
        })),
      );
    },
    enabled: groups.length > 0,
  });
  return useMemo(() => {
    const options: Option[] = [...(loaded.data ?? [])];
    if (me && !options.some((option) => option.value === me.user_id)) {
      options.unshift({ value: me.user_id, label: me.user_name });
    }
    return options;
  }, [loaded.data, me]);
}

function config(title: string, staff: boolean, managers: Option[]): MasterConfig<typeof serviceCenters> {
  const fields: FieldConfig[] = [
    { kind: 'text', name: 'service_center_name', label: 'Name', required: true, maxLength: 100 },
    // A partner's user's stores are always their partner's: the choice is staff's.
    ...(staff
      ? [
          {
            kind: 'lookup',
            name: 'party_id',
            label: 'Run by service partner',
            ...servicePartnerLookup,
            noneLabel: 'None: our own store',
          } satisfies FieldConfig,
        ]
      : []),
    { kind: 'text', name: 'address', label: 'Address', required: true, multiline: true, maxLength: 300 },
    { kind: 'text', name: 'city', label: 'City', required: true, maxLength: 100 },
    { kind: 'select', name: 'state', label: 'State', required: true, options: GST_STATE_OPTIONS },
    { kind: 'text', name: 'pincode', label: 'Pincode', required: true, maxLength: 6 },
    { kind: 'text', name: 'phone', label: 'Phone', maxLength: 16, helperText: '10-digit mobile number' },
    {
      kind: 'multiselect',
      name: 'manager_user_ids',
      label: 'Managers',
      options: managers,
      helperText: staff
        ? 'Staff, or people of the service partner that runs the store'
        : 'People of your service partner',
    },
  ];
  return {
    contract: serviceCenters,
    title,
    columns: [
      {
        field: 'service_center_name',
        header: 'Name',
        flex: 1,
        minWidth: 200,
        render: (item) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.service_center_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[item.address, item.pincode].join(' · ')}
            </Typography>
          </Box>
        ),
      },
      ...(staff
        ? [
            {
              field: 'party_name',
              header: 'Run by',
              width: 190,
              hideOnNarrow: true,
              render: (item: { party_name: string | null }) => item.party_name ?? 'Own store',
            },
          ]
        : []),
      { field: 'city', header: 'City', width: 170, render: (item) => `${item.city}, ${item.state}` },
      {
        field: 'managers',
        header: 'Managers',
        width: 220,
        hideOnNarrow: true,
        render: (item) => <ChipList labels={item.managers.map((manager) => manager.user_name)} max={2} />,
      },
      {
        field: 'phone',
        header: 'Phone',
        width: 130,
        hideOnNarrow: true,
        render: (item) => item.phone ?? '—',
      },
    ],
    fields,
    emptyValues: {
      service_center_name: '',
      party_id: null,
      address: '',
      city: '',
      state: '',
      pincode: '',
      phone: '',
      manager_user_ids: [],
    },
    toForm: (item) => ({
      service_center_name: item.service_center_name,
      party_id: item.party_id,
      address: item.address,
      city: item.city,
      state: item.state,
      pincode: item.pincode,
      phone: item.phone ?? '',
      manager_user_ids: item.managers.map((manager) => manager.user_id),
    }),
    toolbarFilters: staff
      ? (state) => (
          <LookupFilter state={state} filter="party_id" label="Service partner" {...servicePartnerLookup} />
        )
      : undefined,
  };
}

/**
 * /ServiceCenter (docs/inventory.md#stores): the stores that hold spare parts, the organization's
 * own and those its service partners run. Staff see every store and choose the partner; a
 * partner's users see and add only their own partner's.
 */
export function ServiceCentersPage({ route, can }: FeaturePageProps) {
  const me = useCurrentUser();
  // Until the person is known, nothing of the staff's is shown.
  const staff = me ? !isPartnerRole(me.user_type) && !isDealerRole(me.user_type) : false;
  const managers = useManagerOptions(staff, me, can);
  const pageConfig = useMemo(() => config(route.title, staff, managers), [route.title, staff, managers]);
  return <MasterPage config={pageConfig} can={can} />;
}
