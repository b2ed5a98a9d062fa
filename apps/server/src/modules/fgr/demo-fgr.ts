import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { fgr } from '../../db/schema/fgr.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { decide } from '../../platform/workflow.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import { createTicket } from '../tickets/create-ticket.ts';
// The FGR kind is registered when the handlers load (as in the server).
import './fgr-handlers.ts';
import { generateFgr, updateClaimStatus } from './fgr.ts';

/**
 * The demo's product replacements (docs/fgr.md#the-demo), made through the operations: the admin
 * raised a ticket for each of two products in warranty and generated a replacement from each; the owner approved the first (its new serial
 * is in the fleet, its claim towards the manufacturer made), and the second waits for the owner on
 * /FgrApprovals. An organization with replacements already is left alone.
 */
export async function raiseDemoReplacements(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN', 'OWNER']);
  if (!world) return 0;
  const { demo } = world;
  const [already] = await db
    .select({ id: fgr.id })
    .from(fgr)
    .where(eq(fgr.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  // Two installed products still in warranty, the oldest first.
  const chosen = await db
    .select({ id: fleetItem.id, service_id: fleetItem.service_id, serial: fleetItem.serial_number })
    .from(fleetItem)
    .where(
      and(
        eq(fleetItem.organization_id, demo.id),
        eq(fleetItem.status, 'ACTIVE'),
        eq(fleetItem.approval_state, 'APPROVED'),
        isNotNull(fleetItem.customer_id),
        isNotNull(fleetItem.location_id),
        gte(fleetItem.warranty_end_date, dayIn(demo.time_zone)),
      ),
    )
    .orderBy(asc(fleetItem.created_at), asc(fleetItem.id))
    .limit(2);
  if (chosen.length < 2) return 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, world.members.ADMIN);
    // The engineers' visits that found the products beyond repair.
    const ticketOf = async (item: (typeof chosen)[number], note: string) =>
      (
        await createTicket.handle(
          createTicket.operation.input.parse({
            fleet_item_id: item.id,
            service_id: item.service_id,
            problem_note: note,
            priority: 'HIGH',
          }),
          asAdmin,
        )
      ).data.items[0].ticket_id;
    const replaced = (
      await generateFgr.handle(
        generateFgr.operation.input.parse({
          ticket_id: await ticketOf(chosen[0], 'Not cooling at all; compressor noisy, then silent.'),
          reason: 'Compressor seized within the warranty; the engineer found it beyond repair.',
          replacement_serial_number: `${chosen[0].serial}-R1`,
          note: 'Customer agreed to a replacement on site.',
        }),
        asAdmin,
      )
    ).data.items[0];
    await decide(await demoContext(tx, world.members.OWNER), {
      request_id: replaced.workflow_request_id!,
      decision: 'APPROVE',
      level: 1,
      comment: 'Replace it: claim from the manufacturer.',
    });
    await updateClaimStatus.handle(
      updateClaimStatus.operation.input.parse({
        fgr_id: replaced.fgr_id,
        claim_status: 'CLAIMED',
        claim_reference: 'MFR-CLM-2026-0117',
        claim_note: 'Sent with the failed unit.',
      }),
      asAdmin,
    );
    await generateFgr.handle(
      generateFgr.operation.input.parse({
        ticket_id: await ticketOf(chosen[1], 'Trips the breaker every time it starts.'),
        reason: 'PCB burnt twice in a month; the part is no longer made.',
        replacement_serial_number: `${chosen[1].serial}-R1`,
      }),
      asAdmin,
    );
  });
  return 2;
}
