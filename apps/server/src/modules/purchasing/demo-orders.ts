import { eq } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { purchaseOrder, vendor } from '../../db/schema/purchasing.ts';
import { decide } from '../../platform/workflow.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
// Loading the purchasing handlers registers PURCHASE_ORDER's hooks, which raising needs.
import './purchasing-handlers.ts';
import { raisePurchaseOrder, receivePurchaseOrder, recordPayment } from './purchase-orders.ts';

/**
 * The demo's purchase orders (docs/purchasing.md#purchase-orders), made through the operations as
 * the store manager and the owner would make them: one approved, half received and part paid;
 * another waiting for the owner's approval. Run once the demo is written; an organization with
 * purchase orders already is left alone.
 */
export async function raiseDemoPurchaseOrders(db: Db): Promise<number> {
  const world = await demoWorld(db, ['STORE_MANAGER', 'OWNER']);
  if (!world) return 0;
  const { demo, mainStore, part } = world;
  const [already] = await db
    .select({ id: purchaseOrder.id })
    .from(purchaseOrder)
    .where(eq(purchaseOrder.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const [supplier] = await db
    .select({ id: vendor.id })
    .from(vendor)
    .where(eq(vendor.organization_id, demo.id));
  if (!supplier) return 0;
  const storeManager = { id: world.members.STORE_MANAGER };
  const owner = { id: world.members.OWNER };

  // The first order: approved, half received, an advance paid.
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asStoreManager = await demoContext(tx, storeManager.id);
    const raised = await raisePurchaseOrder.handle(
      raisePurchaseOrder.operation.input.parse({
        vendor_id: supplier.id,
        service_center_id: mainStore.id,
        lines: [
          { component_id: part('MAG-900W'), quantity: 4, unit_price: 345_000, tax_rate: 18 },
          {
            component_id: part('CAP-35-5-440'),
            quantity: 20,
            unit_price: 18_500,
            discount: 10_000,
            tax_rate: 18,
          },
          { component_id: part('GAS-R32'), quantity: 10, unit_price: 165_000, tax_rate: 18 },
        ],
        note: 'Deliver to the main store between 10:00 and 17:00. Payment 30 days from the invoice.',
      }),
      asStoreManager,
    );
    const order = raised.data.items[0];
    await decide(await demoContext(tx, owner.id), {
      request_id: order.workflow_request_id!,
      decision: 'APPROVE',
      level: 1,
      comment: 'Approved: stock for the summer.',
    });
    await receivePurchaseOrder.handle(
      receivePurchaseOrder.operation.input.parse({
        purchase_order_id: order.purchase_order_id,
        lines: [
          { component_id: part('MAG-900W'), quantity: 2 },
          { component_id: part('CAP-35-5-440'), quantity: 20 },
        ],
        reference: 'CAS/INV/2026/0418',
        note: 'Gas cylinders and two magnetrons to follow next week.',
      }),
      asStoreManager,
    );
    await recordPayment.handle(
      recordPayment.operation.input.parse({
        purchase_order_id: order.purchase_order_id,
        amount: 500_000,
        paid_on: dayIn(demo.time_zone),
        reference: 'NEFT-DEMO-0001',
        note: 'Advance',
      }),
      asStoreManager,
    );
  });
  // The second: waiting for the owner's approval.
  await db.transaction(async (transaction) => {
    await raisePurchaseOrder.handle(
      raisePurchaseOrder.operation.input.parse({
        vendor_id: supplier.id,
        service_center_id: mainStore.id,
        lines: [{ component_id: part('MTR-BLOWER-35W'), quantity: 6, unit_price: 142_500, tax_rate: 18 }],
        note: 'Blower motors for the AMC visits of December.',
      }),
      await demoContext(transaction as unknown as Db, storeManager.id),
    );
  });
  return 2;
}
