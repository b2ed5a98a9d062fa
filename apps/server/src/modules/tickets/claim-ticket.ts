import { and, desc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { ClaimTicket } from '@fieldport/contract/operations/tickets';
import { transitionRefusal } from '@fieldport/contract/ticket-transitions';
import type { Db } from '../../db/client.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { qualified } from '../../platform/lists.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { mailTicketAssigned } from './ticket-mails.ts';
import { answerTicket, recordEvent, TICKET_NOT_FOUND } from './ticket-rules.ts';
import { eligibleFor, floatingPoolOf, visibleTickets } from './ticket-scope.ts';

/**
 * A technician claims a floating ticket (docs/tickets.md#assignment: of many claimers exactly one
 * wins). The claim is one conditional UPDATE ... WHERE the ticket is in the caller's floating pool:
 * concurrent claimers queue on the row, and once the winner commits the others' UPDATE finds it
 * out of their pool and changes nothing. Only a claim that changed nothing reads the ticket, to say
 * why; the winner's mail goes after the commit, so the others' answers never wait for it.
 *
 * A ticket the caller cannot see is NOT_FOUND with Get_Ticket_Details' message, whatever its
 * number or state. The one exception: a technician who had the ticket in their floating pool until
 * another technician claimed it is told so (docs/tickets.md#assignment).
 *
 * Who may claim is ClaimTicket's access alone ('My Work': technicians), so the handler only ever
 * runs for a technician.
 */
/**
 * The ticket's partner before the claim (the pool it floated in): a subquery of the UPDATE's own
 * RETURNING reads the statement's snapshot, from before the UPDATE changed the row.
 */
const pooledParty = sql<
  string | null
>`(select before.partner_party_id from ${ticket} before where before.id = ${qualified(ticket.id)})`;

export const claimTicket = defineHandler(ClaimTicket, async (input, context) => {
  const { db, caller } = context;
  const me = caller.membership.id;
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
    .where(and(inOrganization(ticket, caller), eq(ticket.id, input.ticket_id), floatingPoolOf(caller)))
    .returning({ ...getTableColumns(ticket), pool_party_id: pooledParty });
  if (!won) return refuseClaim(db, caller, input.ticket_id);
  const { pool_party_id, ...claimed } = won;

  await recordEvent(db, caller, claimed, {
    kind: 'CLAIMED',
    from_state: 'OPEN',
    to_state: 'ACCEPTED',
    // Whose floating pool it was taken from (null: everybody's), so that the other claimers of
    // that pool, and only they, are told it was claimed.
    details: { technician_id: me, technician_name: caller.user.name, pool_party_id },
  });
  // The other claimers wait on this ticket's row lock until the commit: the mail goes after it.
  context.afterCommit((committed) => mailTicketAssigned(committed, claimed, me, { toTechnician: false }));
  return answerTicket(context, claimed.id, `Ticket ${claimed.ticket_number} is yours`);
});

/** Why a claim changed nothing, as the caller may be told it. */
async function refuseClaim(db: Db, caller: Caller, id: string): Promise<never> {
  const [seen] = await db
    .select()
    .from(ticket)
    .where(and(visibleTickets(caller), eq(ticket.id, id)));
  if (!seen) {
    const lost = await claimedFromPoolOf(db, caller, id);
    if (lost) throw conflict(`Ticket ${lost.ticket_number} was claimed by another technician.`);
    throw notFound(TICKET_NOT_FOUND);
  }
  if (seen.technician_id === caller.membership.id && seen.state !== 'OPEN') {
    throw conflict(`Ticket ${seen.ticket_number} is already yours.`);
  }
  if (seen.state === 'OPEN' && !seen.is_floating) {
    throw conflict(`Ticket ${seen.ticket_number} is not floating: a co-ordinator assigns it.`);
  }
  throw conflict(transitionRefusal(seen.ticket_number, 'CLAIM', seen.state));
}

/**
 * The ticket, when the calling technician had it in their floating pool until another technician
 * claimed it: still ACCEPTED, its last move the claim, in the caller's territory and expertise, and
 * taken from a pool the caller was in.
 */
async function claimedFromPoolOf(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select({ id: ticket.id, ticket_number: ticket.ticket_number })
    .from(ticket)
    .where(
      and(
        inOrganization(ticket, caller),
        eq(ticket.id, id),
        eq(ticket.state, 'ACCEPTED'),
        eligibleFor(caller),
      ),
    );
  if (!row) return undefined;
  const [last] = await db
    .select({ kind: ticketEvent.kind, details: ticketEvent.details })
    .from(ticketEvent)
    .where(
      and(
        inOrganization(ticketEvent, caller),
        eq(ticketEvent.ticket_id, row.id),
        isNotNull(ticketEvent.to_state),
      ),
    )
    .orderBy(desc(ticketEvent.created_at), desc(ticketEvent.id))
    .limit(1);
  if (last?.kind !== 'CLAIMED' || !last.details || !('pool_party_id' in last.details)) return undefined;
  const pool = last.details.pool_party_id;
  return pool === null || pool === caller.party?.id ? row : undefined;
}
