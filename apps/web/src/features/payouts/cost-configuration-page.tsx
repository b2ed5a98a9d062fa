import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PriceCheckOutlined from '@mui/icons-material/PriceCheckOutlined';
import {
  costConfigurations,
  PriceUnpricedTickets,
  type CostConfigurationItem,
} from '@fieldport/contract/operations/payouts';
import { List_closed_Tickets } from '@fieldport/contract/operations/tickets';
import {
  List_Categories_By_Selected_Master_Category,
  List_Services,
} from '@fieldport/contract/operations/product-catalogue';
import { ListServiceTypes, ListTerritoryCategories } from '@fieldport/contract/operations/settings';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees } from '../../ui/format.ts';
import { LookupFilter, servicePartnerLookup } from '../../ui/lookup-filter.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';

/** What the card narrows to, in words: 'Split AC · Installation · Metro'. */
function appliesTo(item: CostConfigurationItem): string {
  const target = item.service_name ?? (item.category_name ? `All of ${item.category_name}` : 'Every service');
  return [target, item.service_type_name, item.territory_category_name].filter(Boolean).join(' · ');
}

function validity(item: CostConfigurationItem): string {
  return item.valid_until
    ? `${formatDay(item.valid_from)} – ${formatDay(item.valid_until)}`
    : `From ${formatDay(item.valid_from)}`;
}

/**
 * Prices the closed partner tickets no card priced when they closed, by the cards in force on
 * their closing days (after a missing card was added). Priced tickets are never changed.
 */
function PriceFlaggedButton() {
  const [asking, setAsking] = useState(false);
  const price = useOperation(PriceUnpricedTickets, {
    onSuccess: () => setAsking(false),
    invalidate: [listQueryKey(List_closed_Tickets)],
  });
  return (
    <>
      <Button variant="outlined" startIcon={<PriceCheckOutlined />} onClick={() => setAsking(true)}>
        Price flagged tickets
      </Button>
      <ConfirmDialog
        open={asking}
        title="Price the flagged tickets?"
        confirmLabel="Price them"
        busy={price.isPending}
        onConfirm={() => price.run({})}
        onClose={() => setAsking(false)}
      >
        Closed tickets of your service partners that no rate card priced when they closed are priced now, each
        by the cards in force on its closing day. Tickets already priced keep their amounts.
      </ConfirmDialog>
    </>
  );
}

const config = (title: string, mayPrice: boolean): MasterConfig<typeof costConfigurations> => ({
  contract: costConfigurations,
  title,
  notice: (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 3, maxWidth: 900 }}>
      When a service partner&apos;s ticket closes, the most specific card of that partner in force on the
      closing day sets what the partner earns, and the amount stays on the ticket. A service beats a category,
      which beats a partner&apos;s default; then a service type, then a territory category.
    </Typography>
  ),
  columns: [
    {
      field: 'cost_configuration_name',
      header: 'Rate card',
      flex: 1,
      minWidth: 200,
      render: (item) => <TwoLineCell first={item.cost_configuration_name} second={appliesTo(item)} />,
    },
    { field: 'partner_name', header: 'Service partner', width: 190, hideOnNarrow: true },
    {
      field: 'specificity',
      header: 'Applies as',
      width: 210,
      hideOnNarrow: true,
      render: (item) => item.specificity_label,
    },
    {
      field: 'amount_paise',
      header: 'Amount',
      width: 120,
      align: 'right',
      render: (item) => formatRupees(item.amount_paise),
    },
    { field: 'valid_from', header: 'Valid', width: 210, hideOnNarrow: true, render: validity },
  ],
  fields: [
    { kind: 'text', name: 'cost_configuration_name', label: 'Name', required: true, maxLength: 120 },
    {
      kind: 'lookup',
      name: 'party_id',
      label: 'Service partner',
      required: true,
      ...servicePartnerLookup,
    },
    {
      kind: 'lookup',
      name: 'category_id',
      label: 'Category',
      list: List_Categories_By_Selected_Master_Category,
      valueKey: 'category_id',
      labelKey: 'category_name',
      noneLabel: 'Any category',
    },
    {
      kind: 'lookup',
      name: 'service_id',
      label: 'Service',
      list: List_Services,
      valueKey: 'service_id',
      labelKey: 'service_name',
      noneLabel: 'Any service',
    },
    {
      kind: 'lookup',
      name: 'service_type_id',
      label: 'Service type',
      list: ListServiceTypes,
      valueKey: 'service_type_id',
      labelKey: 'service_type_name',
      noneLabel: 'Any service type',
    },
    {
      kind: 'lookup',
      name: 'territory_category_id',
      label: 'Territory category',
      list: ListTerritoryCategories,
      valueKey: 'territory_category_id',
      labelKey: 'territory_category_name',
      noneLabel: 'Any territory category',
    },
    {
      kind: 'money',
      name: 'amount_paise',
      label: 'Amount per closed ticket',
      required: true,
    },
    { kind: 'date', name: 'valid_from', label: 'Valid from', required: true },
    { kind: 'date', name: 'valid_until', label: 'Valid until', helperText: 'Leave empty for no end' },
  ],
  emptyValues: {
    cost_configuration_name: '',
    party_id: '',
    category_id: null,
    service_id: null,
    service_type_id: null,
    territory_category_id: null,
    amount_paise: Number.NaN,
    valid_from: '',
    valid_until: '',
  },
  toForm: (item) => ({
    cost_configuration_name: item.cost_configuration_name,
    party_id: item.party_id,
    category_id: item.category_id,
    service_id: item.service_id,
    service_type_id: item.service_type_id,
    territory_category_id: item.territory_category_id,
    amount_paise: item.amount_paise,
    valid_from: item.valid_from,
    valid_until: item.valid_until ?? '',
  }),
  toolbarActions: mayPrice ? <PriceFlaggedButton /> : undefined,
  toolbarFilters: (state) => (
    <LookupFilter state={state} filter="party_id" label="Service partner" {...servicePartnerLookup} />
  ),
});

/**
 * /CostConfiguration (docs/payouts.md#rate-cards): what each service partner earns for a closed
 * ticket. Only the organization's staff see this screen.
 */
export default function CostConfigurationPage({ route, can }: FeaturePageProps) {
  const mayPrice = can(PriceUnpricedTickets.access);
  const pageConfig = useMemo(() => config(route.title, mayPrice), [route.title, mayPrice]);
  return <MasterPage config={pageConfig} can={can} />;
}
