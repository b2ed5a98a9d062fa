import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DecideWorkflowRequest, WithdrawWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  CancelPurchaseOrder,
  GetPurchaseOrder,
  ListPurchaseOrder,
  PURCHASING_MESSAGES,
  RaisePurchaseOrder,
  ReceivePurchaseOrder,
  RecordPurchaseOrderPayment,
  SharePurchaseOrder,
  purchaseOrderPdfPath,
  type PurchaseOrderItem,
} from '@fieldport/contract/operations/purchasing';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { stockMovement } from '../../db/schema/inventory.ts';
import { purchaseOrder } from '../../db/schema/purchasing.ts';
import { seedVendor } from '../../db/seed/purchasing.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { ledgerAndLevel, seedTestComponent, stockWorld } from '../inventory/stock.test-kit.ts';

// docs/purchasing.md#purchase-orders: raised with exact GST per line, approved through the workflow,
// mailed as a PDF, received in parts through the ledger, paid in parts.

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let world: Awaited<ReturnType<typeof stockWorld>>;
let compressor: Awaited<ReturnType<typeof seedTestComponent>>;
let capacitor: Awaited<ReturnType<typeof seedTestComponent>>;
let localVendor: Awaited<ReturnType<typeof seedVendor>>;
let farVendor: Awaited<ReturnType<typeof seedVendor>>;

const PLACE = { address: '14, Peenya Industrial Area', city: 'Bengaluru', pincode: '560058' };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await startTestApp({ SMTP_URL: smtp.url });
  world = await stockWorld(app);
  compressor = await seedTestComponent(world.db, world.org.id, 'Rotary compressor');
  capacitor = await seedTestComponent(world.db, world.org.id, 'Run capacitor');
  // The stores are in Karnataka: a vendor there is taxed CGST + SGST, one in Maharashtra IGST.
  localVendor = await seedVendor(world.db, {
    organization_id: world.org.id,
    name: unique('CoolAir Spares '),
    email: 'orders@coolair.example',
    state: 'Karnataka',
    ...PLACE,
  });
  farVendor = await seedVendor(world.db, {
    organization_id: world.org.id,
    name: unique('Pune Compressors '),
    state: 'Maharashtra',
    ...PLACE,
    city: 'Pune',
    pincode: '411001',
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

type Who = Parameters<typeof world.as>[0];

async function ok<Data>(
  answer: Promise<{ envelope?: { data: Data } | null; errors?: unknown[] }>,
): Promise<Data> {
  const result = await answer;
  if (!result.envelope) throw new Error(JSON.stringify(result.errors));
  return result.envelope.data;
}

const refusal = async (
  answer: Promise<{ errors?: { message: string; extensions?: Record<string, unknown> }[] }>,
) => (await answer).errors?.[0];

async function raise(
  vendorId = localVendor.id,
  lines = [
    // 3 × ₹333.33 less ₹0.04 = ₹999.95; 18% = ₹179.991 -> ₹179.99: CGST ₹90.00, SGST ₹89.99.
    { component_id: compressor.id, quantity: 3, unit_price: 33_333, discount: 4, tax_rate: 18 },
    // 10 × ₹12.50 = ₹125.00; 5% = ₹6.25: CGST ₹3.13 (the odd paisa), SGST ₹3.12.
    { component_id: capacitor.id, quantity: 10, unit_price: 1_250, tax_rate: 5 },
  ],
  who: Who = 'STORE_MANAGER',
): Promise<PurchaseOrderItem> {
  const data = await ok(
    world.as(who, RaisePurchaseOrder, {
      vendor_id: vendorId,
      service_center_id: world.stores.main.id,
      expected_on: shiftDay(dayIn('Asia/Kolkata'), 7),
      lines,
      note: 'Deliver in original packing.',
    }),
  );
  return data.items[0];
}

async function approve(order: PurchaseOrderItem) {
  await ok(
    world.as('OWNER', DecideWorkflowRequest, {
      request_id: order.workflow_request_id,
      level: 1,
      decision: 'APPROVE',
      comment: 'Needed for the summer',
    }),
  );
}

const details = async (id: string, who: Who = 'STORE_MANAGER') =>
  (await ok(world.as(who, GetPurchaseOrder, { purchase_order_id: id }))).items[0];

describe('raising a purchase order', () => {
  it('numbers it per financial year, keeps exact GST per line and waits for approval', async () => {
    const order = await raise();
    expect(order.po_number).toMatch(/^PO\/\d{4}-\d{2}\/\d{6}$/);
    expect(order).toMatchObject({
      state: 'PENDING',
      supply: 'INTRA_STATE',
      vendor_id: localVendor.id,
      service_center_id: world.stores.main.id,
      note: 'Deliver in original packing.',
      ordered_quantity: 13,
      received_quantity: 0,
      pending_quantity: 13,
      paid_amount: 0,
      payment_status: 'UNPAID',
    });
    expect(order.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst, line.total])).toEqual([
      [99_995, 9_000, 8_999, 0, 117_994],
      [12_500, 313, 312, 0, 13_125],
    ]);
    // The totals are the sums of the lines, never recomputed from rates.
    expect([
      order.taxable_amount,
      order.cgst_amount,
      order.sgst_amount,
      order.igst_amount,
      order.total_amount,
    ]).toEqual([112_495, 9_313, 9_311, 0, 131_119]);
    expect(order.balance_amount).toBe(131_119);
    expect(order.workflow_request_id).toBeTruthy();
  });

  it('taxes IGST when the vendor is in another state', async () => {
    const order = await raise(farVendor.id);
    expect(order.supply).toBe('INTER_STATE');
    expect(order.lines.map((line) => [line.cgst, line.sgst, line.igst])).toEqual([
      [0, 0, 17_999],
      [0, 0, 625],
    ]);
    expect(order.total_amount).toBe(99_995 + 17_999 + 12_500 + 625);
  });

  it('refuses bad lines naming the field, and writes nothing', async () => {
    const before = await world.db.select({ id: purchaseOrder.id }).from(purchaseOrder);
    const cases: [unknown[], string, string][] = [
      [[], 'lines', 'lines: Add at least one component'],
      [
        [{ component_id: compressor.id, quantity: 1, unit_price: 100, discount: 101, tax_rate: 18 }],
        'lines.0.discount',
        'lines.0.discount: Discount must not be more than quantity × unit price',
      ],
      [
        [{ component_id: compressor.id, quantity: 1, unit_price: 100, tax_rate: 7 }],
        'lines.0.tax_rate',
        'lines.0.tax_rate: GST % must be one of 0, 0.25, 3, 5, 12, 18, 28',
      ],
      [
        [
          { component_id: compressor.id, quantity: 1, unit_price: 100, tax_rate: 18 },
          { component_id: compressor.id, quantity: 2, unit_price: 100, tax_rate: 18 },
        ],
        'lines.1.component_id',
        'lines.1.component_id: Each component once: put the quantities of one component on one line',
      ],
    ];
    for (const [lines, field, message] of cases) {
      const error = await refusal(
        world.as('STORE_MANAGER', RaisePurchaseOrder, {
          vendor_id: localVendor.id,
          service_center_id: world.stores.main.id,
          lines,
        }),
      );
      expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(error?.extensions?.field).toBe(field);
      expect(error?.message).toBe(message);
    }
    expect(await world.db.select({ id: purchaseOrder.id }).from(purchaseOrder)).toHaveLength(before.length);
  });
});

describe('an order through approval, receipts and payments', () => {
  it('cannot be received before it is approved; rejected, it stays refused', async () => {
    const order = await raise();
    const early = await refusal(
      world.as('STORE_MANAGER', ReceivePurchaseOrder, {
        purchase_order_id: order.purchase_order_id,
        lines: [{ component_id: compressor.id, quantity: 1 }],
        reference: 'INV-1',
      }),
    );
    expect(early?.extensions?.code).toBe('CONFLICT');
    expect(early?.message).toBe(PURCHASING_MESSAGES.notOrdered(order.po_number, 'Waiting for approval'));
    // The requester never approves their own order.
    const own = await refusal(
      world.as('STORE_MANAGER', DecideWorkflowRequest, {
        request_id: order.workflow_request_id,
        level: 1,
        decision: 'APPROVE',
      }),
    );
    expect(own?.extensions?.code).toBe('FORBIDDEN');
    await ok(
      world.as('OWNER', DecideWorkflowRequest, {
        request_id: order.workflow_request_id,
        level: 1,
        decision: 'REJECT',
        comment: 'Buy from the local vendor',
      }),
    );
    expect(await details(order.purchase_order_id)).toMatchObject({
      state: 'REJECTED',
      decision_comment: 'Buy from the local vendor',
    });
  });

  it('withdrawn by its requester, it is withdrawn', async () => {
    const order = await raise();
    await ok(
      world.as('STORE_MANAGER', WithdrawWorkflowRequest, {
        request_id: order.workflow_request_id,
        reason: 'Raised twice',
      }),
    );
    expect((await details(order.purchase_order_id)).state).toBe('WITHDRAWN');
  });

  it('approved, is received in two parts into the store through the ledger', async () => {
    const order = await raise();
    await approve(order);
    expect((await details(order.purchase_order_id)).state).toBe('APPROVED');
    const before = (await ledgerAndLevel(world.db, world.stores.main.id, compressor.id)).level?.quantity ?? 0;

    // More than pending: refused on the line's quantity, nothing written.
    const tooMany = await refusal(
      world.as('STORE_MANAGER', ReceivePurchaseOrder, {
        purchase_order_id: order.purchase_order_id,
        lines: [{ component_id: compressor.id, quantity: 4 }],
        reference: 'INV-7001',
      }),
    );
    expect(tooMany?.extensions?.field).toBe('lines.0.quantity');
    expect(tooMany?.message).toBe(
      PURCHASING_MESSAGES.tooMany(`${compressor.part_number} Rotary compressor`, 3, 4),
    );

    const first = (
      await ok(
        world.as('STORE_MANAGER', ReceivePurchaseOrder, {
          purchase_order_id: order.purchase_order_id,
          lines: [
            { component_id: compressor.id, quantity: 2 },
            { component_id: capacitor.id, quantity: 0 },
          ],
          reference: 'INV-7001',
          note: 'One compressor to follow',
        }),
      )
    ).items[0];
    expect(first).toMatchObject({ state: 'PARTLY_RECEIVED', received_quantity: 2, pending_quantity: 11 });
    expect(first.lines.map((line) => [line.received, line.pending])).toEqual([
      [2, 1],
      [0, 10],
    ]);
    // The ledger: RECEIVE rows naming the PO, each unit at the price after discount, before tax.
    const rows = await world.db
      .select()
      .from(stockMovement)
      .where(
        and(eq(stockMovement.organization_id, world.org.id), eq(stockMovement.reference, order.po_number)),
      );
    expect(
      rows.map((row) => [row.movement_type, row.component_id, row.quantity, Number(row.unit_cost_paise)]),
    ).toEqual([['RECEIVE', compressor.id, 2, 33_332]]);
    const level = await ledgerAndLevel(world.db, world.stores.main.id, compressor.id);
    expect(level.level?.quantity).toBe(before + 2);
    expect(level.ledger.quantity).toBe(level.level?.quantity);

    const second = (
      await ok(
        world.as('STORE_MANAGER', ReceivePurchaseOrder, {
          purchase_order_id: order.purchase_order_id,
          lines: [
            { component_id: compressor.id, quantity: 1 },
            { component_id: capacitor.id, quantity: 10 },
          ],
          reference: 'INV-7044',
        }),
      )
    ).items[0];
    expect(second).toMatchObject({ state: 'RECEIVED', received_quantity: 13, pending_quantity: 0 });
    const full = await details(order.purchase_order_id);
    expect(
      full.receipts.map((receipt) => [receipt.reference, receipt.lines.map((line) => line.quantity)]),
    ).toEqual([
      ['INV-7001', [2]],
      ['INV-7044', [1, 10]],
    ]);
    // Nothing is pending: a third receipt is refused.
    const again = await refusal(
      world.as('STORE_MANAGER', ReceivePurchaseOrder, {
        purchase_order_id: order.purchase_order_id,
        lines: [{ component_id: capacitor.id, quantity: 1 }],
        reference: 'INV-7045',
      }),
    );
    expect(again?.extensions?.code).toBe('BAD_USER_INPUT');

    // Received, it cannot be cancelled.
    const cancel = await refusal(
      world.as('STORE_MANAGER', CancelPurchaseOrder, {
        purchase_order_id: order.purchase_order_id,
        reason: 'x',
      }),
    );
    expect(cancel?.message).toBe(PURCHASING_MESSAGES.notCancellable(order.po_number));
  });

  it('is paid in parts, never beyond its balance nor on a day to come', async () => {
    const order = await raise();
    await approve(order);
    const today = dayIn(world.org.time_zone);
    const tomorrow = await refusal(
      world.as('STORE_MANAGER', RecordPurchaseOrderPayment, {
        purchase_order_id: order.purchase_order_id,
        amount: 100,
        paid_on: shiftDay(today, 1),
        reference: 'UTR1',
      }),
    );
    expect(tomorrow?.extensions?.field).toBe('paid_on');
    const paid = (
      await ok(
        world.as('STORE_MANAGER', RecordPurchaseOrderPayment, {
          purchase_order_id: order.purchase_order_id,
          amount: 100_000,
          paid_on: today,
          reference: 'UTR0001',
        }),
      )
    ).items[0];
    expect(paid).toMatchObject({
      paid_amount: 100_000,
      balance_amount: 31_119,
      payment_status: 'PARTLY_PAID',
    });
    const over = await refusal(
      world.as('STORE_MANAGER', RecordPurchaseOrderPayment, {
        purchase_order_id: order.purchase_order_id,
        amount: 31_120,
        paid_on: today,
        reference: 'UTR0002',
      }),
    );
    expect(over?.message).toBe(PURCHASING_MESSAGES.overpaid('₹311.19'));
    const rest = await world.as('STORE_MANAGER', RecordPurchaseOrderPayment, {
      purchase_order_id: order.purchase_order_id,
      amount: 31_119,
      paid_on: today,
      reference: 'UTR0002',
    });
    expect(rest.envelope?.status_message).toBe(PURCHASING_MESSAGES.paid('₹311.19', order.po_number, '₹0.00'));
    const settled = await details(order.purchase_order_id);
    expect(settled).toMatchObject({ payment_status: 'PAID', balance_amount: 0 });
    expect(settled.payments.map((payment) => [payment.amount, payment.reference])).toEqual([
      [100_000, 'UTR0001'],
      [31_119, 'UTR0002'],
    ]);
    // Paid, it cannot be cancelled; the list filters by payment.
    const paidList = await ok(
      world.as('STORE_MANAGER', ListPurchaseOrder, { payment_status: 'PAID', page_size: 100 }),
    );
    expect(paidList.items.map((item) => item.purchase_order_id)).toContain(order.purchase_order_id);
    expect(paidList.items.every((item) => item.payment_status === 'PAID')).toBe(true);
  });

  it('is cancelled with a reason while nothing is received or paid', async () => {
    const order = await raise();
    await approve(order);
    const cancelled = (
      await ok(
        world.as('STORE_MANAGER', CancelPurchaseOrder, {
          purchase_order_id: order.purchase_order_id,
          reason: 'Vendor cannot deliver',
        }),
      )
    ).items[0];
    expect(cancelled).toMatchObject({ state: 'CANCELLED', decision_comment: 'Vendor cannot deliver' });
  });
});

describe('the document', () => {
  it('is a PDF of the order, for whoever may see it, and is mailed to the vendor', async () => {
    const order = await raise();
    await approve(order);
    const url = purchaseOrderPdfPath(order.purchase_order_id);
    const answer = await app.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await world.cookieOf('STORE_MANAGER') },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `inline; filename="${order.po_number.replaceAll('/', '-')}.pdf"`,
    );
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // What a reader sees in it (poppler's pdftotext, as the vendor's viewer would render it).
    const file = path.join(os.tmpdir(), `${unique('po')}.pdf`);
    fs.writeFileSync(file, answer.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    fs.rmSync(file);
    for (const expected of [
      order.po_number,
      localVendor.name,
      world.stores.main.name,
      'CGST',
      'SGST',
      '₹1,311.19',
      'Rupees One Thousand Three Hundred Eleven and Nineteen Paise Only',
      'Deliver in original packing.',
    ]) {
      expect(text).toContain(expected);
    }

    // Without a session, from another organization, without the module: not served.
    expect((await app.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (
        await app.app.inject({
          method: 'GET',
          url: purchaseOrderPdfPath('no-such-order'),
          headers: { cookie: await world.cookieOf('OWNER') },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.app.inject({
          method: 'GET',
          url,
          headers: { cookie: await world.cookieOf('SERVICE_PARTNER') },
        })
      ).statusCode,
    ).toBe(403);

    // Shared: the vendor's address by default, the PDF attached.
    const shared = await world.as('STORE_MANAGER', SharePurchaseOrder, {
      purchase_order_id: order.purchase_order_id,
      message: 'Please confirm the delivery date.',
    });
    expect(shared.envelope?.status_message).toBe(
      PURCHASING_MESSAGES.shared(order.po_number, 'orders@coolair.example'),
    );
    expect(shared.envelope?.data.items[0].shared_to).toBe('orders@coolair.example');
    await app.mailer.deliverDue({ to: 'orders@coolair.example' });
    const mail = smtp.received.findLast((received) => received.to.includes('orders@coolair.example'));
    expect(mail?.raw).toContain(`Purchase order ${order.po_number}`);
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=PO-\d{4}-\d{2}-\d{6}\.pdf/);
    expect(mail?.raw).toContain('Please confirm the delivery date.');
  });

  it('asks for an address when the vendor has none, and is not shared before approval', async () => {
    const far = await raise(farVendor.id);
    const pending = await refusal(
      world.as('STORE_MANAGER', SharePurchaseOrder, { purchase_order_id: far.purchase_order_id }),
    );
    expect(pending?.extensions?.code).toBe('CONFLICT');
    await approve(far);
    const noEmail = await refusal(
      world.as('STORE_MANAGER', SharePurchaseOrder, { purchase_order_id: far.purchase_order_id }),
    );
    expect(noEmail?.extensions?.field).toBe('email');
    expect(noEmail?.message).toBe(PURCHASING_MESSAGES.noVendorEmail(farVendor.name));
  });
});
