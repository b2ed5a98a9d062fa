import { z } from 'zod';
import { importIdInput, type ImportItem } from '../imports.ts';
import { dateRangeFilter, dateRangeInOrder, paiseSchema, wholeNumberSchema } from '../fields.ts';
import {
  addressLineSchema,
  gstRateSchema,
  gstStateSchema,
  hsnCodeSchema,
  indianPincodeSchema,
} from '../gst.ts';
import { listInput, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { mutation, query, type ItemsData } from '../operation.ts';
import type { TicketState } from '../ticket-states.ts';
import { attachedFilesSchema, type AttachedFile } from './files.ts';

/**
 * Spare parts (docs/inventory.md): the components an organization stocks, the stores (service
 * centres) that hold them, and the stock ledger. Stock of a component in a store is the sum of its
 * ledger rows; a movement that would make it negative is refused and writes nothing.
 */

export const COMPONENTS_MODULE = 'Components';
export const STORES_MODULE = 'Store/Service Center';
export const INVENTORY_MODULE = 'Inventory';
export const TRANSACTIONS_MODULE = 'Components Transaction History';

/** The screens that read components and stores to pick them (not to manage them). */
const STOCK_SCREENS = [INVENTORY_MODULE, TRANSACTIONS_MODULE] as const;

// ---------------------------------------------------------------------------------------------
// Components

export const COMPONENT_UNITS = ['NOS', 'SET', 'PAIR', 'METRE', 'KG', 'LITRE', 'BOX'] as const;
export type ComponentUnit = (typeof COMPONENT_UNITS)[number];
export const COMPONENT_UNIT_LABELS: Record<ComponentUnit, string> = {
  NOS: 'Nos',
  SET: 'Set',
  PAIR: 'Pair',
  METRE: 'Metre',
  KG: 'Kg',
  LITRE: 'Litre',
  BOX: 'Box',
};

/** ₹10,00,000.00 a unit: far above any spare part, low enough to catch a mistyped amount. */
export const COMPONENT_MAX_PRICE_PAISE = 100_000_000;
export const COMPONENT_MAX_SERVICES = 200;
export const COMPONENT_MAX_PHOTOS = 3;
/** The largest quantity of one line of a movement, and of a reorder level. */
export const MAX_STOCK_QUANTITY = 1_000_000;

export const partNumberSchema = z
  .string({ error: 'Part number is required' })
  .trim()
  .min(1, 'Part number is required')
  .max(40, 'Part number must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Part number may contain letters, digits and . _ / -')
  .toUpperCase();

export interface ComponentItem {
  component_id: string;
  component_name: string;
  part_number: string;
  unit: ComponentUnit;
  /** Selling price of one unit in paise, before tax. */
  component_price: number;
  /** GST in percent (18 = 18%). */
  tax_rate: number;
  hsn_code: string | null;
  /** The products (services of the catalogue) the part fits. */
  service_ids: string[];
  service_names: string[];
  /** Stock at or below this in a store is flagged for reordering. */
  reorder_level: number;
  component_files: AttachedFile[];
  component_status: RecordStatus;
  component_created_on: string;
}

export const components = masterContract<ComponentItem>()({
  plural: 'Components',
  singular: 'Component',
  listName: 'List_Components',
  noun: 'component',
  module: COMPONENTS_MODULE,
  // Stock screens pick components; whoever works a ticket (co-ordinators, technicians) asks for
  // them; a quotation prices them. Not dealers' My Tickets: the parts' prices are the organization's.
  readers: [...STOCK_SCREENS, 'Tickets', 'My Work', 'Quotations List'],
  idKey: 'component_id',
  statusKey: 'component_status',
  nameKey: 'component_name',
  fields: {
    component_name: nameSchema('Name', 150),
    part_number: partNumberSchema,
    unit: z
      .enum(COMPONENT_UNITS, { error: `Unit must be one of ${COMPONENT_UNITS.join(', ')}` })
      .default('NOS'),
    component_price: paiseSchema('Price', COMPONENT_MAX_PRICE_PAISE),
    tax_rate: gstRateSchema(),
    hsn_code: hsnCodeSchema,
    service_ids: z
      .array(idSchema('Products'), { error: 'Products must be a list' })
      .max(COMPONENT_MAX_SERVICES, `At most ${COMPONENT_MAX_SERVICES} products`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each product once')
      .default([]),
    reorder_level: wholeNumberSchema('Reorder level', 0, MAX_STOCK_QUANTITY).default(0),
    component_files: attachedFilesSchema('component_files', 'component', COMPONENT_MAX_PHOTOS),
  },
  sortBy: ['component_name', 'part_number', 'component_price', 'component_status', 'component_created_on'],
  defaultSortBy: 'component_name',
  filters: { service_id: idSchema('service_id').optional() },
});
export const {
  list: List_Components,
  create: CreateComponent,
  update: UpdateComponent,
  activateOrDeactivate: ActivateOrDeactivateComponent,
} = components;

/** Components imported from .xlsx (the shared import: docs/imports.md). */
export const GetComponentImport = query<ItemsData<ImportItem>>()({
  name: 'GetComponentImport',
  access: { module: COMPONENTS_MODULE, right: 'CREATE' },
  description: "A components import's preview: its rows, what each would do, and the problems found.",
  input: importIdInput,
});

export const ConfirmComponentImport = mutation<ItemsData<ImportItem>>()({
  name: 'ConfirmComponentImport',
  access: { module: COMPONENTS_MODULE, right: 'CREATE' },
  description:
    'Writes the valid rows of a previewed components import (new part numbers are added, known ones updated).',
  input: importIdInput,
});

// ---------------------------------------------------------------------------------------------
// Stores (service centres): the organization's own (party null) and its service partners'.

export const STORE_MAX_MANAGERS = 10;

export interface StoreManager {
  user_id: string;
  user_name: string;
}

export interface ServiceCenterItem {
  service_center_id: string;
  service_center_name: string;
  /** The service partner that runs the store; null: the organization's own. */
  party_id: string | null;
  party_name: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
  managers: StoreManager[];
  service_center_status: RecordStatus;
  service_center_created_on: string;
}

export const serviceCenters = masterContract<ServiceCenterItem>()({
  plural: 'ServiceCenters',
  singular: 'ServiceCenter',
  noun: 'store',
  module: STORES_MODULE,
  readers: [...STOCK_SCREENS, 'Tickets', 'My Work'],
  idKey: 'service_center_id',
  statusKey: 'service_center_status',
  nameKey: 'service_center_name',
  fields: {
    service_center_name: nameSchema('Name'),
    /** Staff choose the partner that runs the store (null: the organization's own); a partner's users leave it out. */
    // '' is a form's "None" (the organization's own store).
    party_id: z
      .preprocess((value) => (value === '' ? null : value), idSchema('Service partner').nullish())
      .transform((value) => value ?? null),
    address: addressLineSchema,
    city: nameSchema('City'),
    state: gstStateSchema(),
    pincode: indianPincodeSchema,
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .refine(
        (value) => value === '' || /^[6-9]\d{9}$/.test(value.replace(/[\s-]/g, '').replace(/^\+?91/, '')),
        {
          message: 'Phone must be a 10-digit mobile number',
        },
      )
      .nullish()
      .transform((value) => (value ? value.replace(/[\s-]/g, '').replace(/^\+?91/, '') : null)),
    manager_user_ids: z
      .array(idSchema('Managers'), { error: 'Managers must be a list' })
      .max(STORE_MAX_MANAGERS, `At most ${STORE_MAX_MANAGERS} managers`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each manager once')
      .default([]),
  },
  sortBy: ['service_center_name', 'city', 'service_center_status', 'service_center_created_on'],
  defaultSortBy: 'service_center_name',
  filters: { party_id: idSchema('party_id').optional() },
});
export const {
  list: ListServiceCenters,
  create: CreateServiceCenter,
  update: UpdateServiceCenter,
  activateOrDeactivate: ActivateOrDeactivateServiceCenter,
} = serviceCenters;

// ---------------------------------------------------------------------------------------------
// Stock and its ledger

/**
 * The kinds of ledger row (DOMAIN "Stock"): a transfer writes two rows, out of one store and into
 * another. ISSUE, CONSUME and RETURN follow a ticket's component request.
 */
export const STOCK_MOVEMENT_TYPES = [
  'RECEIVE',
  'ISSUE',
  'CONSUME',
  'RETURN',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'ADJUST',
] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];
export const STOCK_MOVEMENT_LABELS: Record<StockMovementType, string> = {
  RECEIVE: 'Received',
  ISSUE: 'Issued',
  CONSUME: 'Consumed',
  RETURN: 'Returned',
  TRANSFER_OUT: 'Transferred out',
  TRANSFER_IN: 'Transferred in',
  ADJUST: 'Adjusted',
};

export interface StockItem {
  service_center_id: string;
  service_center_name: string;
  party_name: string | null;
  component_id: string;
  component_name: string;
  part_number: string;
  unit: ComponentUnit;
  quantity: number;
  reorder_level: number;
  /** At or below the component's reorder level. */
  below_reorder: boolean;
  /** Moving-average cost of one unit in this store, paise (0 with no stock). */
  average_cost: number;
  /** What the store's units are worth at that cost, paise. */
  stock_value: number;
  updated_on: string;
}

export const ListInventory = query<PageData<StockItem>>()({
  name: 'ListInventory',
  access: { module: INVENTORY_MODULE, right: 'VIEW' },
  description:
    "A page of stock: one row per component per store, with its quantity, the reorder flag and its value at the store's moving-average cost; a partner's users see their own stores only.",
  input: listInput({
    sortBy: ['component_name', 'part_number', 'service_center_name', 'quantity', 'stock_value', 'updated_on'],
    defaultSortBy: 'component_name',
    filters: {
      service_center_id: idSchema('service_center_id').optional(),
      component_id: idSchema('component_id').optional(),
      below_reorder: z.boolean({ error: 'below_reorder must be true or false' }).optional(),
    },
  }),
});

export interface StockMovementItem {
  stock_movement_id: string;
  movement_type: StockMovementType;
  service_center_id: string;
  service_center_name: string;
  component_id: string;
  component_name: string;
  part_number: string;
  /** Signed: positive into the store, negative out of it (CONSUME: 0, the part was already issued). */
  quantity: number;
  /** The store's stock of the component after this row. */
  balance_after: number;
  /** Cost of one unit for this row, paise. */
  unit_cost: number;
  /** Signed value of the row, paise. */
  value: number;
  /** Invoice, challan, PO or ticket number. */
  reference: string | null;
  /** Why, for adjustments (and notes of other rows). */
  reason: string | null;
  ticket_id: string | null;
  /** The ticket's number, as people know it. */
  ticket_number: string | null;
  technician_name: string | null;
  /** CONSUME only: the units used on the ticket and what they cost, paise (quantity and value are 0). */
  consumed_quantity: number | null;
  consumed_value: number | null;
  /** The other store of a transfer. */
  other_service_center_name: string | null;
  created_by_name: string;
  movement_on: string;
}

export const ListStockMovements = query<PageData<StockMovementItem>>()({
  name: 'ListStockMovements',
  access: { module: [TRANSACTIONS_MODULE, INVENTORY_MODULE], right: 'VIEW' },
  description:
    "A page of the stock ledger, newest first: filters by store, component, kind, ticket and days (the organization's).",
  input: dateRangeInOrder(
    listInput({
      sortBy: ['movement_on'],
      defaultSortBy: 'movement_on',
      defaultSortOrder: 'desc',
      filters: {
        service_center_id: idSchema('service_center_id').optional(),
        component_id: idSchema('component_id').optional(),
        ticket_id: idSchema('ticket_id').optional(),
        movement_type: z
          .enum(STOCK_MOVEMENT_TYPES, {
            error: `movement_type must be one of ${STOCK_MOVEMENT_TYPES.join(', ')}`,
          })
          .optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const MAX_MOVEMENT_LINES = 50;

const quantitySchema = wholeNumberSchema('Quantity', 1, MAX_STOCK_QUANTITY);
const referenceSchema = z
  .string({ error: 'Reference must be text' })
  .trim()
  .max(60, 'Reference must be at most 60 characters')
  .nullish()
  .transform((value) => value || null);
const noteSchema = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(300, 'Note must be at most 300 characters')
  .nullish()
  .transform((value) => value || null);

/** Lines of a movement: each component once. */
function linesSchema<Line extends z.ZodObject<{ component_id: z.ZodType<string> }>>(line: Line) {
  return z
    .array(line, { error: 'Lines must be a list' })
    .min(1, 'Add at least one component')
    .max(MAX_MOVEMENT_LINES, `At most ${MAX_MOVEMENT_LINES} components in one movement`)
    .superRefine((lines, ctx) => {
      const ids = lines.map((value) => (value as { component_id: string }).component_id);
      const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
      if (repeated >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [repeated, 'component_id'],
          message: 'Each component once: put the quantities of one component on one line',
        });
      }
    });
}

export const receiveStockSchema = z
  .object({
    service_center_id: idSchema('Store'),
    lines: linesSchema(
      z
        .object({
          component_id: idSchema('Component'),
          quantity: quantitySchema,
          /** Cost of one unit, paise (what the store paid). */
          unit_cost: paiseSchema('Unit cost', COMPONENT_MAX_PRICE_PAISE),
        })
        .strict(),
    ),
    reference: referenceSchema,
    note: noteSchema,
  })
  .strict();

export const ReceiveStock = mutation<ItemsData<StockMovementItem>>()({
  name: 'ReceiveStock',
  access: { module: INVENTORY_MODULE, right: 'CREATE' },
  description:
    "Receives components into a store (from a vendor's invoice or challan), each line at its unit cost: one RECEIVE row per line; the store's moving-average cost follows.",
  input: receiveStockSchema,
});

/** Why: an adjustment after a count, an MRF held or cancelled. */
const reasonSchema = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(3, 'Reason is required (at least 3 characters)')
  .max(300, 'Reason must be at most 300 characters');

const ADJUST_MESSAGE = `Change must be a whole number from -${MAX_STOCK_QUANTITY.toLocaleString('en-IN')} to ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')}, not 0`;

export const adjustStockSchema = z
  .object({
    service_center_id: idSchema('Store'),
    component_id: idSchema('Component'),
    /** Signed: counted more (+) or fewer (-) than the ledger says. */
    quantity_change: z
      .number({ error: ADJUST_MESSAGE })
      .int(ADJUST_MESSAGE)
      .min(-MAX_STOCK_QUANTITY, ADJUST_MESSAGE)
      .max(MAX_STOCK_QUANTITY, ADJUST_MESSAGE)
      .refine((value) => value !== 0, ADJUST_MESSAGE),
    reason: reasonSchema,
  })
  .strict();

export const AdjustStock = mutation<ItemsData<StockMovementItem>>()({
  name: 'AdjustStock',
  access: { module: INVENTORY_MODULE, right: 'EDIT' },
  description:
    "Corrects a store's stock of one component after a count, with a reason: one ADJUST row at the store's average cost. Refused if stock would go below 0.",
  input: adjustStockSchema,
});

export const transferStockSchema = z
  .object({
    from_service_center_id: idSchema('From store'),
    to_service_center_id: idSchema('To store'),
    lines: linesSchema(z.object({ component_id: idSchema('Component'), quantity: quantitySchema }).strict()),
    reference: referenceSchema,
    note: noteSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.from_service_center_id === value.to_service_center_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_service_center_id'],
        message: 'Choose another store to transfer to',
      });
    }
  });

export const TransferStock = mutation<ItemsData<StockMovementItem>>()({
  name: 'TransferStock',
  access: { module: INVENTORY_MODULE, right: 'EDIT' },
  description:
    "Moves components from one store to another: a TRANSFER_OUT and a TRANSFER_IN row per line, valued at the source store's average cost. All lines move or none.",
  input: transferStockSchema,
});

// ---------------------------------------------------------------------------------------------
// Parts for a ticket: component requests (docs/inventory.md#parts-for-a-ticket)

/**
 * A component request: raised on a ticket by its technician or a co-ordinator, approved through
 * the workflow (kind COMPONENT_REQUEST), then issued by the store to the ticket's technician. Its
 * additional parts (no stock: a stand, a pipe, a gas top-up) join the ticket when it is approved.
 * When the ticket closes, each issued part is consumed on it or returned to the store.
 */
export const COMPONENT_REQUEST_STATES = ['PENDING', 'APPROVED', 'ISSUED', 'REJECTED', 'WITHDRAWN'] as const;
export type ComponentRequestState = (typeof COMPONENT_REQUEST_STATES)[number];
export const COMPONENT_REQUEST_STATE_LABELS: Record<ComponentRequestState, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved: to issue',
  ISSUED: 'Issued',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

/**
 * Who asks for parts on a ticket (a component request, an MRF): whoever works tickets, not dealers'
 * My Tickets; the handler decides whether they may on this ticket (the REQUEST_PARTS action).
 */
const askForParts = { module: ['Tickets', 'My Work'], right: 'VIEW' } as const;

/** Who reads a ticket's parts: whoever works tickets (not dealers' My Tickets) and the stores. */
const TICKET_PARTS_READERS = ['Tickets', 'My Work', INVENTORY_MODULE] as const;
export const MAX_REQUEST_LINES = 20;
/** The largest quantity of one line of a request: a ticket needs a few, not a store's stock. */
export const MAX_REQUEST_QUANTITY = 1_000;

export interface ComponentRequestLine {
  line_id: string;
  /** One of the two: a stocked component, or an additional part (no stock). */
  component_id: string | null;
  additional_part_id: string | null;
  /** The component's part number or the additional part's code. */
  part_number: string;
  name: string;
  unit: ComponentUnit | null;
  quantity: number;
  /** One unit's price when the request was raised, paise (the component's or the additional part's). */
  unit_price: number;
}

export interface ComponentRequestItem {
  component_request_id: string;
  /** From the organization's sequence: 'CR-000012'. */
  request_number: string;
  state: ComponentRequestState;
  ticket_id: string;
  ticket_number: string;
  /** The store that issues the components (null: additional parts only). */
  service_center_id: string | null;
  service_center_name: string | null;
  note: string | null;
  lines: ComponentRequestLine[];
  requested_by_name: string;
  /** The approval request in the workflow, for its details and decisions. */
  workflow_request_id: string | null;
  /** Why it was rejected or withdrawn. */
  decision_comment: string | null;
  decided_on: string | null;
  /** Who got the parts: the ticket's technician when the store issued them. */
  issued_to_name: string | null;
  issued_by_name: string | null;
  issued_on: string | null;
  created_on: string;
}

export const ListComponentRequests = query<PageData<ComponentRequestItem>>()({
  name: 'ListComponentRequests',
  access: { module: [...TICKET_PARTS_READERS], right: 'VIEW' },
  description:
    "A page of component requests, newest first: filters by state, store and ticket. A partner's users see those of their stores and tickets; a technician those of their tickets.",
  input: listInput({
    sortBy: ['created_on', 'request_number'],
    defaultSortBy: 'created_on',
    defaultSortOrder: 'desc',
    filters: {
      state: z
        .enum(COMPONENT_REQUEST_STATES, {
          error: `state must be one of ${COMPONENT_REQUEST_STATES.join(', ')}`,
        })
        .optional(),
      service_center_id: idSchema('service_center_id').optional(),
      ticket_id: idSchema('ticket_id').optional(),
    },
  }),
});

/** Parts a ticket's technician holds from one store: issued, not yet consumed or returned. */
export interface TicketPartOut {
  service_center_id: string;
  service_center_name: string;
  component_id: string;
  part_number: string;
  component_name: string;
  unit: ComponentUnit;
  quantity: number;
  /** What they cost when issued, paise. */
  value: number;
}

/** Parts consumed on the ticket, per store and component. */
export interface TicketPartConsumed {
  service_center_name: string;
  component_id: string;
  part_number: string;
  component_name: string;
  unit: ComponentUnit;
  quantity: number;
  /** What they cost, paise (as issued, at the store's average cost). */
  value: number;
}

/** An additional part of an approved request, at its price then. */
export interface TicketAdditionalPart {
  additional_part_id: string;
  part_code: string;
  name: string;
  quantity: number;
  unit_price: number;
  /** quantity × unit_price, paise. */
  amount: number;
}

export interface TicketParts {
  ticket_id: string;
  requests: ComponentRequestItem[];
  /** Its MRFs, newest first: parts no store had, which the ticket waited (or waits) for. */
  mrfs: MrfItem[];
  /** With the technician now: the close asks, for each, how many were used (the rest go back). */
  parts_out: TicketPartOut[];
  consumed: TicketPartConsumed[];
  /** What the consumed parts cost, paise: the sum of their values. */
  parts_cost: number;
  additional_parts: TicketAdditionalPart[];
  /** The additional parts' amounts, paise. */
  additional_parts_amount: number;
  /** Whether the caller may ask for parts on the ticket now (its technician or a co-ordinator, ticket open). */
  can_request: boolean;
  /** Whether the caller may raise an MRF now: as can_request, with the work in progress or on hold. */
  can_raise_mrf: boolean;
}

export const GetTicketParts = query<ItemsData<TicketParts>>()({
  name: 'GetTicketParts',
  access: { module: [...TICKET_PARTS_READERS], right: 'VIEW' },
  description:
    "A ticket's parts: its component requests, the parts its technician holds, what it consumed and what that cost, and its additional parts.",
  input: z.object({ ticket_id: idSchema('ticket_id') }).strict(),
});

const requestQuantity = wholeNumberSchema('Quantity', 1, MAX_REQUEST_QUANTITY);

/** Request lines of one kind: each part once (the message names the line's part field). */
function requestLines<Line extends z.ZodObject>(line: Line, key: string, label: string) {
  return z
    .array(line, { error: `${label}s must be a list` })
    .max(MAX_REQUEST_LINES, `At most ${MAX_REQUEST_LINES} lines`)
    .superRefine((lines, ctx) => {
      const ids = lines.map((value) => (value as Record<string, unknown>)[key]);
      const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
      if (repeated >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [repeated, key],
          message: `Each ${label.toLowerCase()} once: put its quantity on one line`,
        });
      }
    })
    .default([]);
}

const componentLine = z.object({ component_id: idSchema('Component'), quantity: requestQuantity }).strict();
const additionalPartLine = z
  .object({ additional_part_id: idSchema('Additional part'), quantity: requestQuantity })
  .strict();

export const raiseComponentRequestSchema = z
  .object({
    ticket_id: idSchema('ticket_id'),
    /** The store that issues the components; not needed for additional parts only. */
    service_center_id: idSchema('Store')
      .nullish()
      .transform((value) => value || null),
    components: requestLines(componentLine, 'component_id', 'Component'),
    additional_parts: requestLines(additionalPartLine, 'additional_part_id', 'Additional part'),
    note: noteSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.components.length + value.additional_parts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['components'],
        message: 'Add at least one component or additional part',
      });
    }
    if (value.components.length > 0 && !value.service_center_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['service_center_id'],
        message: 'Store is required: choose the store that issues the components',
      });
    }
  });

export const RaiseComponentRequest = mutation<ItemsData<ComponentRequestItem>>()({
  name: 'RaiseComponentRequest',
  access: askForParts,
  description:
    'Asks for components from a store (and additional parts) for an open ticket, by its technician or a co-ordinator; the request waits for approval (workflow kind COMPONENT_REQUEST).',
  input: raiseComponentRequestSchema,
});

export const IssueComponentRequest = mutation<ItemsData<ComponentRequestItem>>()({
  name: 'IssueComponentRequest',
  access: { module: INVENTORY_MODULE, right: 'EDIT' },
  description:
    "Issues an approved request's components from its store to the ticket's technician: one ISSUE row per component, at the store's average cost. Refused if the store lacks any of them (nothing is issued).",
  input: z.object({ component_request_id: idSchema('component_request_id') }).strict(),
});

/**
 * What the close says about each part the technician holds (CloseTicket's `parts_used`): how many
 * of it were used on the ticket; the rest go back to the store.
 */
export const partsUsedSchema = z
  .array(
    z
      .object({
        service_center_id: idSchema('Store'),
        component_id: idSchema('Component'),
        quantity: wholeNumberSchema('Used', 0, MAX_STOCK_QUANTITY),
      })
      .strict(),
    { error: 'Parts used must be a list' },
  )
  .max(MAX_MOVEMENT_LINES * 4, 'Too many parts')
  .default([]);
export type PartsUsedInput = z.output<typeof partsUsedSchema>;

// ---------------------------------------------------------------------------------------------
// MRF: material requests for parts no store has (docs/inventory.md#mrf)

export const MRF_MODULE = 'MRF Tickets';

/**
 * An MRF (material request form) is raised from a ticket when the parts it needs are not in stock:
 * the ticket waits ON_HOLD ("waiting for material"). The store keeps it OPEN, may hold it (a
 * supplier's delay), and fulfils it from a receipt: the parts are received into the store and
 * issued to the ticket's technician at once, and the ticket resumes. Cancelled, the ticket resumes
 * too.
 */
export const MRF_STATES = ['OPEN', 'ON_HOLD', 'FULFILLED', 'CANCELLED'] as const;
export type MrfState = (typeof MRF_STATES)[number];
export const MRF_STATE_LABELS: Record<MrfState, string> = {
  OPEN: 'Open',
  ON_HOLD: 'On hold',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
};

export interface MrfLine {
  component_id: string;
  part_number: string;
  name: string;
  unit: ComponentUnit;
  quantity: number;
  /** The store's stock of the part now, for whoever fulfils it. */
  in_stock: number;
}

export interface MrfItem {
  mrf_id: string;
  /** From the organization's sequence: 'MRF-000007'. */
  mrf_number: string;
  state: MrfState;
  ticket_id: string;
  ticket_number: string;
  ticket_state: TicketState;
  customer_name: string;
  technician_name: string | null;
  service_center_id: string;
  service_center_name: string;
  lines: MrfLine[];
  note: string | null;
  /** Why it is held, or was cancelled. */
  reason: string | null;
  /** The supplier's invoice or challan it was fulfilled from. */
  receipt_reference: string | null;
  raised_by_name: string;
  fulfilled_by_name: string | null;
  fulfilled_on: string | null;
  created_on: string;
  updated_on: string;
}

export const ListMrfs = query<PageData<MrfItem>>()({
  name: 'ListMrfs',
  access: { module: [MRF_MODULE, 'Tickets', 'My Work'], right: 'VIEW' },
  description:
    "A page of MRFs, newest first: filters by state, store and ticket. Whoever works tickets sees those of the tickets they see; the MRF screen's people every one of their stores.",
  input: listInput({
    sortBy: ['created_on', 'mrf_number', 'updated_on'],
    defaultSortBy: 'created_on',
    defaultSortOrder: 'desc',
    filters: {
      state: z.enum(MRF_STATES, { error: `state must be one of ${MRF_STATES.join(', ')}` }).optional(),
      service_center_id: idSchema('service_center_id').optional(),
      ticket_id: idSchema('ticket_id').optional(),
    },
  }),
});

export const raiseMrfSchema = z
  .object({
    ticket_id: idSchema('ticket_id'),
    service_center_id: idSchema('Store'),
    components: requestLines(componentLine, 'component_id', 'Component').refine(
      (lines) => lines.length > 0,
      'Add at least one component',
    ),
    note: noteSchema,
  })
  .strict();

export const RaiseMrf = mutation<ItemsData<MrfItem>>()({
  name: 'RaiseMrf',
  access: askForParts,
  description:
    'Raises an MRF for components a store does not have, from a ticket in progress (or on hold), by its technician or a co-ordinator: the ticket goes on hold, waiting for material.',
  input: raiseMrfSchema,
});

export const HoldMrf = mutation<ItemsData<MrfItem>>()({
  name: 'HoldMrf',
  access: { module: MRF_MODULE, right: 'EDIT' },
  description: 'Holds an open MRF with a reason (a supplier is late), or opens a held one again.',
  input: z
    .object({
      mrf_id: idSchema('mrf_id'),
      action: z.enum(['HOLD', 'OPEN'], { error: 'action must be HOLD or OPEN' }),
      reason: reasonSchema.nullish(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.action === 'HOLD' && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required to hold an MRF' });
      }
    }),
});

export const fulfilMrfSchema = z
  .object({
    mrf_id: idSchema('mrf_id'),
    /** What each of the MRF's components cost, paise a unit (the supplier's invoice). */
    lines: z
      .array(
        z
          .object({
            component_id: idSchema('Component'),
            unit_cost: paiseSchema('Unit cost', COMPONENT_MAX_PRICE_PAISE),
          })
          .strict(),
        { error: 'Lines must be a list' },
      )
      .min(1, 'Give the unit cost of each component')
      .max(MAX_REQUEST_LINES, `At most ${MAX_REQUEST_LINES} lines`),
    reference: z
      .string({ error: 'Reference is required' })
      .trim()
      .min(1, "Reference is required: the supplier's invoice or challan number")
      .max(60, 'Reference must be at most 60 characters'),
  })
  .strict();

export const FulfilMrf = mutation<ItemsData<MrfItem>>()({
  name: 'FulfilMrf',
  access: { module: MRF_MODULE, right: 'EDIT' },
  description:
    "Fulfils an MRF from a receipt: its components are received into its store at their unit costs and issued to the ticket's technician, and the ticket resumes.",
  input: fulfilMrfSchema,
});

export const CancelMrf = mutation<ItemsData<MrfItem>>()({
  name: 'CancelMrf',
  access: { module: MRF_MODULE, right: 'EDIT' },
  description: 'Cancels an open or held MRF with a reason; its ticket resumes if nothing else holds it.',
  input: z.object({ mrf_id: idSchema('mrf_id'), reason: reasonSchema }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Messages

export const INVENTORY_MESSAGES = {
  /** A movement that would take stock below 0 (DOMAIN "Stock"): the part, the store, what is there. */
  notEnoughStock: (part: string, store: string, available: number, asked: number) =>
    `Not enough stock of ${part} at ${store}: ${available.toLocaleString('en-IN')} available, ${asked.toLocaleString('en-IN')} needed.`,
  duplicatePartNumber: (partNumber: string) => `A component with part number '${partNumber}' already exists.`,
  componentNotFound: 'Component not found. Choose an active component from the list.',
  componentInactive: (part: string) => `${part} is inactive. Activate it before moving its stock.`,
  storeNotFound: 'Store not found. Choose an active store from the list.',
  storeInactive: (store: string) => `${store} is inactive. Activate it before moving stock in or out.`,
  productNotFound: 'Product not found. Choose active products from the catalogue.',
  partnerNotFound: 'Service partner not found. Choose an active service partner, or none for your own store.',
  /** A partner's user names a partner: their stores always belong to their own partner. */
  partnerIsYours: 'Your stores always belong to your own service partner. Leave the partner out.',
  managerNotFound: (field: string) =>
    `Managers: ${field} is not a user of this store's organization or partner.`,
  received: (count: number, store: string) =>
    count === 1 ? `1 component received into ${store}` : `${count} components received into ${store}`,
  adjusted: (part: string, store: string, balance: number) =>
    `Stock of ${part} at ${store} is now ${balance.toLocaleString('en-IN')}`,
  transferred: (count: number, from: string, to: string) =>
    count === 1
      ? `1 component transferred from ${from} to ${to}`
      : `${count} components transferred from ${from} to ${to}`,
  requestNotFound: 'Component request not found. It may not be yours to see; refresh the list.',
  requestRaised: (number: string) => `Component request ${number} raised: it waits for approval`,
  requestIssued: (number: string, technician: string) =>
    `Component request ${number} issued to ${technician}`,
  requestNotApproved: (number: string, state: string) =>
    `Component request ${number} is ${state.toLowerCase()}: only an approved request is issued.`,
  ticketNotOpenForParts: (ticket: string, state: string) =>
    `Ticket ${ticket} is ${state}: parts are asked for and issued while a ticket is open.`,
  noTechnician: (ticket: string) =>
    `Ticket ${ticket} has no technician: assign it first, since the parts are issued to the technician.`,
  additionalPartNotFound: 'Additional part not found. Choose an active additional part from the list.',
  /** The close: parts the technician holds that `parts_used` does not mention. */
  partsUnsettled: (parts: string) =>
    `Say how many of each part issued for this ticket were used (the rest go back to the store): ${parts}.`,
  partNotOut:
    'Parts used: that part is not with the technician for this ticket. Refresh the ticket and try again.',
  mrfNotFound: 'MRF not found. It may not be yours to see; refresh the list.',
  mrfRaised: (number: string, ticket: string) => `${number} raised: ticket ${ticket} waits for material`,
  mrfHeld: (number: string) => `${number} is on hold`,
  mrfOpened: (number: string) => `${number} is open again`,
  mrfFulfilled: (number: string, ticket: string) => `${number} fulfilled: ticket ${ticket} resumed`,
  mrfCancelled: (number: string) => `${number} cancelled`,
  mrfNotOpen: (number: string, state: string) => `${number} is ${state.toLowerCase()} and cannot be changed.`,
  mrfTicketState: (ticket: string, state: string) =>
    `Ticket ${ticket} is ${state}: an MRF is raised while work is in progress or on hold.`,
  mrfCostMissing: (part: string) => `Lines: give the unit cost of ${part}.`,
  mrfNotItsPart: 'Lines: that component is not on this MRF. Refresh and try again.',
  usedMoreThanIssued: (part: string, issued: number) =>
    `Used: ${part} was issued ${issued.toLocaleString('en-IN')}; at most that many can be used.`,
} as const;
