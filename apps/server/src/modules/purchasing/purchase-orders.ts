import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dayIn, formatRupees } from '@fieldport/contract/fields';
import { rateToBasisPoints } from '@fieldport/contract/gst';
import {
  CancelPurchaseOrder,
  GetPurchaseOrder,
  ListPurchaseOrder,
  PURCHASE_ORDER_ORDERED_STATES,
  PURCHASE_ORDER_STATE_LABELS,
  PURCHASING_MESSAGES,
  RaisePurchaseOrder,
  ReceivePurchaseOrder,
  RecordPurchaseOrderPayment,
  SharePurchaseOrder,
  type PaymentStatus,
  type PurchaseOrderDetails,
  type PurchaseOrderItem,
  type PurchaseOrderLine,
  type PurchaseOrderPayment,
  type PurchaseOrderReceipt,
} from '@fieldport/contract/operations/purchasing';
import { supplyBetween, taxLine, taxTotals } from '@fieldport/contract/tax';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { user } from '../../db/schema/identity.ts';
import { component, store } from '../../db/schema/inventory.ts';
import {
  purchaseOrder,
  purchaseOrderLine,
  purchaseOrderPayment,
  purchaseOrderReceipt,
  purchaseOrderReceiptLine,
  vendor,
} from '../../db/schema/purchasing.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import {
  amountColumns,
  paymentStatusCondition,
  paymentStatusOf,
  taxFields,
} from '../../platform/document-amounts.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList, qualified, referenceMatches, searchCondition } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import {
  raiseRequest,
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import { usableStore } from '../inventory/component-requests.ts';
import { actorOf, applyStockMovements, partWords } from '../inventory/stock-ledger.ts';
import { usableComponents } from '../inventory/stock.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { purchaseOrderPdf } from './purchase-order-pdf.ts';

/**
 * Purchase orders (docs/purchasing.md#purchase-orders): raised to a vendor for delivery into a
 * store, approved through the workflow (kind PURCHASE_ORDER), mailed to the vendor as a PDF,
 * received in parts into the store through the ledger and paid in parts. A service partner's users
 * see and work only the orders into their own stores; the vendors are the organization's.
 */

const raisedBy = alias(user, 'raised_by');

/** Where the caller may see orders: the organization's, and a partner's own stores only. */
const scopeOf = (caller: Caller) => and(inOrganization(purchaseOrder, caller), inPartyOf(store, caller))!;

/** The order's lines as JSON, in order, with what is received and pending. */
const linesJson = sql<PurchaseOrderLine[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'line_id', l.id,
      'component_id', l.component_id,
      'part_number', c.part_number,
      'name', c.name,
      'unit', c.unit,
      'hsn_code', c.hsn_code,
      'quantity', l.quantity,
      'unit_price', l.unit_price_paise,
      'discount', l.discount_paise,
      'tax_rate', l.tax_rate_bp / 100.0,
      'taxable', l.taxable_paise,
      'cgst', l.cgst_paise,
      'sgst', l.sgst_paise,
      'igst', l.igst_paise,
      'total', l.total_paise,
      'received', l.received_quantity,
      'pending', l.quantity - l.received_quantity
    ) order by l.position), '[]'::jsonb)
    from ${purchaseOrderLine} l
    join ${component} c on c.id = l.component_id
   where l.purchase_order_id = ${qualified(purchaseOrder.id)})`;

/** Only an order placed (approved, received or not) is paid or owed: the others match no payment filter. */
const paymentStatusFilter = (status: PaymentStatus) =>
  and(
    inArray(purchaseOrder.state, [...PURCHASE_ORDER_ORDERED_STATES]),
    paymentStatusCondition(purchaseOrder.paid_paise, purchaseOrder.total_paise, status),
  );

export const listPurchaseOrders = defineList(ListPurchaseOrder, {
  table: purchaseOrder,
  scope: scopeOf,
  select: {
    id: purchaseOrder.id,
    po_number: purchaseOrder.po_number,
    state: purchaseOrder.state,
    vendor_id: purchaseOrder.vendor_id,
    vendor_name: vendor.name,
    vendor_gstin: vendor.gstin,
    vendor_email: vendor.email,
    vendor_state: vendor.state,
    vendor_address: sql<string>`${vendor.address} || ', ' || ${vendor.city} || ' ' || ${vendor.pincode}`,
    store_id: purchaseOrder.store_id,
    store_name: store.name,
    store_state: store.state,
    store_address: sql<string>`${store.address} || ', ' || ${store.city} || ' ' || ${store.pincode}`,
    supply: purchaseOrder.supply,
    expected_on: purchaseOrder.expected_on,
    note: purchaseOrder.note,
    lines: linesJson,
    taxable: purchaseOrder.taxable_paise,
    cgst: purchaseOrder.cgst_paise,
    sgst: purchaseOrder.sgst_paise,
    igst: purchaseOrder.igst_paise,
    total: purchaseOrder.total_paise,
    paid: purchaseOrder.paid_paise,
    workflow_request_id: purchaseOrder.workflow_request_id,
    decision_comment: purchaseOrder.decision_comment,
    shared_at: purchaseOrder.shared_at,
    shared_to: purchaseOrder.shared_to,
    raised_by_name: raisedBy.name,
    created_at: purchaseOrder.created_at,
    updated_at: purchaseOrder.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(
        vendor,
        and(
          eq(vendor.id, purchaseOrder.vendor_id),
          eq(vendor.organization_id, purchaseOrder.organization_id),
        ),
      )
      .innerJoin(
        store,
        and(eq(store.id, purchaseOrder.store_id), eq(store.organization_id, purchaseOrder.organization_id)),
      )
      .leftJoin(raisedBy, eq(raisedBy.id, purchaseOrder.raised_by)),
  // The vendor is found first, as quotations find their customer (docs/architecture.md#lists).
  search: (term, caller) =>
    or(
      searchCondition([purchaseOrder.po_number], term),
      referenceMatches(purchaseOrder.vendor_id, vendor, searchCondition([vendor.name], term), caller),
    ),
  // Newest first on (organization_id, created_at, id); by state, vendor or store on their own indexes.
  sort: {
    created_on: purchaseOrder.created_at,
    po_number: purchaseOrder.po_number,
    total_amount: purchaseOrder.total_paise,
    updated_on: purchaseOrder.updated_at,
  },
  filters: (input, caller) => [
    input.state ? eq(purchaseOrder.state, input.state) : undefined,
    input.payment_status ? paymentStatusFilter(input.payment_status) : undefined,
    input.vendor_id ? eq(purchaseOrder.vendor_id, input.vendor_id) : undefined,
    input.service_center_id ? eq(purchaseOrder.store_id, input.service_center_id) : undefined,
    ...withinDays(purchaseOrder.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (row): PurchaseOrderItem => {
    const ordered = row.lines.reduce((sum, line) => sum + line.quantity, 0);
    const received = row.lines.reduce((sum, line) => sum + line.received, 0);
    return {
      purchase_order_id: row.id,
      po_number: row.po_number,
      state: row.state,
      vendor_id: row.vendor_id,
      vendor_name: row.vendor_name,
      vendor_gstin: row.vendor_gstin,
      vendor_email: row.vendor_email,
      vendor_state: row.vendor_state,
      vendor_address: row.vendor_address,
      service_center_id: row.store_id,
      service_center_name: row.store_name,
      service_center_state: row.store_state,
      service_center_address: row.store_address,
      supply: row.supply,
      expected_on: row.expected_on,
      note: row.note,
      lines: row.lines,
      taxable_amount: row.taxable,
      cgst_amount: row.cgst,
      sgst_amount: row.sgst,
      igst_amount: row.igst,
      total_amount: row.total,
      ordered_quantity: ordered,
      received_quantity: received,
      pending_quantity: ordered - received,
      paid_amount: row.paid,
      balance_amount: row.total - row.paid,
      payment_status: paymentStatusOf(row.total, row.paid),
      workflow_request_id: row.workflow_request_id,
      decision_comment: row.decision_comment,
      shared_on: row.shared_at?.toISOString() ?? null,
      shared_to: row.shared_to,
      raised_by_name: row.raised_by_name ?? 'A former user',
      created_on: row.created_at.toISOString(),
      updated_on: row.updated_at.toISOString(),
    };
  },
  export: {
    title: 'Purchase orders',
    columns: [
      { header: 'PO number', width: 22, value: (item) => item.po_number },
      {
        header: 'Raised on',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm',
        value: (item) => new Date(item.created_on),
      },
      { header: 'State', width: 20, value: (item) => PURCHASE_ORDER_STATE_LABELS[item.state] },
      { header: 'Vendor', width: 30, value: (item) => item.vendor_name },
      { header: 'Vendor GSTIN', width: 18, value: (item) => item.vendor_gstin ?? '' },
      { header: 'Store', width: 28, value: (item) => item.service_center_name },
      ...amountColumns<PurchaseOrderItem>({ paid: false }),
      { header: 'Ordered', width: 10, value: (item) => item.ordered_quantity },
      { header: 'Received', width: 10, value: (item) => item.received_quantity },
      { header: 'Paid (₹)', width: 14, value: (item) => item.paid_amount / 100, numFmt: '#,##0.00' },
      { header: 'Balance (₹)', width: 14, value: (item) => item.balance_amount / 100, numFmt: '#,##0.00' },
    ],
  },
});

export async function purchaseOrderItem(db: Db, caller: Caller, id: string): Promise<PurchaseOrderItem> {
  const item = await listPurchaseOrders.list.findById(db, caller, id);
  if (!item) throw notFound(PURCHASING_MESSAGES.orderNotFound);
  return item;
}

const answer = async (context: OperationContext, id: string, message: string) => {
  context.auditTarget = id;
  return { data: { items: [await purchaseOrderItem(context.db, context.caller, id)] }, message };
};

// ---------------------------------------------------------------------------------------------
// One order with its receipts and payments

const receivedBy = alias(user, 'received_by');
const recordedBy = alias(user, 'recorded_by');

export async function purchaseOrderDetails(
  db: Db,
  caller: Caller,
  id: string,
): Promise<PurchaseOrderDetails> {
  const item = await purchaseOrderItem(db, caller, id);
  const receiptRows = await db
    .select({
      id: purchaseOrderReceipt.id,
      reference: purchaseOrderReceipt.reference,
      note: purchaseOrderReceipt.note,
      received_by_name: receivedBy.name,
      created_at: purchaseOrderReceipt.created_at,
      lines: sql<PurchaseOrderReceipt['lines']>`(
        select coalesce(jsonb_agg(jsonb_build_object(
            'component_id', l.component_id,
            'part_number', c.part_number,
            'name', c.name,
            'quantity', rl.quantity
          ) order by l.position), '[]'::jsonb)
          from ${purchaseOrderReceiptLine} rl
          join ${purchaseOrderLine} l on l.id = rl.line_id
          join ${component} c on c.id = l.component_id
         where rl.receipt_id = ${qualified(purchaseOrderReceipt.id)})`,
    })
    .from(purchaseOrderReceipt)
    .leftJoin(receivedBy, eq(receivedBy.id, purchaseOrderReceipt.received_by))
    .where(
      and(
        eq(purchaseOrderReceipt.organization_id, caller.organization.id),
        eq(purchaseOrderReceipt.purchase_order_id, id),
      ),
    )
    .orderBy(purchaseOrderReceipt.created_at, purchaseOrderReceipt.id);
  const paymentRows = await db
    .select({
      id: purchaseOrderPayment.id,
      amount: purchaseOrderPayment.amount_paise,
      paid_on: purchaseOrderPayment.paid_on,
      reference: purchaseOrderPayment.reference,
      note: purchaseOrderPayment.note,
      recorded_by_name: recordedBy.name,
      created_at: purchaseOrderPayment.created_at,
    })
    .from(purchaseOrderPayment)
    .leftJoin(recordedBy, eq(recordedBy.id, purchaseOrderPayment.recorded_by))
    .where(
      and(
        eq(purchaseOrderPayment.organization_id, caller.organization.id),
        eq(purchaseOrderPayment.purchase_order_id, id),
      ),
    )
    .orderBy(purchaseOrderPayment.paid_on, purchaseOrderPayment.created_at);
  const receipts: PurchaseOrderReceipt[] = receiptRows.map((row) => ({
    receipt_id: row.id,
    reference: row.reference,
    note: row.note,
    lines: row.lines,
    received_by_name: row.received_by_name ?? 'A former user',
    received_on: row.created_at.toISOString(),
  }));
  const payments: PurchaseOrderPayment[] = paymentRows.map((row) => ({
    payment_id: row.id,
    amount: row.amount,
    paid_on: row.paid_on,
    reference: row.reference,
    note: row.note,
    recorded_by_name: row.recorded_by_name ?? 'A former user',
    recorded_on: row.created_at.toISOString(),
  }));
  return { ...item, receipts, payments };
}

const getPurchaseOrder = defineHandler(GetPurchaseOrder, async (input, { db, caller }) => ({
  data: { items: [await purchaseOrderDetails(db, caller, input.purchase_order_id)] },
}));

// ---------------------------------------------------------------------------------------------
// Raise

export const raisePurchaseOrder = defineHandler(RaisePurchaseOrder, async (input, context) => {
  const { db, caller } = context;
  const [to] = await db
    .select({ id: vendor.id, name: vendor.name, state: vendor.state, status: vendor.status })
    .from(vendor)
    .where(and(inOrganization(vendor, caller), eq(vendor.id, input.vendor_id)));
  if (!to) throw notFound(PURCHASING_MESSAGES.vendorNotFound);
  if (to.status !== 'ACTIVE') throw badInput(PURCHASING_MESSAGES.vendorInactive(to.name), 'vendor_id');
  const into = await usableStore(db, caller, input.service_center_id);
  await usableComponents(
    db,
    caller,
    input.lines.map((line) => line.component_id),
    (index) => `lines.${index}.component_id`,
  );

  // The goods go from the vendor's state to the store's: that decides CGST + SGST or IGST.
  const supply = supplyBetween(to.state, into.state);
  const lines = input.lines.map((line) => {
    const tax_rate_bp = rateToBasisPoints(line.tax_rate);
    return { ...line, tax_rate_bp, amounts: taxLine({ ...line, tax_rate_bp }, supply) };
  });
  const totals = taxTotals(lines.map((line) => line.amounts));

  const id = newId();
  const number = await nextDocumentNumber(
    db,
    caller.organization.id,
    'PO',
    dayIn(caller.organization.time_zone),
  );
  await db.insert(purchaseOrder).values({
    id,
    organization_id: caller.organization.id,
    po_number: number,
    state: 'PENDING',
    vendor_id: to.id,
    store_id: into.id,
    supply,
    expected_on: input.expected_on,
    note: input.note,
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    sgst_paise: totals.sgst,
    igst_paise: totals.igst,
    total_paise: totals.total,
    raised_by: caller.user.id,
  });
  await db.insert(purchaseOrderLine).values(
    lines.map((line, position) => ({
      id: newId(),
      organization_id: caller.organization.id,
      purchase_order_id: id,
      position,
      component_id: line.component_id,
      quantity: line.quantity,
      unit_price_paise: line.unit_price,
      discount_paise: line.discount,
      tax_rate_bp: line.tax_rate_bp,
      taxable_paise: line.amounts.taxable,
      cgst_paise: line.amounts.cgst,
      sgst_paise: line.amounts.sgst,
      igst_paise: line.amounts.igst,
      total_paise: line.amounts.total,
    })),
  );
  const request = await raiseRequest(context, {
    kind: 'PURCHASE_ORDER',
    record_id: id,
    summary: `${number} to ${to.name}: ${formatRupees(totals.total)}`,
  });
  await db
    .update(purchaseOrder)
    .set({ workflow_request_id: request.id })
    .where(and(eq(purchaseOrder.organization_id, caller.organization.id), eq(purchaseOrder.id, id)));
  return answer(context, id, PURCHASING_MESSAGES.raised(number));
});

// ---------------------------------------------------------------------------------------------
// Approval (the workflow engine's hooks)

async function describeOrder({ db, caller }: Pick<WorkflowContext, 'db' | 'caller'>, recordId: string) {
  // The approver reads the order whoever's store it is (still the caller's organization's): the
  // engine decided they may see the request.
  const item = await listPurchaseOrders.list.findById(db, { ...caller, party: null }, recordId);
  if (!item) return null;
  return {
    title: `${item.po_number} to ${item.vendor_name}`,
    fields: [
      {
        label: 'Vendor',
        value: [item.vendor_name, item.vendor_gstin, item.vendor_state].filter(Boolean).join(', '),
      },
      { label: 'Deliver to', value: `${item.service_center_name}, ${item.service_center_state}` },
      {
        label: 'Lines',
        value: item.lines
          .map(
            (line) =>
              `${line.part_number} ${line.name} × ${line.quantity} at ${formatRupees(line.unit_price)}` +
              `${line.discount ? ` less ${formatRupees(line.discount)}` : ''}, GST ${line.tax_rate}%: ${formatRupees(line.total)}`,
          )
          .join('\n'),
      },
      ...taxFields(item.supply, item),
      { label: 'Expected on', value: item.expected_on ? calendarDayText(item.expected_on) : '—' },
      { label: 'Terms and notes', value: item.note ?? '—' },
      { label: 'Raised by', value: item.raised_by_name },
      { label: 'State', value: PURCHASE_ORDER_STATE_LABELS[item.state] },
    ],
  };
}

async function settleOrder(
  { db }: WorkflowContext,
  request: WorkflowRequestRow,
  outcome: 'APPROVED' | 'REJECTED' | 'WITHDRAWN',
  comment: string | null,
) {
  await db
    .update(purchaseOrder)
    .set({ state: outcome, decision_comment: comment, updated_at: new Date() })
    .where(
      and(
        eq(purchaseOrder.organization_id, request.organization_id),
        eq(purchaseOrder.id, request.record_id),
        eq(purchaseOrder.state, 'PENDING'),
      ),
    );
}

/** Registers PURCHASE_ORDER; the purchasing handlers call it once, when they load. */
export function registerPurchaseOrderKind(): void {
  registerWorkflowKind('PURCHASE_ORDER', {
    describe: describeOrder,
    onApproved: (context, request, decision) => settleOrder(context, request, 'APPROVED', decision.comment),
    onRejected: (context, request, decision) => settleOrder(context, request, 'REJECTED', decision.comment),
    onWithdrawn: (context, request) => settleOrder(context, request, 'WITHDRAWN', request.withdraw_reason),
  });
}

// ---------------------------------------------------------------------------------------------
// Receive, pay, share, cancel

type OrderRow = typeof purchaseOrder.$inferSelect;

/** The order, locked, if the caller may work it (a partner's users: their own stores only). */
async function lockOrder(db: Db, caller: Caller, id: string): Promise<OrderRow> {
  const [row] = await db
    .select({ purchaseOrder })
    .from(purchaseOrder)
    .innerJoin(
      store,
      and(eq(store.id, purchaseOrder.store_id), eq(store.organization_id, purchaseOrder.organization_id)),
    )
    .where(and(scopeOf(caller), eq(purchaseOrder.id, id)))
    .for('update', { of: purchaseOrder });
  if (!row) throw notFound(PURCHASING_MESSAGES.orderNotFound);
  return row.purchaseOrder;
}

/** Approved (received or not): else CONFLICT naming the state. */
function requireOrdered(row: OrderRow) {
  if (!PURCHASE_ORDER_ORDERED_STATES.includes(row.state)) {
    throw conflict(PURCHASING_MESSAGES.notOrdered(row.po_number, PURCHASE_ORDER_STATE_LABELS[row.state]));
  }
}

async function setOrder(db: Db, row: OrderRow, values: Partial<typeof purchaseOrder.$inferInsert>) {
  await db
    .update(purchaseOrder)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(purchaseOrder.organization_id, row.organization_id), eq(purchaseOrder.id, row.id)));
}

export const receivePurchaseOrder = defineHandler(ReceivePurchaseOrder, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOrder(db, caller, input.purchase_order_id);
  requireOrdered(row);
  const lines = await db
    .select({
      id: purchaseOrderLine.id,
      component_id: purchaseOrderLine.component_id,
      quantity: purchaseOrderLine.quantity,
      received: purchaseOrderLine.received_quantity,
      taxable: purchaseOrderLine.taxable_paise,
      part_number: component.part_number,
      name: component.name,
    })
    .from(purchaseOrderLine)
    .innerJoin(component, eq(component.id, purchaseOrderLine.component_id))
    .where(
      and(
        eq(purchaseOrderLine.organization_id, row.organization_id),
        eq(purchaseOrderLine.purchase_order_id, row.id),
      ),
    )
    .orderBy(purchaseOrderLine.position);
  if (new Set(input.lines.map((line) => line.component_id)).size !== input.lines.length) {
    throw badInput('Each component once: put the quantities of one component on one line', 'lines');
  }
  const lineOf = new Map(lines.map((line) => [line.component_id, line]));
  const receiving = input.lines.flatMap((asked, index) => {
    const line = lineOf.get(asked.component_id);
    if (!line) throw badInput(PURCHASING_MESSAGES.notItsPart, `lines.${index}.component_id`);
    const pending = line.quantity - line.received;
    if (asked.quantity > pending) {
      throw badInput(
        PURCHASING_MESSAGES.tooMany(partWords(line), pending, asked.quantity),
        `lines.${index}.quantity`,
      );
    }
    return asked.quantity > 0 ? [{ line, quantity: asked.quantity }] : [];
  });

  // Each unit at the order's price after discount, before tax (GST is credited, not stocked).
  const rows = await applyStockMovements(
    db,
    actorOf(caller),
    receiving.map(({ line, quantity }) => ({
      kind: 'RECEIVE' as const,
      store_id: row.store_id,
      component_id: line.component_id,
      quantity,
      unit_cost: Math.round(line.taxable / line.quantity),
      reference: row.po_number,
      reason: `Against ${input.reference}`,
    })),
  );
  const receiptId = newId();
  await db.insert(purchaseOrderReceipt).values({
    id: receiptId,
    organization_id: row.organization_id,
    purchase_order_id: row.id,
    reference: input.reference,
    note: input.note,
    movement_group_id: rows[0].movement_group_id,
    received_by: caller.user.id,
  });
  await db.insert(purchaseOrderReceiptLine).values(
    receiving.map(({ line, quantity }, index) => ({
      id: newId(),
      organization_id: row.organization_id,
      receipt_id: receiptId,
      line_id: line.id,
      quantity,
      stock_movement_id: rows[index].id,
    })),
  );
  for (const { line, quantity } of receiving) {
    await db
      .update(purchaseOrderLine)
      .set({ received_quantity: sql`${purchaseOrderLine.received_quantity} + ${quantity}` })
      .where(
        and(eq(purchaseOrderLine.organization_id, row.organization_id), eq(purchaseOrderLine.id, line.id)),
      );
  }
  const pendingBefore = lines.reduce((sum, line) => sum + line.quantity - line.received, 0);
  const receivedNow = receiving.reduce((sum, entry) => sum + entry.quantity, 0);
  const state = receivedNow === pendingBefore ? 'RECEIVED' : 'PARTLY_RECEIVED';
  await setOrder(db, row, { state });
  return answer(
    context,
    row.id,
    PURCHASING_MESSAGES.received(row.po_number, PURCHASE_ORDER_STATE_LABELS[state]),
  );
});

export const recordPayment = defineHandler(RecordPurchaseOrderPayment, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOrder(db, caller, input.purchase_order_id);
  requireOrdered(row);
  if (input.paid_on > dayIn(caller.organization.time_zone)) {
    throw badInput(PURCHASING_MESSAGES.paidInFuture, 'paid_on');
  }
  const balance = row.total_paise - row.paid_paise;
  if (input.amount > balance) throw badInput(PURCHASING_MESSAGES.overpaid(formatRupees(balance)), 'amount');
  await db.insert(purchaseOrderPayment).values({
    id: newId(),
    organization_id: row.organization_id,
    purchase_order_id: row.id,
    amount_paise: input.amount,
    paid_on: input.paid_on,
    reference: input.reference,
    note: input.note,
    recorded_by: caller.user.id,
  });
  await setOrder(db, row, { paid_paise: row.paid_paise + input.amount });
  return answer(
    context,
    row.id,
    PURCHASING_MESSAGES.paid(formatRupees(input.amount), row.po_number, formatRupees(balance - input.amount)),
  );
});

const sharePurchaseOrder = defineHandler(SharePurchaseOrder, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOrder(db, caller, input.purchase_order_id);
  requireOrdered(row);
  const details = await purchaseOrderDetails(db, caller, row.id);
  const to = input.email ?? details.vendor_email;
  if (!to) throw badInput(PURCHASING_MESSAGES.noVendorEmail(details.vendor_name), 'email');
  // Made now, inside the operation: a document that cannot be made refuses the share.
  const pdf = await purchaseOrderPdf(details, caller.organization);
  await setOrder(db, row, { shared_at: new Date(), shared_to: to });
  const organizationName = caller.organization.name;
  context.afterCommit(async (committed) => {
    await committed.mailer.send({
      to,
      organizationId: caller.organization.id,
      subject: `Purchase order ${row.po_number} from ${organizationName}`,
      text: [
        `Dear ${details.vendor_name},`,
        '',
        `Please find attached our purchase order ${row.po_number} for ${formatRupees(details.total_amount)}, to be delivered to ${details.service_center_name}.`,
        ...(input.message ? ['', input.message] : []),
        '',
        `Regards,`,
        caller.user.name,
        organizationName,
      ].join('\n'),
      attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    });
  });
  return answer(context, row.id, PURCHASING_MESSAGES.shared(row.po_number, to));
});

const cancelPurchaseOrder = defineHandler(CancelPurchaseOrder, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOrder(db, caller, input.purchase_order_id);
  requireOrdered(row);
  if (row.state !== 'APPROVED' || row.paid_paise > 0) {
    throw conflict(PURCHASING_MESSAGES.notCancellable(row.po_number));
  }
  await setOrder(db, row, { state: 'CANCELLED', decision_comment: input.reason });
  return answer(context, row.id, PURCHASING_MESSAGES.cancelled(row.po_number));
});

export const purchaseOrderHandlers = [
  listPurchaseOrders,
  getPurchaseOrder,
  raisePurchaseOrder,
  receivePurchaseOrder,
  recordPayment,
  sharePurchaseOrder,
  cancelPurchaseOrder,
];
