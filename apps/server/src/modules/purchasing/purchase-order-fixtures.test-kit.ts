import { and, eq } from 'drizzle-orm';
import {
  CancelPurchaseOrder,
  GetPurchaseOrder,
  ListPurchaseOrder,
  RaisePurchaseOrder,
  ReceivePurchaseOrder,
  RecordPurchaseOrderPayment,
  SharePurchaseOrder,
  type PurchaseOrderItem,
} from '@fieldport/contract/operations/purchasing';
import { dayIn } from '@fieldport/contract/fields';
import { purchaseOrder, purchaseOrderPayment, purchaseOrderReceipt } from '../../db/schema/purchasing.ts';
import { seedVendor } from '../../db/seed/purchasing.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore } from '../inventory/stock.test-kit.ts';

// Purchase orders of organization A for the walls of graphql/permission-matrix.test.ts: raised by
// A's owner to A's vendor into A's own store, so that B's owner is kept out and A's owner (who
// keeps Purchase Orders) is the rightful caller (docs/purchasing.md#purchase-orders).

async function arrangeOrder(world: FixtureWorld, approved: boolean) {
  const organization_id = world.a.org.id;
  const vendor = await seedVendor(world.db, {
    organization_id,
    name: unique('Fixture vendor '),
    email: 'orders@fixture-vendor.example',
    address: '14, Peenya Industrial Area',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560058',
  });
  const store = await seedTestStore(world.db, organization_id, 'Fixture PO store');
  const part = await seedTestComponent(world.db, organization_id, 'Fixture PO part');
  const data = (await world.asOwner(RaisePurchaseOrder, {
    vendor_id: vendor.id,
    service_center_id: store.id,
    lines: [{ component_id: part.id, quantity: 4, unit_price: 25_000, tax_rate: 18 }],
  })) as { items: PurchaseOrderItem[] };
  const order = data.items[0];
  // Approved as the workflow would have it (the owner may not approve their own order).
  if (approved) {
    await world.db
      .update(purchaseOrder)
      .set({ state: 'APPROVED' })
      .where(
        and(
          eq(purchaseOrder.organization_id, organization_id),
          eq(purchaseOrder.id, order.purchase_order_id),
        ),
      );
  }
  const state = async () => ({
    order: await world.db.select().from(purchaseOrder).where(eq(purchaseOrder.id, order.purchase_order_id)),
    receipts: await world.db
      .select()
      .from(purchaseOrderReceipt)
      .where(eq(purchaseOrderReceipt.purchase_order_id, order.purchase_order_id)),
    payments: await world.db
      .select()
      .from(purchaseOrderPayment)
      .where(eq(purchaseOrderPayment.purchase_order_id, order.purchase_order_id)),
    stock: await ledgerAndLevel(world.db, store.id, part.id),
  });
  return { vendor, store, part, order, state };
}

const ownTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });
const traces = (order: PurchaseOrderItem) => [order.purchase_order_id, order.po_number];

export const purchaseOrderFixtures: FixtureRegistry = {
  [ListPurchaseOrder.name]: {
    async arrange(world) {
      const { order, state } = await arrangeOrder(world, false);
      return ownTarget({ input: { search: order.po_number }, traces: traces(order), state });
    },
  },
  [GetPurchaseOrder.name]: {
    async arrange(world) {
      const { order, state } = await arrangeOrder(world, false);
      return ownTarget({
        input: { purchase_order_id: order.purchase_order_id },
        traces: traces(order),
        state,
      });
    },
  },
  [RaisePurchaseOrder.name]: {
    async arrange(world) {
      const { vendor, store, part, state } = await arrangeOrder(world, false);
      return ownTarget({
        input: {
          vendor_id: vendor.id,
          service_center_id: store.id,
          lines: [{ component_id: part.id, quantity: 1, unit_price: 10_000, tax_rate: 18 }],
        },
        traces: [vendor.name, store.name, part.part_number],
        state: async () => ({
          orders: await world.db.select().from(purchaseOrder).where(eq(purchaseOrder.vendor_id, vendor.id)),
          ...(await state()),
        }),
      });
    },
  },
  [ReceivePurchaseOrder.name]: {
    async arrange(world) {
      const { order, part, state } = await arrangeOrder(world, true);
      return ownTarget({
        input: {
          purchase_order_id: order.purchase_order_id,
          lines: [{ component_id: part.id, quantity: 2 }],
          reference: 'INV-FIXTURE-PO',
        },
        traces: traces(order),
        state,
      });
    },
  },
  [RecordPurchaseOrderPayment.name]: {
    async arrange(world) {
      const { order, state } = await arrangeOrder(world, true);
      return ownTarget({
        input: {
          purchase_order_id: order.purchase_order_id,
          amount: 10_000,
          paid_on: dayIn(world.a.org.time_zone),
          reference: 'UTR-FIXTURE',
        },
        traces: traces(order),
        state,
      });
    },
  },
  [SharePurchaseOrder.name]: {
    async arrange(world) {
      const { order, state } = await arrangeOrder(world, true);
      return ownTarget({
        input: { purchase_order_id: order.purchase_order_id },
        traces: traces(order),
        state,
      });
    },
  },
  [CancelPurchaseOrder.name]: {
    async arrange(world) {
      const { order, state } = await arrangeOrder(world, true);
      return ownTarget({
        input: { purchase_order_id: order.purchase_order_id, reason: 'Raised by mistake' },
        traces: traces(order),
        state,
      });
    },
  },
};
