import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { List_Ticket_Assignees, type TicketAssignee } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import { member, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { eligibleServicePartners, eligibleTechnicians } from '../territories/assignment-rules.ts';
import { technicianLoads } from './assignment.ts';
import { findTicket, requireAction, type TicketRow } from './ticket-rules.ts';
import { callerKind, todayOf } from './ticket-scope.ts';
import { membersOf, partyOfMember, userOfMember } from '../../platform/tenant.ts';

/** Active technicians the caller may give tickets to: a partner's users only the partner's own. */
export async function assignableTechnicians(db: Db, caller: Caller) {
  const partnerOnly = callerKind(caller) === 'PARTNER' ? caller.party!.id : undefined;
  return db
    .select({ technician_id: member.id, name: user.name, party_id: member.party_id, party_name: party.name })
    .from(member)
    .innerJoin(user, userOfMember())
    .leftJoin(party, partyOfMember())
    .where(
      and(
        membersOf(caller),
        eq(member.role, 'TECHNICIAN'),
        eq(member.status, 'ACTIVE'),
        or(isNull(member.party_id), ne(party.status, 'SUSPENDED')),
        partnerOnly ? eq(member.party_id, partnerOnly) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${user.name})`), asc(member.id));
}

export async function pincodeOf(db: Db, row: TicketRow) {
  const [location] = await db
    .select({ pincode: customerLocation.pincode })
    .from(customerLocation)
    .where(
      and(
        eq(customerLocation.organization_id, row.organization_id),
        eq(customerLocation.id, row.location_id),
      ),
    );
  return location?.pincode ?? '';
}

/**
 * Everyone the caller may give a ticket of a category at a pincode to, each marked eligible or not
 * (docs/tickets.md#assignment): technicians, and for the organization's staff the active service
 * partners; the eligible first, then who is checked in, then the least busy.
 */
async function ticketAssignees(
  db: Db,
  caller: Caller,
  place: { pincode: string; categoryId: string },
): Promise<TicketAssignee[]> {
  const organizationId = caller.organization.id;
  const technicians = await assignableTechnicians(db, caller);
  const eligible = new Set(
    (await eligibleTechnicians(db, organizationId, place)).map((technician) => technician.technician_id),
  );
  const loads = await technicianLoads(
    db,
    organizationId,
    technicians.map((technician) => technician.technician_id),
    todayOf(caller),
  );
  const items: TicketAssignee[] = technicians.map((technician) => {
    const load = loads.get(technician.technician_id)!;
    return {
      kind: 'TECHNICIAN',
      assignee_id: technician.technician_id,
      name: technician.name,
      party_name: technician.party_name,
      eligible: eligible.has(technician.technician_id),
      checked_in: load.checked_in,
      open_tickets: load.open_tickets,
    };
  });
  if (callerKind(caller) === 'STAFF') {
    const mapped = new Set(
      (await eligibleServicePartners(db, organizationId, { pincode: place.pincode })).map(
        (partner) => partner.party_id,
      ),
    );
    const partners = await db
      .select({ id: party.id, name: party.name })
      .from(party)
      .where(
        and(
          eq(party.organization_id, organizationId),
          eq(party.kind, 'SERVICE_PARTNER'),
          eq(party.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(sql`lower(${party.name})`));
    const openOf = await openTicketsOfPartners(db, organizationId);
    for (const partner of partners) {
      items.push({
        kind: 'SERVICE_PARTNER',
        assignee_id: partner.id,
        name: partner.name,
        party_name: null,
        eligible: mapped.has(partner.id),
        checked_in: false,
        open_tickets: openOf.get(partner.id) ?? 0,
      });
    }
  }
  return items.sort(
    (a, b) =>
      Number(b.eligible) - Number(a.eligible) ||
      Number(b.checked_in) - Number(a.checked_in) ||
      a.open_tickets - b.open_tickets,
  );
}

/** Those of `ticketAssignees` who are eligible: a new ticket can be assigned only to these (create-ticket.ts). */
export async function eligibleAssignees(
  db: Db,
  caller: Caller,
  place: { pincode: string; categoryId: string },
): Promise<TicketAssignee[]> {
  return (await ticketAssignees(db, caller, place)).filter((assignee) => assignee.eligible);
}

async function openTicketsOfPartners(db: Db, organizationId: string): Promise<Map<string, number>> {
  const held = await db.execute<{ partner_party_id: string; n: number }>(
    sql`select partner_party_id, count(*)::int as n from ticket where organization_id = ${organizationId} and partner_party_id is not null and state in ('ASSIGNED','ACCEPTED','IN_PROGRESS','ON_HOLD','PARTIALLY_CLOSED') group by partner_party_id`,
  );
  return new Map(held.rows.map((entry) => [entry.partner_party_id, Number(entry.n)]));
}

export const listTicketAssignees = defineHandler(List_Ticket_Assignees, async (input, { db, caller }) => {
  const row = await findTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'ASSIGN');
  const items = await ticketAssignees(db, caller, {
    pincode: await pincodeOf(db, row),
    categoryId: row.category_id,
  });
  return { data: { items } };
});
