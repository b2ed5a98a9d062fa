import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { ReleaseTicket } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { answerTicket, lockTicket, requireAction, transition, type TicketRow } from './ticket-rules.ts';

/**
 * The claim the calling technician made of a ticket, when it is still the ticket's last move: whose
 * floating pool it was taken from (null: the organization's). Undefined when the ticket came to
 * them otherwise (assigned and accepted), or moved since.
 */
export async function claimOf(
  db: Db,
  caller: Caller,
  row: Pick<TicketRow, 'id' | 'organization_id'>,
): Promise<{ pool_party_id: string | null } | undefined> {
  const [last] = await db
    .select({ kind: ticketEvent.kind, actor: ticketEvent.actor_user_id, details: ticketEvent.details })
    .from(ticketEvent)
    .where(
      and(
        eq(ticketEvent.organization_id, row.organization_id),
        eq(ticketEvent.ticket_id, row.id),
        isNotNull(ticketEvent.to_state),
      ),
    )
    .orderBy(desc(ticketEvent.created_at), desc(ticketEvent.id))
    .limit(1);
  if (last?.kind !== 'CLAIMED' || last.actor !== caller.user.id) return undefined;
  const details = (last.details ?? {}) as { technician_id?: string; pool_party_id?: string | null };
  if (details.technician_id !== caller.membership.id) return undefined;
  return { pool_party_id: details.pool_party_id ?? null };
}

/**
 * A technician gives a ticket they claimed, and have not started, back to the floating pool it was
 * claimed from (docs/tickets.md#assignment): the undo of a claim. A ticket assigned to them is
 * not theirs to float: they reject it while it is ASSIGNED, or a co-ordinator reassigns it.
 */
export const releaseTicket = defineHandler(ReleaseTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'RELEASE');
  const claim = await claimOf(db, caller, row);
  if (!claim) {
    throw conflict(
      `Ticket ${row.ticket_number} was not claimed by you from the floating pool, so it cannot go back there. Ask a co-ordinator to reassign it.`,
    );
  }
  await transition(
    context,
    row,
    'OPEN',
    { technician_id: null, partner_party_id: claim.pool_party_id, is_floating: true, assigned_at: null },
    {
      kind: 'RELEASED',
      details: {
        technician_id: caller.membership.id,
        technician_name: caller.user.name,
        pool_party_id: claim.pool_party_id,
      },
    },
  );
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} is back in the floating pool`);
});
