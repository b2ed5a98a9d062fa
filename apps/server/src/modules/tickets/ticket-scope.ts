import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { dayIn } from '@fieldport/contract/fields';

/**
 * Who sees which ticket (docs/product.md#ticket-states): every query of tickets passes through
 * `visibleTickets`. Organization staff see the organization's tickets; a service partner's users
 * those given to the partner; a dealer's users those their dealer raised; a technician those
 * assigned to them and the floating ones they are eligible to claim; a representative of the
 * organization those they raised.
 */

type CallerKind = 'STAFF' | 'PARTNER' | 'DEALER' | 'TECHNICIAN' | 'REPRESENTATIVE';

export function callerKind(caller: Caller): CallerKind {
  const role = caller.membership.role;
  if (role === 'TECHNICIAN') return 'TECHNICIAN';
  if (caller.party?.kind === 'SERVICE_PARTNER') return 'PARTNER';
  if (caller.party?.kind === 'DEALER') return 'DEALER';
  if (role === 'REPRESENTATIVE') return 'REPRESENTATIVE';
  return 'STAFF';
}

/**
 * The floating tickets a technician may claim (eligible, docs/product.md#assignment-and-claim):
 * OPEN and floating, in one of the technician's territories, with the category in their expertise;
 * a ticket given to a partner floats only among that partner's technicians.
 */
export function floatingPoolOf(caller: Caller): SQL {
  return and(eq(ticket.state, 'OPEN'), eq(ticket.is_floating, true), eligibleFor(caller), ofMyParty(caller))!;
}

/** A ticket given to a partner floats only among that partner's technicians. */
function ofMyParty(caller: Caller): SQL {
  return caller.party
    ? or(isNull(ticket.partner_party_id), eq(ticket.partner_party_id, caller.party.id))!
    : isNull(ticket.partner_party_id);
}

/** Tickets whose territory and category the calling technician is eligible for, whatever their state. */
export function eligibleFor(caller: Caller): SQL {
  const me = caller.membership.id;
  return and(
    sql`exists (select 1 from technician_territory tt where tt.organization_id = ${ticket.organization_id} and tt.member_id = ${me} and tt.territory_id = ${ticket.territory_id})`,
    sql`exists (select 1 from technician_expertise te join category c on c.id = te.category_id and c.status = 'ACTIVE' where te.organization_id = ${ticket.organization_id} and te.member_id = ${me} and te.category_id = ${ticket.category_id})`,
    sql`exists (select 1 from territory tr where tr.id = ${ticket.territory_id} and tr.status = 'ACTIVE')`,
  )!;
}

/** The tickets the caller may see, in their current organization. */
export function visibleTickets(caller: Caller): SQL {
  const organization = inOrganization(ticket, caller);
  switch (callerKind(caller)) {
    case 'STAFF':
      return organization;
    case 'PARTNER':
      return and(organization, eq(ticket.partner_party_id, caller.party!.id))!;
    case 'DEALER':
      return and(organization, eq(ticket.dealer_party_id, caller.party!.id))!;
    case 'TECHNICIAN':
      return and(organization, or(eq(ticket.technician_id, caller.membership.id), floatingPoolOf(caller)))!;
    case 'REPRESENTATIVE':
      return and(organization, eq(ticket.created_by, caller.user.id))!;
  }
}

const clocks = new Map<string, Intl.DateTimeFormat>();
function clock(timeZone: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDay}`;
  let format = clocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      ...(withDay ? { day: 'numeric', month: 'short' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(key, format);
  }
  return format;
}

/** An instant as the organization's clock reads it: '14:32'. */
export function timeIn(timeZone: string, at: Date): string {
  return clock(timeZone, false).format(at);
}

/** An instant as the organization's calendar and clock read it: '25 Nov, 14:32'. */
export function dayAndTimeIn(timeZone: string, at: Date): string {
  return clock(timeZone, true).format(at);
}

// Today in the caller's organization: the platform's, kept here for the tickets' imports.
export { todayOf } from '../../platform/organization-days.ts';

/** The day of the caller's organization on which an instant falls ('YYYY-MM-DD'). */
export function organizationDayOf(caller: Caller, at: Date): string {
  return dayIn(caller.organization.time_zone, at);
}
