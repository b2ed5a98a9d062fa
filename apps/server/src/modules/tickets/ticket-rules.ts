import { and, eq, sql } from 'drizzle-orm';
import {
  ClaimTicket,
  type TicketActionName,
  type TicketEventKind,
} from '@fieldport/contract/operations/tickets';
import { decideAccess } from '@fieldport/contract/permissions';
import {
  ACTIVE_STATES,
  canTransition,
  transitionRefusal,
  type TicketAction,
} from '@fieldport/contract/ticket-transitions';
import type { TicketState } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ActionTime } from '../../platform/taken-at.ts';
import { newId } from '../../db/ids.ts';
import { readTicketItem } from './ticket-item.ts';
import { callerKind, visibleTickets } from './ticket-scope.ts';

// The rules every ticket operation shares: finding the ticket the caller may see, what the caller's
// role may do to it (docs/tickets.md#who-sees-and-does-what), refusing a transition from a state
// the table does not allow, and keeping the timeline.

export type TicketRow = typeof ticket.$inferSelect;

export const TICKET_NOT_FOUND =
  'Ticket not found. It may have been removed, or you may not have access to it.';

/**
 * The ticket row if the caller may see it, locked for the rest of the operation's transaction so
 * that two changes of one ticket run one after the other.
 */
export async function lockTicket(db: Db, caller: Caller, id: string): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(ticket)
    .where(and(visibleTickets(caller), eq(ticket.id, id)))
    .for('update');
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/** The ticket row if the caller may see it, for reading. */
export async function findTicket(db: Db, caller: Caller, id: string): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(ticket)
    .where(and(visibleTickets(caller), eq(ticket.id, id)));
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/** Co-ordinators: organization staff, and a partner's users for the partner's tickets. */
function isCoordinator(caller: Caller, row: Pick<TicketRow, 'partner_party_id'>): boolean {
  const kind = callerKind(caller);
  return kind === 'STAFF' || (kind === 'PARTNER' && row.partner_party_id === caller.party?.id);
}

/** The technician the ticket is assigned to. */
function isAssignee(caller: Caller, row: Pick<TicketRow, 'technician_id'>): boolean {
  return callerKind(caller) === 'TECHNICIAN' && row.technician_id === caller.membership.id;
}

/** A partner's users when the ticket is given to their partner and to none of its technicians yet. */
function isPartnerAssignee(caller: Caller, row: Pick<TicketRow, 'partner_party_id' | 'technician_id'>) {
  return callerKind(caller) === 'PARTNER' && row.partner_party_id === caller.party?.id && !row.technician_id;
}

type RoleRow = Pick<TicketRow, 'partner_party_id' | 'technician_id' | 'is_floating' | 'state'>;

/** What the caller's role may do to a ticket they see, whatever its state. */
function roleAllows(caller: Caller, row: RoleRow, action: TicketActionName): boolean {
  const kind = callerKind(caller);
  switch (action) {
    case 'ASSIGN':
    case 'CLOSE_WITH_REASON':
    case 'DISCARD':
    case 'REOPEN':
    case 'MARK_FOC':
    case 'UPDATE_WARRANTY':
    case 'UPDATE_CHARGES':
      return isCoordinator(caller, row);
    case 'CLAIM':
      // Who may claim is ClaimTicket's declared access, the one the server authorizes.
      return decideAccess(ClaimTicket.access, caller.profile, caller.menu).allowed && row.is_floating;
    case 'RELEASE':
      // Only a claim can be released; the handler and the details check it was one (claimOf).
      return isAssignee(caller, row);
    case 'ACCEPT':
    case 'REJECT':
      return isAssignee(caller, row) || isPartnerAssignee(caller, row);
    case 'UPDATE_WORK':
    case 'HOLD':
    case 'RESUME':
    case 'PARTIALLY_CLOSE':
    case 'SEND_OTP':
    case 'CLOSE_WITH_OTP':
      return isAssignee(caller, row);
    case 'UPDATE_VISIT':
      return isCoordinator(caller, row) || isAssignee(caller, row);
    case 'REQUEST_PARTS':
      // A technician asks for parts once the ticket is theirs: accepted, not merely assigned.
      return isCoordinator(caller, row) || (isAssignee(caller, row) && row.state !== 'ASSIGNED');
    case 'RECREATE':
      return isCoordinator(caller, row) || kind === 'DEALER' || kind === 'REPRESENTATIVE';
    case 'INTERACT':
      return kind !== 'TECHNICIAN' || isAssignee(caller, row);
  }
}

/**
 * The transition (docs/product.md#ticket-transitions) an action makes, for the state check; null
 * for edits of fields.
 */
const TRANSITION_OF: Record<TicketActionName, TicketAction | null> = {
  ASSIGN: 'ASSIGN',
  CLAIM: 'CLAIM',
  RELEASE: 'RELEASE',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  UPDATE_WORK: 'UPDATE_WORK',
  HOLD: 'HOLD',
  RESUME: 'RESUME',
  PARTIALLY_CLOSE: 'PARTIALLY_CLOSE',
  SEND_OTP: 'CLOSE',
  CLOSE_WITH_OTP: 'CLOSE',
  CLOSE_WITH_REASON: 'CLOSE',
  DISCARD: 'DISCARD',
  REOPEN: 'REOPEN',
  RECREATE: 'RECREATE',
  MARK_FOC: null,
  UPDATE_VISIT: null,
  UPDATE_WARRANTY: null,
  UPDATE_CHARGES: null,
  INTERACT: null,
  REQUEST_PARTS: null,
};

/** States in which a ticket's fields (visit, warranty, charges, FOC) may still change. */
const EDITABLE_STATES: readonly TicketState[] = [...ACTIVE_STATES, 'PARTIALLY_CLOSED'];

function stateAllows(action: TicketActionName, state: TicketState): boolean {
  const transition = TRANSITION_OF[action];
  if (transition) return canTransition(transition, state);
  if (action === 'INTERACT') return true;
  if (action === 'UPDATE_VISIT' || action === 'REQUEST_PARTS')
    return (ACTIVE_STATES as readonly TicketState[]).includes(state);
  return EDITABLE_STATES.includes(state);
}

/** The actions the caller may take on the ticket now (the details page offers these). */
export function allowedActions(caller: Caller, row: RoleRow): TicketActionName[] {
  return (Object.keys(TRANSITION_OF) as TicketActionName[]).filter(
    (action) => roleAllows(caller, row, action) && stateAllows(action, row.state),
  );
}

const ACTION_WORDS: Record<TicketActionName, string> = {
  ASSIGN: 'assign',
  CLAIM: 'claim',
  RELEASE: 'release',
  ACCEPT: 'accept',
  REJECT: 'reject',
  UPDATE_WORK: 'update the work on',
  HOLD: 'put on hold',
  RESUME: 'resume',
  PARTIALLY_CLOSE: 'partially close',
  SEND_OTP: 'send the closure code of',
  CLOSE_WITH_OTP: 'close',
  CLOSE_WITH_REASON: 'close without the closure code',
  DISCARD: 'discard',
  REOPEN: 'reopen',
  RECREATE: 're-create',
  MARK_FOC: 'mark free of charge',
  UPDATE_VISIT: 'change the visit of',
  UPDATE_WARRANTY: 'change the warranty of',
  UPDATE_CHARGES: 'change the service charge of',
  INTERACT: 'add to the timeline of',
  REQUEST_PARTS: 'ask for parts for',
};

/**
 * Refuses the action unless the caller's role may take it (FORBIDDEN) and the ticket's state
 * allows it (CONFLICT with transitionRefusal()). Nothing has been written when either throws.
 */
export function requireAction(caller: Caller, row: TicketRow, action: TicketActionName): void {
  if (!roleAllows(caller, row, action)) {
    throw forbidden(`You cannot ${ACTION_WORDS[action]} ticket ${row.ticket_number}.`);
  }
  if (stateAllows(action, row.state)) return;
  const transition = TRANSITION_OF[action];
  throw conflict(
    transition
      ? transitionRefusal(row.ticket_number, transition, row.state)
      : `Ticket ${row.ticket_number} is ${row.state.toLowerCase().replace('_', ' ')} and cannot be changed.`,
  );
}

interface EventValues {
  kind: TicketEventKind;
  from_state?: TicketState | null;
  to_state?: TicketState | null;
  text?: string | null;
  details?: Record<string, unknown> | null;
  file_key?: string | null;
  file_name?: string | null;
}

/**
 * Adds an entry to the ticket's timeline, by the caller. An action sent later (`at` with a
 * received time, docs/product.md#working-offline) is recorded at the time it was taken, but never
 * before the ticket's latest entry, so that the timeline's states still follow one another; its
 * details say when the server received it.
 */
export async function recordEvent(
  db: Db,
  caller: Caller,
  row: Pick<TicketRow, 'id' | 'organization_id'>,
  values: EventValues,
  at?: ActionTime,
) {
  const id = newId();
  const sentLater = at?.receivedAt
    ? {
        created_at: sql`greatest(${at.takenAt.toISOString()}::timestamptz, (
          select max(${ticketEvent.created_at}) from ${ticketEvent}
           where ${ticketEvent.organization_id} = ${row.organization_id}
             and ${ticketEvent.ticket_id} = ${row.id}))`,
        details: { ...values.details, received_at: at.receivedAt.toISOString() },
      }
    : {};
  await db.insert(ticketEvent).values({
    id,
    organization_id: row.organization_id,
    ticket_id: row.id,
    actor_user_id: caller.user.id,
    ...values,
    ...sentLater,
  });
  return id;
}

/**
 * Moves a ticket to a new state with the changed columns, and keeps the transition in the
 * timeline (at the time the action was taken, `at`, when it was sent later). The row was locked by
 * lockTicket and its state checked by requireAction, against the ticket as it is now.
 */
export async function transition(
  context: OperationContext,
  row: TicketRow,
  to: TicketState,
  changes: Partial<typeof ticket.$inferInsert>,
  event: Omit<EventValues, 'from_state' | 'to_state'>,
  at?: ActionTime,
) {
  await context.db
    .update(ticket)
    .set({ ...changes, state: to, updated_at: new Date() })
    .where(and(eq(ticket.organization_id, row.organization_id), eq(ticket.id, row.id)));
  await recordEvent(context.db, context.caller, row, { ...event, from_state: row.state, to_state: to }, at);
}

/**
 * Changes a ticket's fields without changing its state, and keeps the change in the timeline (at
 * `at`, as recordEvent).
 */
export async function editTicket(
  context: OperationContext,
  row: TicketRow,
  changes: Partial<typeof ticket.$inferInsert>,
  event: Omit<EventValues, 'from_state' | 'to_state'>,
  at?: ActionTime,
) {
  await context.db
    .update(ticket)
    .set({ ...changes, updated_at: new Date() })
    .where(and(eq(ticket.organization_id, row.organization_id), eq(ticket.id, row.id)));
  await recordEvent(context.db, context.caller, row, event, at);
}

/**
 * The answer of every ticket mutation: the ticket as it now is, read in the transaction. A change
 * may move it out of the caller's sight (a technician who rejects it, a partner who gives it back):
 * the caller then still gets the ticket they acted on.
 */
export async function answerTicket(context: OperationContext, id: string, message: string) {
  const item =
    (await readTicketItem(context.db, context.caller, id)) ??
    (await readTicketItem(context.db, context.caller, id, 'organization'));
  if (!item) throw new Error(`Ticket ${id} vanished in its own transaction`);
  context.auditTarget = id;
  return { data: { items: [item] }, message };
}
