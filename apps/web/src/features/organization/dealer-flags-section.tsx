import Switch from '@mui/material/Switch';
import Chip from '@mui/material/Chip';
import {
  DEALER_FLAG_KEYS,
  DEALER_FLAG_LABELS,
  ListDealerFlags,
  UpdateDealerFlags,
  type DealerFlagsItem,
} from '@fieldport/contract/operations/organization';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { Section } from './settings-section.tsx';

/**
 * The tabs each dealer's users see (docs/product.md#menus-and-landing-pages; default on). A switch
 * saves at once; the dealer's users get the change at their next page load.
 */
export function DealerFlagsSection({ mayEdit }: { mayEdit: boolean }) {
  const state = useListState(ListDealerFlags, { sortBy: 'party_name', pageSize: 10 });
  const { input } = state;
  const list = useList(ListDealerFlags, input);

  const toggle = useOperation(UpdateDealerFlags, { invalidate: [listQueryKey(ListDealerFlags)] });
  const switching = toggle.isPending ? (toggle.variables as { party_id: string } | undefined) : undefined;

  const columns: DataTableColumn<DealerFlagsItem>[] = [
    {
      field: 'party_name',
      header: 'Dealer',
      flex: 1,
      minWidth: 160,
      render: (dealer) => (
        <span>
          {dealer.party_name}
          {dealer.party_status === 'SUSPENDED' && (
            <Chip size="small" label="Suspended" variant="outlined" sx={{ ml: 1 }} />
          )}
        </span>
      ),
    },
    ...DEALER_FLAG_KEYS.map((flag): DataTableColumn<DealerFlagsItem> => ({
      field: flag,
      header: DEALER_FLAG_LABELS[flag],
      width: 150,
      align: 'center',
      // Below 850 px a dealer's switches are under its row's Details.
      hideOnNarrow: true,
      render: (dealer) => (
        <Switch
          checked={dealer[flag]}
          disabled={!mayEdit || switching?.party_id === dealer.party_id}
          onChange={() => toggle.run({ party_id: dealer.party_id, [flag]: !dealer[flag] })}
          slotProps={{ input: { 'aria-label': `${DEALER_FLAG_LABELS[flag]} tab for ${dealer.party_name}` } }}
        />
      ),
    })),
  ];

  return (
    <Section
      title="Dealer tabs"
      description="What each dealer's users see in their menu. Turn a tab off to hide it from that dealer."
    >
      <ListToolbar state={state} searchLabel="Search dealers" />
      <DataTable<DealerFlagsItem>
        label="Dealer tabs"
        columns={columns}
        getRowId={(dealer) => dealer.party_id}
        list={list}
        state={state}
        sortable={['party_name']}
        empty={{
          title: 'No dealers yet',
          description: 'Dealers appear here once they are added under Masters › Dealers.',
        }}
      />
    </Section>
  );
}
