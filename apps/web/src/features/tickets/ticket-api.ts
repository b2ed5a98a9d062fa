import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  Count_Tickets_By_List,
  Get_Ticket_Details,
  List_Open_Tickets,
  List_Technician_Tickets,
  List_closed_Tickets,
} from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { keptOffline } from '../../ui/offline.ts';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation, type MutationOp, type OperationOptions } from '../../ui/use-operation.ts';

const ticketQueryKey = (ticketId: string) => ['ticket', ticketId] as const;
/** A ticket's parts (GetTicketParts): its requests, what its technician holds and what it used. */
export const ticketPartsKey = (ticketId: string) => ['ticket-parts', ticketId] as const;
const ticketCountsKey = ['ticket-counts'] as const;
/** Today's attendance of the signed-in technician. */
export const attendanceKey = ['attendance'] as const;

/**
 * One ticket with its timeline and the actions the caller may take; `keptOffline` for the field app,
 * which shows a ticket opened once without a signal (docs/product.md#working-offline).
 */
export function useTicket(ticketId: string | null, options: { keepOffline?: boolean } = {}) {
  return useQuery({
    ...(options.keepOffline ? keptOffline : {}),
    queryKey: ticketQueryKey(ticketId ?? ''),
    enabled: Boolean(ticketId),
    queryFn: async () => {
      const answer = await api.query(Get_Ticket_Details, { ticket_id: ticketId! });
      return answer.data.items[0] ?? null;
    },
  });
}

/** What any change to a ticket makes stale: the ticket, every list of tickets, the counts and the dashboard. */
function ticketChangeKeys(ticketId?: string): QueryKey[] {
  return [
    ...(ticketId ? [ticketQueryKey(ticketId), ticketPartsKey(ticketId)] : []),
    listQueryKey(List_Open_Tickets),
    listQueryKey(List_closed_Tickets),
    listQueryKey(List_Technician_Tickets),
    ticketCountsKey,
    queryKeys.dashboard,
  ];
}

/** Reads a ticket and what shows it again without a change (a refused closure code may have used a try). */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return (ticketId?: string) => refreshTickets(queryClient, ticketId);
}

/** Reads a ticket and what shows it again (the field app's outbox, after sending one of its actions). */
export function refreshTickets(queryClient: QueryClient, ticketId?: string) {
  return Promise.all(
    ticketChangeKeys(ticketId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** A ticket's operation (ui/use-operation.ts), reading the ticket and its lists again after it. */
export function useTicketOperation<Op extends MutationOp>(
  op: Op,
  ticketId: string | undefined,
  options: Omit<OperationOptions<Op>, 'invalidate'> = {},
) {
  return useOperation(op, { ...options, invalidate: ticketChangeKeys(ticketId) });
}

/** The tabs' counts under the same search and filters, and which reached the cap. */
export function useTicketCounts(filters: Record<string, unknown>) {
  return useQuery({
    queryKey: [...ticketCountsKey, filters],
    queryFn: async () => (await api.query(Count_Tickets_By_List, filters as never)).data,
    placeholderData: (previous) => previous,
  });
}
