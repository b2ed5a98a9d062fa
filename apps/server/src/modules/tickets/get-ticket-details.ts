import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  Get_Ticket_Details,
  type TicketActionName,
  type TicketEvent,
} from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/identity.ts';
import { ticketClosureOtp, ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { partsOutOf } from '../inventory/ticket-parts.ts';
import { partnerAmountFor } from '../payouts/partner-amounts.ts';
import { claimOf } from './release-ticket.ts';
import { readTicketItem } from './ticket-item.ts';
import { TICKET_NOT_FOUND, allowedActions } from './ticket-rules.ts';

const CLOSE_ACTIONS: TicketActionName[] = ['SEND_OTP', 'CLOSE_WITH_OTP', 'CLOSE_WITH_REASON'];

type EventRow = typeof ticketEvent.$inferSelect & { actor_name: string | null };

export async function toTicketEvent(files: FileStore, row: EventRow): Promise<TicketEvent> {
  return {
    event_id: row.id,
    kind: row.kind,
    from_state: row.from_state,
    to_state: row.to_state,
    text: row.text,
    details: row.details,
    file_url: row.file_key ? await files.downloadUrl(row.file_key) : null,
    file_name: row.file_name,
    actor_name: row.actor_name,
    created_on: row.created_at.toISOString(),
  };
}

/** The ticket's timeline, oldest first. */
async function timelineOf(db: Db, files: FileStore, organizationId: string, ticketId: string) {
  const rows = await db
    .select({ event: ticketEvent, actor_name: user.name })
    .from(ticketEvent)
    .leftJoin(user, eq(user.id, ticketEvent.actor_user_id))
    .where(and(eq(ticketEvent.organization_id, organizationId), eq(ticketEvent.ticket_id, ticketId)))
    .orderBy(asc(ticketEvent.created_at), asc(ticketEvent.id));
  return Promise.all(rows.map((row) => toTicketEvent(files, { ...row.event, actor_name: row.actor_name })));
}

/** Whether a closure code waits for the customer: sent, not used, voided nor expired. */
async function pendingOtp(db: Db, organizationId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(ticketClosureOtp)
    .where(
      and(
        eq(ticketClosureOtp.organization_id, organizationId),
        eq(ticketClosureOtp.ticket_id, ticketId),
        isNull(ticketClosureOtp.used_at),
        isNull(ticketClosureOtp.voided_at),
        gt(ticketClosureOtp.expires_at, new Date()),
      ),
    )
    .orderBy(desc(ticketClosureOtp.created_at))
    .limit(1);
  return row;
}

async function readTicketDetails(db: Db, files: FileStore, caller: Caller, id: string) {
  const item = await readTicketItem(db, caller, id);
  if (!item) throw notFound(TICKET_NOT_FOUND);
  const [timeline, otp] = [
    await timelineOf(db, files, caller.organization.id, id),
    await pendingOtp(db, caller.organization.id, id),
  ];
  let allowed = allowedActions(caller, item);
  // Only a ticket the caller claimed goes back to the pool (release-ticket.ts).
  if (
    allowed.includes('RELEASE') &&
    !(await claimOf(db, caller, { id, organization_id: caller.organization.id }))
  ) {
    allowed = allowed.filter((action) => action !== 'RELEASE');
  }
  // The close asks about the parts the technician holds (docs/inventory.md#parts-for-a-ticket):
  // only whoever may close the ticket reads them here.
  const closes = allowed.some((action) => CLOSE_ACTIONS.includes(action));
  const partsOut = closes ? await partsOutOf(db, { id, organization_id: caller.organization.id }) : [];
  return {
    ...item,
    timeline,
    allowed_actions: allowed,
    otp_pending: Boolean(otp),
    parts_out: partsOut.map(({ technician_user_id: _, ...part }) => part),
    partner_amount: await partnerAmountFor(db, caller, item),
  };
}

export const getTicketDetails = defineHandler(Get_Ticket_Details, async (input, { db, caller, files }) => ({
  data: { items: [await readTicketDetails(db, files, caller, input.ticket_id)] },
}));
