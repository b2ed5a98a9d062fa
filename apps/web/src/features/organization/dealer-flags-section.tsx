import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Switch from '@mui/material/Switch';
import Chip from '@mui/material/Chip';
import {
  DEALER_FLAG_KEYS,
  DEALER_FLAG_LABELS,
  ListDealerFlags,
  UpdateDealerFlags,
  type DealerFlagsItem,
} from '@fieldport/contract/operations/organization';
import { api } from '../../api/client.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { Section } from './settings-section.tsx';

type Flag = (typeof DEALER_FLAG_KEYS)[number];

/**
 * The tabs each dealer's users see (SPEC section 3 "For dealers"; default on, section 9). A switch
 * saves at once; the dealer's users get the change at their next page load.
 */
export function DealerFlagsSection({ mayEdit }: { mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const state = useListState({ sortBy: 'party_name', pageSize: 10 });
  // Dealers have no ACTIVE/INACTIVE filter: the list takes no status.
  const input = useMemo(() => {
    const { status: _status, ...rest } = state.input;
    return rest;
  }, [state.input]);
  const list = useList(ListDealerFlags, input);

  const toggle = useMutation({
    mutationFn: ({ dealer, flag }: { dealer: DealerFlagsItem; flag: Flag }) =>
      api.mutate(UpdateDealerFlags, { party_id: dealer.party_id, [flag]: !dealer[flag] }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: listQueryKey(ListDealerFlags) });
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

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
          disabled={!mayEdit || (toggle.isPending && toggle.variables?.dealer.party_id === dealer.party_id)}
          onChange={() => toggle.mutate({ dealer, flag })}
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
      <ListToolbar state={state} searchLabel="Search dealers" statusFilter={false} />
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
