import { and, eq, or } from 'drizzle-orm';
import { ClaimTicket } from '@fieldport/contract/operations/tickets';
import { transitionRefusal } from '@fieldport/contract/ticket-transitions';
import { ticket } from '../../db/schema/tickets.ts';
import { defineHandler } from '../../graphql/handler.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { mailTicketAssigned } from './ticket-mails.ts';
import { answerTicket, recordEvent, TICKET_NOT_FOUND } from './ticket-rules.ts';
import { callerKind, eligibleFor, ofMyParty } from './ticket-scope.ts';

/**
 * A technician claims a floating ticket (DOMAIN.md: of many claimers exactly one wins). The claim
 * is one conditional UPDATE ... WHERE state = 'OPEN' AND is_floating: concurrent claimers queue on
 * the row, and once the winner commits the others' condition no longer holds.
 */
export const claimTicket = defineHandler(ClaimTicket, async (input, context) => {
  const { db, caller } = context;
  if (callerKind(caller) !== 'TECHNICIAN') throw forbidden('Only technicians claim tickets.');
  const me = caller.membership.id;
  // The tickets a technician may try to claim: eligible ones (a lost claim still says why).
  const scope = and(
    eq(ticket.organization_id, caller.organization.id),
    eq(ticket.id, input.ticket_id),
    or(eq(ticket.technician_id, me), eligibleFor(caller)),
  );
  const [seen] = await db.select().from(ticket).where(scope);
  if (!seen) throw notFound(TICKET_NOT_FOUND);

  const [won] = await db
    .update(ticket)
    .set({
      state: 'ACCEPTED',
      technician_id: me,
      partner_party_id: caller.party?.id ?? null,
      is_floating: false,
      assigned_at: new Date(),
      updated_at: new Date(),
    })
    .where(and(scope, eq(ticket.state, 'OPEN'), eq(ticket.is_floating, true), ofMyParty(caller)))
    .returning();

  if (!won) {
    const [now] = await db.select().from(ticket).where(scope);
    const current = now ?? seen;
    if (current.technician_id === me && current.state !== 'OPEN') {
      throw conflict(`Ticket ${current.ticket_number} is already yours.`);
    }
    if (current.state === 'OPEN' && current.is_floating) throw notFound(TICKET_NOT_FOUND);
    if (current.state === 'OPEN') {
      throw conflict(`Ticket ${current.ticket_number} is not floating: a co-ordinator assigns it.`);
    }
    if (current.technician_id) {
      throw conflict(`Ticket ${current.ticket_number} was claimed by another technician.`);
    }
    throw conflict(transitionRefusal(current.ticket_number, 'CLAIM', current.state));
  }
  await recordEvent(db, caller, won, {
    kind: 'CLAIMED',
    from_state: 'OPEN',
    to_state: 'ACCEPTED',
    details: { technician_id: me, technician_name: caller.user.name },
  });
  await mailTicketAssigned(context, won, me, { toTechnician: false });
  return answerTicket(context, won.id, `Ticket ${won.ticket_number} is yours`);
});
