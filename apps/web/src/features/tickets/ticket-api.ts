import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  Count_Tickets_By_List,
  Get_Ticket_Details,
  List_Open_Tickets,
  List_Technician_Tickets,
  List_closed_Tickets,
} from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import { listQueryKey } from '../../ui/use-list.ts';

export const ticketQueryKey = (ticketId: string) => ['ticket', ticketId] as const;
export const ticketCountsKey = ['ticket-counts'] as const;
export const dashboardKey = ['dashboard'] as const;

/** One ticket with its timeline and the actions the caller may take. */
export function useTicket(ticketId: string | null) {
  return useQuery({
    queryKey: ticketQueryKey(ticketId ?? ''),
    enabled: Boolean(ticketId),
    queryFn: async () => {
      const answer = await api.query(Get_Ticket_Details, { ticket_id: ticketId! });
      return answer.data.items[0] ?? null;
    },
  });
}

/** After any change to a ticket: the ticket, every list of tickets, the counts and the dashboard. */
export async function refreshTickets(queryClient: QueryClient, ticketId?: string): Promise<void> {
  await Promise.all([
    ticketId ? queryClient.invalidateQueries({ queryKey: ticketQueryKey(ticketId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: listQueryKey(List_Open_Tickets) }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(List_closed_Tickets) }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(List_Technician_Tickets) }),
    queryClient.invalidateQueries({ queryKey: ticketCountsKey }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}

export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return (ticketId?: string) => refreshTickets(queryClient, ticketId);
}

/** The tabs' counts under the same search and filters, and which reached the cap. */
export function useTicketCounts(filters: Record<string, unknown>) {
  return useQuery({
    queryKey: [...ticketCountsKey, filters],
    queryFn: async () => (await api.query(Count_Tickets_By_List, filters as never)).data,
    placeholderData: (previous) => previous,
  });
}
