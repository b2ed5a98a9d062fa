import { and, eq } from 'drizzle-orm';
import { TicketInteraction } from '@fieldport/contract/operations/tickets';
import { user } from '../../db/schema/identity.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { badInput } from '../../platform/errors.ts';
import { ALREADY_RECEIVED, receiveDeviceAction } from '../../platform/device-actions.ts';
import { actionTimeOf } from '../../platform/taken-at.ts';
import { attachFiles, findStoredFile } from '../../platform/uploads.ts';
import { toTicketEvent } from './get-ticket-details.ts';
import { findTicket, recordEvent, requireAction } from './ticket-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

const PHOTO_NOT_FOUND = 'The photo was not found. Upload it again.';

/**
 * A note, a call summary or a photo on the ticket's timeline. A photo names a TICKET_PHOTO upload
 * (GenerateS3Url) of the caller's organization, and for a party's user of their party, that has arrived.
 */
export const ticketInteraction = defineHandler(TicketInteraction, async (input, context) => {
  const { db, caller, files } = context;
  const receipt = await receiveDeviceAction(db, caller, TicketInteraction.name, input.action_id);
  if (receipt.repeated) {
    // Sent again: the entry it made, as it is now (none if it has gone).
    const made = receipt.recordId ? await readEvent(context, receipt.recordId) : undefined;
    context.auditTarget = made?.ticket_id ?? input.ticket_id;
    return { data: { items: made ? [made.item] : [] }, message: ALREADY_RECEIVED };
  }
  const at = actionTimeOf(input.taken_at);
  const row = await findTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'INTERACT');
  let photo: { key: string; file_name: string } | null = null;
  if (input.kind === 'PHOTO') {
    const stored = await findStoredFile(db, caller, input.file_key!);
    // Only a ticket photo of the caller's organization (and party) that has fully arrived.
    const otherParty = stored?.party_id && stored.party_id !== caller.party?.id;
    const otherRecord = stored?.record_id && stored.record_id !== row.id;
    if (!stored || otherParty || otherRecord || stored.purpose !== 'TICKET_PHOTO')
      throw badInput(PHOTO_NOT_FOUND, 'file_key');
    const arrived = await files.stat(stored.key);
    if (!arrived || arrived.size !== stored.file_size) {
      throw badInput('The photo has not finished uploading. Upload it again.', 'file_key');
    }
    photo = { key: stored.key, file_name: stored.file_name };
  }
  // The photo belongs to the ticket now: whoever sees the ticket may read it (docs/security.md#files).
  if (photo) await attachFiles(db, caller, [photo.key], { kind: 'TICKET', id: row.id });
  const id = await recordEvent(
    db,
    caller,
    row,
    {
      kind: input.kind,
      text: input.text,
      file_key: photo?.key ?? null,
      file_name: photo?.file_name ?? null,
    },
    at,
  );
  await receipt.applied(id);
  await db
    .update(ticket)
    .set({ updated_at: new Date() })
    .where(and(eq(ticket.organization_id, row.organization_id), eq(ticket.id, row.id)));
  const made = await readEvent(context, id);
  context.auditTarget = row.id;
  return {
    data: { items: made ? [made.item] : [] },
    message: input.kind === 'PHOTO' ? 'Photo added' : input.kind === 'CALL' ? 'Call added' : 'Note added',
  };
});

/** A timeline entry of the caller's organization, as the timeline shows it. */
async function readEvent({ db, caller, files }: OperationContext, id: string) {
  const [event] = await db
    .select({ event: ticketEvent, actor_name: user.name })
    .from(ticketEvent)
    .leftJoin(user, eq(user.id, ticketEvent.actor_user_id))
    .where(and(inOrganization(ticketEvent, caller), eq(ticketEvent.id, id)));
  if (!event) return undefined;
  return {
    ticket_id: event.event.ticket_id,
    item: await toTicketEvent(files, { ...event.event, actor_name: event.actor_name }),
  };
}
