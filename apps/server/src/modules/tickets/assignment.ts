import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { technicianAttendance, ticket } from '../../db/schema/tickets.ts';
import type { EligibleTechnician } from '../territories/assignment-rules.ts';

/**
 * docs/product.md#assignment-and-claim: how busy and how available technicians are. Open tickets
 * are the ones a technician holds that are not closed or discarded; idle is the time since they
 * were last given a ticket; available is checked in today (the organization's day) and not yet out.
 */

const HELD_STATES = ['ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD', 'PARTIALLY_CLOSED'] as const;

interface TechnicianLoad {
  checked_in: boolean;
  open_tickets: number;
  last_assigned_at: Date | null;
}

export async function technicianLoads(
  db: Db,
  organizationId: string,
  memberIds: string[],
  day: string,
): Promise<Map<string, TechnicianLoad>> {
  const loads = new Map<string, TechnicianLoad>(
    memberIds.map((id) => [id, { checked_in: false, open_tickets: 0, last_assigned_at: null }]),
  );
  if (memberIds.length === 0) return loads;
  const present = await db
    .select({ member_id: technicianAttendance.member_id })
    .from(technicianAttendance)
    .where(
      and(
        eq(technicianAttendance.organization_id, organizationId),
        inArray(technicianAttendance.member_id, memberIds),
        eq(technicianAttendance.day, day),
        isNull(technicianAttendance.checked_out_at),
      ),
    );
  for (const row of present) loads.get(row.member_id)!.checked_in = true;
  const held = await db
    .select({
      member_id: ticket.technician_id,
      open: sql<number>`count(*) filter (where ${inArray(ticket.state, [...HELD_STATES])})`.mapWith(Number),
      last: max(ticket.assigned_at),
    })
    .from(ticket)
    .where(and(eq(ticket.organization_id, organizationId), inArray(ticket.technician_id, memberIds)))
    .groupBy(ticket.technician_id);
  for (const row of held) {
    const load = loads.get(row.member_id!)!;
    load.open_tickets = row.open;
    load.last_assigned_at = row.last ? new Date(row.last) : null;
  }
  return loads;
}

/**
 * The automatic pick among eligible technicians: only those available today, then the fewest
 * open tickets, then the longest idle (never given a ticket counts as idle the longest).
 */
export async function pickTechnician(
  db: Db,
  organizationId: string,
  eligible: EligibleTechnician[],
  day: string,
): Promise<EligibleTechnician | null> {
  const loads = await technicianLoads(
    db,
    organizationId,
    eligible.map((technician) => technician.technician_id),
    day,
  );
  const idle = (load: TechnicianLoad) => load.last_assigned_at?.getTime() ?? 0;
  const available = eligible
    .map((technician) => ({ technician, load: loads.get(technician.technician_id)! }))
    .filter(({ load }) => load.checked_in)
    .sort((a, b) => a.load.open_tickets - b.load.open_tickets || idle(a.load) - idle(b.load));
  return available[0]?.technician ?? null;
}
