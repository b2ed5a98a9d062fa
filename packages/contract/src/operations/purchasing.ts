import { z } from 'zod';
import {
  dateRangeFilter,
  dateRangeInOrder,
  isoDateSchema,
  optionalIsoDateSchema,
  paiseSchema,
  wholeNumberSchema,
} from '../fields.ts';
import {
  addressLineSchema,
  gstinProblem,
  gstRateSchema,
  gstStateSchema,
  GST_STATES,
  indianPincodeSchema,
  optionalGstinSchema,
} from '../gst.ts';
import { listInput, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { mutation, query, type ItemsData } from '../operation.ts';
import type { TaxSupply } from '../tax.ts';
import { COMPONENT_MAX_PRICE_PAISE, MAX_STOCK_QUANTITY, type ComponentUnit } from './inventory.ts';

/**
 * Purchasing (docs/purchasing.md): the vendors an organization buys spare parts from, and its
 * purchase orders to them.
 */

export const VENDORS_MODULE = 'Vendors';
export const PURCHASE_ORDERS_MODULE = 'Purchase Orders';

// ---------------------------------------------------------------------------------------------
// Vendors

export interface VendorItem {
  vendor_id: string;
  vendor_name: string;
  /** null: the vendor is not registered for GST. */
  gstin: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
  vendor_status: RecordStatus;
  vendor_created_on: string;
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** A vendor's address for orders, kept in lower case; empty is none. */
const optionalEmailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Email must be an address such as orders@vendor.in',
  )
  .nullish()
  .transform((value) => value || null);

export const vendors = masterContract<VendorItem>()({
  plural: 'Vendors',
  singular: 'Vendor',
  noun: 'vendor',
  module: VENDORS_MODULE,
  // A purchase order is raised to a vendor.
  readers: [PURCHASE_ORDERS_MODULE],
  idKey: 'vendor_id',
  statusKey: 'vendor_status',
  nameKey: 'vendor_name',
  fields: {
    vendor_name: nameSchema('Name', 150),
    gstin: optionalGstinSchema,
    contact_person: optionalText('Contact person', 100),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
      .refine((value) => value === '' || /^\d{10}$/.test(value), 'Phone must be a 10-digit number')
      .nullish()
      .transform((value) => value || null),
    email: optionalEmailSchema,
    address: addressLineSchema,
    city: nameSchema('City'),
    state: gstStateSchema(),
    pincode: indianPincodeSchema,
  },
  // A GSTIN names the state it is registered in: the vendor's state must be that one, since it
  // decides whether a purchase is taxed as CGST+SGST or IGST (docs/purchasing.md#tax).
  check: (values, ctx) => {
    if (!values.gstin || gstinProblem(values.gstin)) return;
    const registered = GST_STATES.find((state) => state.code === values.gstin!.slice(0, 2));
    if (registered && registered.name !== values.state) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `State must be ${registered.name}, where GSTIN ${values.gstin} is registered`,
      });
    }
  },
  sortBy: ['vendor_name', 'city', 'vendor_status', 'vendor_created_on'],
  defaultSortBy: 'vendor_name',
});
export const {
  list: ListVendors,
  create: CreateVendor,
  update: UpdateVendor,
  activateOrDeactivate: ActivateOrDeactivateVendor,
} = vendors;

// ---------------------------------------------------------------------------------------------
// Purchase orders (docs/purchasing.md#purchase-orders)

/**
 * A purchase order is raised to a vendor for delivery into a store and waits for approval through
 * the workflow (kind PURCHASE_ORDER). Approved, it can be mailed to the vendor, received against
 * in parts (each receipt is RECEIVE rows of the ledger with the PO's number as reference) and paid
 * in parts. Cancelled only while nothing is received or paid.
 */
export const PURCHASE_ORDER_STATES = [
  'PENDING',
  'APPROVED',
  'PARTLY_RECEIVED',
  'RECEIVED',
  'REJECTED',
  'WITHDRAWN',
  'CANCELLED',
] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];
export const PURCHASE_ORDER_STATE_LABELS: Record<PurchaseOrderState, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  PARTLY_RECEIVED: 'Partly received',
  RECEIVED: 'Received',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  CANCELLED: 'Cancelled',
};
/** The states in which goods may be received and payments recorded. */
export const PURCHASE_ORDER_ORDERED_STATES: readonly PurchaseOrderState[] = [
  'APPROVED',
  'PARTLY_RECEIVED',
  'RECEIVED',
];

export const PAYMENT_STATUSES = ['UNPAID', 'PARTLY_PAID', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  UNPAID: 'Unpaid',
  PARTLY_PAID: 'Partly paid',
  PAID: 'Paid',
};

/** How money is paid (a payout to a partner, a customer's payment against a quotation). */
export const PAYMENT_MODES = ['NEFT', 'RTGS', 'IMPS', 'UPI', 'CHEQUE', 'CASH'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  NEFT: 'NEFT',
  RTGS: 'RTGS',
  IMPS: 'IMPS',
  UPI: 'UPI',
  CHEQUE: 'Cheque',
  CASH: 'Cash',
};

export const MAX_PURCHASE_ORDER_LINES = 50;
/** One payment: up to ₹100 crore. */
export const MAX_PURCHASE_PAYMENT_PAISE = 100_000_000_000;

export interface PurchaseOrderLine {
  line_id: string;
  component_id: string;
  part_number: string;
  name: string;
  unit: ComponentUnit;
  hsn_code: string | null;
  quantity: number;
  /** Paise a unit, before tax. */
  unit_price: number;
  /** Paise off the line, before tax. */
  discount: number;
  /** GST %, e.g. 18. */
  tax_rate: number;
  /** The line's amounts, paise (packages/contract/src/tax.ts). */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  received: number;
  pending: number;
}

export interface PurchaseOrderItem {
  purchase_order_id: string;
  /** From the organization's sequence per financial year: 'PO/2026-27/000012'. */
  po_number: string;
  state: PurchaseOrderState;
  vendor_id: string;
  vendor_name: string;
  vendor_gstin: string | null;
  vendor_email: string | null;
  vendor_state: string;
  /** Street, city and PIN code, as the order prints them. */
  vendor_address: string;
  service_center_id: string;
  service_center_name: string;
  service_center_state: string;
  service_center_address: string;
  /** Vendor's state against the store's: CGST + SGST or IGST. */
  supply: TaxSupply;
  /** The day the goods are expected, in the organization's calendar. */
  expected_on: string | null;
  /** Terms and notes printed on the order. */
  note: string | null;
  lines: PurchaseOrderLine[];
  /** Sums of the lines, paise. */
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
  ordered_quantity: number;
  received_quantity: number;
  pending_quantity: number;
  paid_amount: number;
  /** total_amount - paid_amount. */
  balance_amount: number;
  payment_status: PaymentStatus;
  /** The approval request (the workflow engine's); null for none yet. */
  workflow_request_id: string | null;
  /** The approver's comment when rejected; the reason when cancelled. */
  decision_comment: string | null;
  /** When and to whom the order was last mailed. */
  shared_on: string | null;
  shared_to: string | null;
  raised_by_name: string;
  created_on: string;
  updated_on: string;
}

export interface PurchaseOrderReceiptLine {
  component_id: string;
  part_number: string;
  name: string;
  quantity: number;
}

export interface PurchaseOrderReceipt {
  receipt_id: string;
  /** The vendor's invoice or delivery challan. */
  reference: string;
  note: string | null;
  lines: PurchaseOrderReceiptLine[];
  received_by_name: string;
  received_on: string;
}

export interface PurchaseOrderPayment {
  payment_id: string;
  amount: number;
  /** The day it was paid, in the organization's calendar. */
  paid_on: string;
  /** UTR, cheque or voucher number. */
  reference: string;
  note: string | null;
  recorded_by_name: string;
  recorded_on: string;
}

export interface PurchaseOrderDetails extends PurchaseOrderItem {
  receipts: PurchaseOrderReceipt[];
  payments: PurchaseOrderPayment[];
}

const ordersAccess = (right: 'VIEW' | 'CREATE' | 'EDIT') =>
  ({ module: PURCHASE_ORDERS_MODULE, right }) as const;
const purchaseOrderId = idSchema('purchase_order_id');

export const ListPurchaseOrder = query<PageData<PurchaseOrderItem>>()({
  name: 'ListPurchaseOrder',
  access: ordersAccess('VIEW'),
  description:
    "A page of purchase orders, newest first, with their lines, what is received and what is paid: filters by state, payment, vendor, store and the day raised. A service partner's users see the orders into their own stores.",
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'po_number', 'total_amount', 'updated_on'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        state: z
          .enum(PURCHASE_ORDER_STATES, { error: `state must be one of ${PURCHASE_ORDER_STATES.join(', ')}` })
          .optional(),
        payment_status: z
          .enum(PAYMENT_STATUSES, { error: `payment_status must be one of ${PAYMENT_STATUSES.join(', ')}` })
          .optional(),
        vendor_id: idSchema('vendor_id').optional(),
        service_center_id: idSchema('service_center_id').optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const GetPurchaseOrder = query<ItemsData<PurchaseOrderDetails>>()({
  name: 'GetPurchaseOrder',
  access: ordersAccess('VIEW'),
  description: 'One purchase order with its lines, its receipts and its payments.',
  input: z.object({ purchase_order_id: purchaseOrderId }).strict(),
});

const requiredReference = (label: string, what: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required: ${what}`)
    .max(60, `${label} must be at most 60 characters`);

export const purchaseOrderLineSchema = z
  .object({
    component_id: idSchema('Component'),
    quantity: wholeNumberSchema('Quantity', 1, MAX_STOCK_QUANTITY),
    unit_price: paiseSchema('Unit price', COMPONENT_MAX_PRICE_PAISE),
    discount: paiseSchema('Discount', COMPONENT_MAX_PRICE_PAISE * 100).default(0),
    tax_rate: gstRateSchema('GST %'),
  })
  .strict()
  .superRefine((line, ctx) => {
    if (line.discount > line.quantity * line.unit_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount'],
        message: 'Discount must not be more than quantity × unit price',
      });
    }
  });

export const raisePurchaseOrderSchema = z
  .object({
    vendor_id: idSchema('Vendor'),
    service_center_id: idSchema('Store'),
    expected_on: optionalIsoDateSchema('Expected on'),
    lines: z
      .array(purchaseOrderLineSchema, { error: 'Lines must be a list' })
      .min(1, 'Add at least one component')
      .max(MAX_PURCHASE_ORDER_LINES, `At most ${MAX_PURCHASE_ORDER_LINES} lines on one purchase order`)
      .superRefine((lines, ctx) => {
        const ids = lines.map((line) => line.component_id);
        const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
        if (repeated >= 0) {
          ctx.addIssue({
            code: 'custom',
            path: [repeated, 'component_id'],
            message: 'Each component once: put the quantities of one component on one line',
          });
        }
      }),
    note: optionalText('Terms and notes', 1000),
  })
  .strict();

export const RaisePurchaseOrder = mutation<ItemsData<PurchaseOrderItem>>()({
  name: 'RaisePurchaseOrder',
  access: ordersAccess('CREATE'),
  description:
    'Raises a purchase order to an active vendor for delivery into a store: lines of components with quantity, unit price, discount and GST rate. It gets its number and waits for approval (workflow kind PURCHASE_ORDER).',
  input: raisePurchaseOrderSchema,
});

export const receivePurchaseOrderSchema = z
  .object({
    purchase_order_id: purchaseOrderId,
    lines: z
      .array(
        z
          .object({
            component_id: idSchema('Component'),
            quantity: wholeNumberSchema('Quantity', 0, MAX_STOCK_QUANTITY),
          })
          .strict(),
        { error: 'Lines must be a list' },
      )
      .min(1, 'Receive at least one unit')
      .max(MAX_PURCHASE_ORDER_LINES, `At most ${MAX_PURCHASE_ORDER_LINES} lines`)
      .refine((lines) => lines.some((line) => line.quantity > 0), 'Receive at least one unit'),
    reference: requiredReference('Reference', "the vendor's invoice or delivery challan number"),
    note: optionalText('Note', 300),
  })
  .strict();

export const ReceivePurchaseOrder = mutation<ItemsData<PurchaseOrderItem>>()({
  name: 'ReceivePurchaseOrder',
  access: ordersAccess('EDIT'),
  description:
    "Receives goods against an approved purchase order into its store, all or part of what is pending: RECEIVE rows of the ledger at the order's price after discount, with the PO's number as reference.",
  input: receivePurchaseOrderSchema,
});

/**
 * What every payment against a document records (a purchase order, a payout, a quotation): the
 * amount (more than ₹0, at most `maxPaise`), the day paid, the reference and a note.
 */
export function paymentFields(maxPaise: number, reference = 'the UTR, cheque or voucher number') {
  return {
    amount: paiseSchema('Amount', maxPaise).refine((value) => value > 0, 'Amount must be more than ₹0'),
    paid_on: isoDateSchema('Paid on'),
    reference: requiredReference('Reference', reference),
    note: optionalText('Note', 300),
  };
}

/** How it was paid, where the document asks. */
export const paymentModeSchema = z.enum(PAYMENT_MODES, {
  error: `Mode must be one of ${PAYMENT_MODES.join(', ')}`,
});

export const recordPurchaseOrderPaymentSchema = z
  .object({ purchase_order_id: purchaseOrderId, ...paymentFields(MAX_PURCHASE_PAYMENT_PAISE) })
  .strict();

export const RecordPurchaseOrderPayment = mutation<ItemsData<PurchaseOrderItem>>()({
  name: 'RecordPurchaseOrderPayment',
  access: ordersAccess('EDIT'),
  description:
    'Records a payment to the vendor against an approved purchase order (amount, day, reference): never more than the balance, never a day to come.',
  input: recordPurchaseOrderPaymentSchema,
});

export const SharePurchaseOrder = mutation<ItemsData<PurchaseOrderItem>>()({
  name: 'SharePurchaseOrder',
  access: ordersAccess('EDIT'),
  description:
    "Mails an approved purchase order as a PDF to the vendor (the vendor's email, or the address given), with a message.",
  input: z
    .object({
      purchase_order_id: purchaseOrderId,
      email: optionalEmailSchema,
      message: optionalText('Message', 1000),
    })
    .strict(),
});

export const CancelPurchaseOrder = mutation<ItemsData<PurchaseOrderItem>>()({
  name: 'CancelPurchaseOrder',
  access: ordersAccess('EDIT'),
  description: 'Cancels an approved purchase order against which nothing is received or paid, with a reason.',
  input: z
    .object({
      purchase_order_id: purchaseOrderId,
      reason: z
        .string({ error: 'Reason is required' })
        .trim()
        .min(1, 'Reason is required')
        .max(300, 'Reason must be at most 300 characters'),
    })
    .strict(),
});

/** The PDF of a purchase order: GET with the session, the same access as the list. */
export const purchaseOrderPdfPath = (purchaseOrderId: string) =>
  `/api/documents/purchase-order/${encodeURIComponent(purchaseOrderId)}.pdf`;

// ---------------------------------------------------------------------------------------------
// Messages

export const PURCHASING_MESSAGES = {
  duplicateGstin: (gstin: string) => `A vendor with GSTIN ${gstin} already exists.`,
  vendorNotFound: 'Vendor not found. Choose an active vendor from the list.',
  vendorInactive: (name: string) => `Vendor ${name} is inactive: activate it or choose another.`,
  orderNotFound: 'Purchase order not found. It may not be yours to see; refresh the list.',
  raised: (number: string) => `Purchase order ${number} raised. It waits for approval.`,
  notOrdered: (number: string, state: string) =>
    `Purchase order ${number} is ${state.toLowerCase()}: only an approved order can be received, paid or shared.`,
  notItsPart: 'Lines: that component is not on this purchase order. Refresh and try again.',
  tooMany: (part: string, pending: number, asked: number) =>
    `${part}: ${pending.toLocaleString('en-IN')} pending on this order, ${asked.toLocaleString('en-IN')} cannot be received.`,
  received: (number: string, state: string) =>
    `Goods received against ${number}. The order is ${state.toLowerCase()}.`,
  overpaid: (balance: string) => `Amount must not be more than the balance of ${balance}.`,
  paidInFuture: 'Paid on must not be a day to come.',
  paid: (amount: string, number: string, balance: string) =>
    `Payment of ${amount} recorded against ${number}. Balance ${balance}.`,
  noVendorEmail: (vendor: string) =>
    `Email is required: vendor ${vendor} has no email address. Give one, or add it to the vendor.`,
  shared: (number: string, email: string) => `Purchase order ${number} sent to ${email}.`,
  notCancellable: (number: string) =>
    `Purchase order ${number} cannot be cancelled: goods were received or payments made against it.`,
  cancelled: (number: string) => `Purchase order ${number} cancelled.`,
} as const;
