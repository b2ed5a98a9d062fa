import { and, eq } from 'drizzle-orm';
import { ReassignOrOpenTheAssignedTicket } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { party } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import { assignableTechnicians } from './list-ticket-assignees.ts';
import { mailTicketAssigned } from './ticket-mails.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';
import { ticketOnLivePayout } from '../payouts/payouts.ts';
import { callerKind } from './ticket-scope.ts';
import { inOrganization } from '../../platform/tenant.ts';

/** Who the ticket goes to: a technician the caller may assign, or (organization staff) a partner. */
async function assigneeOf(
  db: Db,
  caller: Caller,
  input: { technician_id?: string | null; partner_party_id?: string | null },
) {
  if (input.technician_id) {
    const technician = (await assignableTechnicians(db, caller)).find(
      (entry) => entry.technician_id === input.technician_id,
    );
    if (!technician) {
      throw badInput(
        callerKind(caller) === 'PARTNER'
          ? "Technician not found. Choose one of your partner's active technicians."
          : 'Technician not found. Choose an active technician from the list.',
        'technician_id',
      );
    }
    return {
      technician_id: technician.technician_id,
      partner_party_id: technician.party_id,
      details: {
        technician_id: technician.technician_id,
        technician_name: technician.name,
        partner_party_id: technician.party_id,
        partner_name: technician.party_name,
      },
    };
  }
  if (callerKind(caller) !== 'STAFF') {
    throw badInput('Assign the ticket to one of your technicians.', 'technician_id');
  }
  const [partner] = await db
    .select({ id: party.id, name: party.name })
    .from(party)
    .where(
      and(
        inOrganization(party, caller),
        eq(party.id, input.partner_party_id!),
        eq(party.kind, 'SERVICE_PARTNER'),
        eq(party.status, 'ACTIVE'),
      ),
    );
  if (!partner) {
    throw badInput(
      'Service partner not found. Choose an active service partner from the list.',
      'partner_party_id',
    );
  }
  return {
    technician_id: null,
    partner_party_id: partner.id,
    details: { partner_party_id: partner.id, partner_name: partner.name },
  };
}

/**
 * A reopened ticket is no longer closed: its partner's amount goes with its closure, and its next
 * close prices it again (docs/payouts.md#frozen-at-closing).
 */
const CLOSURE_CLEARED = {
  closed_with: null,
  closed_at: null,
  closed_by: null,
  closure_reason: null,
  partner_amount_paise: null,
  partner_rate_card_id: null,
};

/**
 * What a reopen clears: the closure, and the partner's frozen amount with it, unless the ticket is
 * on a payout waiting or approved; then the amount stays as paid, and closing again does not price
 * it again (docs/payouts.md#frozen-at-closing).
 */
async function closureCleared(db: Db, row: { id: string; organization_id: string }) {
  if (!(await ticketOnLivePayout(db, row.organization_id, row.id))) return CLOSURE_CLEARED;
  const { partner_amount_paise: _amount, partner_rate_card_id: _card, ...closure } = CLOSURE_CLEARED;
  return closure;
}

/**
 * Assign or reassign (to a technician or a service partner), or reopen a closed or partially
 * closed ticket: to an assignee, or without one back to OPEN and floating. Co-ordinators only.
 */
export const reassignOrOpenTicket = defineHandler(ReassignOrOpenTheAssignedTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, input.action);
  const hasAssignee = Boolean(input.technician_id || input.partner_party_id);
  const assignee = hasAssignee ? await assigneeOf(db, caller, input) : null;
  if (
    assignee &&
    input.action === 'ASSIGN' &&
    row.state === 'ASSIGNED' &&
    row.technician_id === assignee.technician_id &&
    row.partner_party_id === assignee.partner_party_id
  ) {
    throw conflict(
      `Ticket ${row.ticket_number} is already assigned to ${String(assignee.details.technician_name ?? assignee.details.partner_name)}.`,
    );
  }
  const reopening = input.action === 'REOPEN' ? await closureCleared(db, row) : {};
  if (assignee) {
    await transition(
      context,
      row,
      'ASSIGNED',
      {
        ...reopening,
        technician_id: assignee.technician_id,
        partner_party_id: assignee.partner_party_id,
        is_floating: false,
        assigned_at: new Date(),
      },
      {
        kind: input.action === 'REOPEN' ? 'REOPENED' : 'ASSIGNED',
        text: input.reason ?? null,
        details: assignee.details,
      },
    );
    if (assignee.technician_id) await mailTicketAssigned(context, row, assignee.technician_id);
  } else {
    // Reopened without an assignee: back in the pool (a partner's ticket, among its technicians).
    await transition(
      context,
      row,
      'OPEN',
      {
        ...reopening,
        technician_id: null,
        partner_party_id: callerKind(caller) === 'PARTNER' ? caller.party!.id : null,
        is_floating: true,
      },
      { kind: 'REOPENED', text: input.reason ?? null, details: { floating: true } },
    );
  }
  return answerTicket(
    context,
    row.id,
    input.action === 'REOPEN'
      ? `Ticket ${row.ticket_number} reopened`
      : `Ticket ${row.ticket_number} assigned`,
  );
});
