import { and, eq } from 'drizzle-orm';
import { GetPresignedUrl } from '@fieldport/contract/operations/files';
import type { Db } from '../../db/client.ts';
import type { storedFile } from '../../db/schema/files.ts';
import { component } from '../../db/schema/inventory.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { findStoredFile, mayRead } from '../../platform/uploads.ts';
import { maySeeCabinetDocument } from '../cabinet/cabinet.ts';
import { listsOnlyOffered, offeredToCaller } from '../product-catalogue/service-offer.ts';
import { fleetItemsVisibleTo } from '../product-fleet/fleet-rules.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';

const NOT_FOUND = 'File not found. It may have been removed; refresh the page and try again.';

/**
 * Whether the caller may see the record the file belongs to (docs/security.md#files): a ticket's
 * photo is read by whoever sees the ticket, a service's file by whoever sees the service, a fleet
 * item's file by whoever sees the item, a component's photo by whoever may read components, an upload
 * no record uses yet by its uploader alone. Report screenshots and logos are not read this way.
 */
async function maySeeRecord(db: Db, caller: Caller, row: typeof storedFile.$inferSelect): Promise<boolean> {
  if (!row.record_kind || !row.record_id) return row.created_by === caller.user.id;
  switch (row.record_kind) {
    case 'TICKET': {
      const [found] = await db
        .select({ id: ticket.id })
        .from(ticket)
        .where(and(visibleTickets(caller), eq(ticket.id, row.record_id)));
      return Boolean(found);
    }
    case 'SERVICE': {
      const [found] = await db
        .select({ id: service.id })
        .from(service)
        .where(
          and(
            inOrganization(service, caller),
            eq(service.id, row.record_id),
            // A partner's or dealer's users see only the services List_Services shows them.
            listsOnlyOffered(caller, false) ? offeredToCaller(caller) : undefined,
          ),
        );
      return Boolean(found);
    }
    case 'FLEET_ITEM': {
      // A dealer's people read their dealer's items' files only (the fleet's party wall).
      const [found] = await db
        .select({ id: fleetItem.id })
        .from(fleetItem)
        .where(and(fleetItemsVisibleTo(caller), eq(fleetItem.id, row.record_id)));
      return Boolean(found);
    }
    case 'COMPONENT': {
      // Components are the organization's, read by whoever may read the purpose (mayRead).
      const [found] = await db
        .select({ id: component.id })
        .from(component)
        .where(and(inOrganization(component, caller), eq(component.id, row.record_id)));
      return Boolean(found);
    }
    case 'CABINET_DOCUMENT':
      // Its folder's wall: the staff's, and the partners' and dealers' it is shared with.
      return maySeeCabinetDocument(db, caller, row.record_id);
    default:
      return false;
  }
}

/**
 * An expiring address to read one stored file: only a file of the caller's organization, whose
 * purpose the caller may read, of a record the caller may see (an upload no record uses: the
 * uploader's own). Any other key is NOT_FOUND, so that an answer never tells
 * whether somebody else's file exists.
 */
export const getPresignedUrl = defineHandler(GetPresignedUrl, async (input, { db, caller, files }) => {
  const row = await findStoredFile(db, caller, input.s3_key);
  if (
    !row ||
    !mayRead(caller, row.purpose) ||
    !(await maySeeRecord(db, caller, row)) ||
    !(await files.stat(row.key))
  ) {
    throw notFound(NOT_FOUND);
  }
  return {
    data: {
      items: [
        {
          s3_key: row.key,
          file_name: row.file_name,
          file_type: row.file_type,
          file_size: row.file_size,
          file_url: await files.downloadUrl(row.key),
        },
      ],
    },
  };
});
