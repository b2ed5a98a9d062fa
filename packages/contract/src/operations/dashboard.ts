import { z } from 'zod';
import { query } from '../operation.ts';
import type { TicketState } from '../ticket-states.ts';

/**
 * The dashboard's operation (docs/tickets.md#operations), apart from the tickets' other operations
 * (operations/tickets.ts re-exports it) so that the signed-in shell, which draws the dashboard, does
 * not load and build every ticket, customer and inventory schema and the phone number metadata.
 */

export interface DashboardData {
  counts_by_state: Record<TicketState, number>;
  created_today: number;
  closed_today: number;
  by_territory: { territory_id: string | null; territory_name: string; open_tickets: number }[];
  /** Active tickets with a service partner, by partner (the organization's own are not listed). */
  by_partner: { partner_party_id: string; partner_name: string; open_tickets: number }[];
  /** The last 30 days in the organization's time zone, oldest first. */
  trend: { day: string; created: number; closed: number }[];
}

/** The dashboard's counts, scoped like the lists (a partner's users see their partner's tickets). */
export const OrganizationDashboard = query<DashboardData>()({
  name: 'OrganizationDashboard',
  description: 'Ticket counts per state, today, per territory and per partner, and a 30-day trend',
  access: { module: 'Dashboard', right: 'VIEW' },
  input: z.object({}).strict(),
});
