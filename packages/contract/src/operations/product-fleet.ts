import { z } from 'zod';
import { importIdInput, type ImportItem } from '../imports.ts';
import { attachedFilesSchema, type AttachedFile } from './files.ts';
import { mutation, query, type ItemsData } from '../operation.ts';
import {
  listInput,
  recordStatusSchema,
  statusFilterSchema,
  type PageData,
  type RecordStatus,
} from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { optionalIsoDateSchema, paiseSchema } from '../fields.ts';

/**
 * The installed fleet (docs/product-fleet.md): one item per physical product at a customer's
 * location, with its serial number, warranty and AMC; and the AMC types an item is covered by.
 * Staff keep the organization's fleet at /ProductFleet and see the dealers' at /DealerProducts
 * ('Dealer Product Fleet'); a dealer's users keep their dealer's at /DealerProducts ('My Product
 * Fleet'). A dealer's new item, and a dealer tagging an item to a customer, wait for approval.
 */

export const FLEET_MODULES = ['Product Fleet', 'Dealer Product Fleet', 'My Product Fleet'] as const;
const access = (right: 'VIEW' | 'CREATE' | 'EDIT') => ({ module: FLEET_MODULES, right }) as const;

// ---------------------------------------------------------------------------------------------
// Coverage (docs/product-fleet.md#coverage)

export const COVERAGES = ['IN_WARRANTY', 'UNDER_AMC', 'OUT_OF_WARRANTY'] as const;
export type Coverage = (typeof COVERAGES)[number];

export const COVERAGE_LABELS: Record<Coverage, string> = {
  IN_WARRANTY: 'In warranty',
  UNDER_AMC: 'Under AMC',
  OUT_OF_WARRANTY: 'Out of warranty',
};

/** What decides an item's coverage on a day: its dates are 'YYYY-MM-DD' days of the organization. */
export interface CoverageFacts {
  warranty_end_date: string | null;
  amc_start_date: string | null;
  amc_end_date: string | null;
  /** null: unlimited visits. */
  amc_visits_included: number | null;
  amc_visits_used: number;
}

export interface CoverageOnDay {
  coverage: Coverage;
  /** The last day of the warranty or the AMC that covers the item; null when out of warranty. */
  covered_until: string | null;
  /** Under AMC: the visits left (null: unlimited). */
  visits_left: number | null;
}

/**
 * An item's coverage on `day` (the organization's today, 'YYYY-MM-DD'): in warranty on or before
 * its warranty's last day; else under AMC inside the AMC's days with visits left (or unlimited);
 * else out of warranty. The server's list filter says the same in SQL (a test holds them together).
 */
export function coverageOn(item: CoverageFacts, day: string): CoverageOnDay {
  if (item.warranty_end_date && day <= item.warranty_end_date) {
    return { coverage: 'IN_WARRANTY', covered_until: item.warranty_end_date, visits_left: null };
  }
  const visitsLeft =
    item.amc_visits_included === null ? null : Math.max(0, item.amc_visits_included - item.amc_visits_used);
  if (
    item.amc_start_date &&
    item.amc_end_date &&
    item.amc_start_date <= day &&
    day <= item.amc_end_date &&
    (visitsLeft === null || visitsLeft > 0)
  ) {
    return { coverage: 'UNDER_AMC', covered_until: item.amc_end_date, visits_left: visitsLeft };
  }
  return { coverage: 'OUT_OF_WARRANTY', covered_until: null, visits_left: null };
}

/** "In warranty until 14 Jan 2027", "AMC until 31 Mar 2027 (3 visits left)", "Out of warranty". */
export function coverageSentence(coverage: CoverageOnDay, formatDay: (day: string) => string): string {
  if (coverage.coverage === 'IN_WARRANTY') return `In warranty until ${formatDay(coverage.covered_until!)}`;
  if (coverage.coverage === 'UNDER_AMC') {
    const visits =
      coverage.visits_left === null
        ? 'unlimited visits'
        : `${coverage.visits_left} visit${coverage.visits_left === 1 ? '' : 's'} left`;
    return `AMC until ${formatDay(coverage.covered_until!)} (${visits})`;
  }
  return 'Out of warranty';
}

/**
 * The last day of a period of `months` starting on `start` ('YYYY-MM-DD'): the day before the same
 * date `months` later (a month without that date ends the period on its last day: a year from
 * 29 Feb runs to 28 Feb). Warranties and AMCs run this way.
 */
export function lastDayOfMonths(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number);
  const targetMonth = month - 1 + months;
  const targetYear = year + Math.floor(targetMonth / 12);
  const targetMonthIndex = ((targetMonth % 12) + 12) % 12;
  const lastOfTarget = new Date(Date.UTC(targetYear, targetMonthIndex + 1, 0)).getUTCDate();
  const sameDate = new Date(Date.UTC(targetYear, targetMonthIndex, Math.min(day, lastOfTarget)));
  // When the target month lacks the date, the period ends on that month's last day itself.
  if (day > lastOfTarget) return sameDate.toISOString().slice(0, 10);
  sameDate.setUTCDate(sameDate.getUTCDate() - 1);
  return sameDate.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// AMC types: a settings master kept on the Product Fleet screen.

/** ₹1,00,00,000.00: far above any AMC, low enough to catch a mistyped amount. */
const AMC_MAX_PRICE_PAISE = 1_000_000_000;
export const MAX_AMC_MONTHS = 120;
export const MAX_AMC_VISITS = 365;

export interface AmcTypeItem {
  amc_type_id: string;
  amc_type_name: string;
  duration_months: number;
  /** Visits included; null: unlimited. */
  visits: number | null;
  /** Price in paise. */
  amc_price: number;
  /** The catalogue services (products) it covers; empty: every product. */
  service_ids: string[];
  service_names: string[];
  amc_type_status: RecordStatus;
  amc_type_created_on: string;
}

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

/** An optional whole number of a form: an empty field (NaN from a number input, or '') is none. */
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .preprocess(
      (value) => (value === '' || (typeof value === 'number' && Number.isNaN(value)) ? null : value),
      wholeNumber(label, min, max).nullish(),
    )
    .transform((value) => value ?? null);

export const amcTypes = masterContract<AmcTypeItem>()({
  plural: 'AmcTypes',
  singular: 'AmcType',
  noun: 'AMC type',
  module: 'Product Fleet',
  // The fleet's other screens read AMC types for their items' forms.
  // A quotation and a contract sell one (docs/quotations.md, docs/contracts.md).
  readers: ['Dealer Product Fleet', 'My Product Fleet', 'Quotations List', 'Contracts'],
  idKey: 'amc_type_id',
  statusKey: 'amc_type_status',
  nameKey: 'amc_type_name',
  fields: {
    amc_type_name: nameSchema('Name'),
    duration_months: wholeNumber('Duration (months)', 1, MAX_AMC_MONTHS),
    visits: optionalWholeNumber('Visits', 1, MAX_AMC_VISITS),
    amc_price: paiseSchema('Price', AMC_MAX_PRICE_PAISE),
    service_ids: z
      .array(idSchema('service_ids'), { error: 'Products must be a list' })
      .max(200, 'An AMC type covers at most 200 products')
      .default([]),
  },
  sortBy: ['amc_type_name', 'duration_months', 'amc_price', 'amc_type_status', 'amc_type_created_on'],
  defaultSortBy: 'amc_type_name',
});
export const {
  list: ListAmcTypes,
  create: CreateAmcType,
  update: UpdateAmcType,
  activateOrDeactivate: ActivateOrDeactivateAmcType,
} = amcTypes;

// ---------------------------------------------------------------------------------------------
// Fleet items

/** Where an item stands with its approval: a dealer's new item is PENDING until approved. */
export const FLEET_APPROVAL_STATES = ['APPROVED', 'PENDING', 'REJECTED', 'WITHDRAWN'] as const;
export type FleetApprovalState = (typeof FLEET_APPROVAL_STATES)[number];

export const FLEET_APPROVAL_LABELS: Record<FleetApprovalState, string> = {
  APPROVED: 'Approved',
  PENDING: 'Pending approval',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

/** At most this many files per fleet item. */
export const FLEET_MAX_FILES = 10;

/** A serial number as printed on the product: required here, upper-cased, at most 60 characters. */
export const requiredSerialSchema = z
  .string({ error: 'Serial number is required' })
  .trim()
  .toUpperCase()
  .min(1, 'Serial number is required')
  .max(60, 'Serial number must be at most 60 characters')
  .regex(/^[A-Z0-9/._-]+$/, 'Serial number may hold letters, digits and / . _ - only');

const optionalId = (field: string) =>
  idSchema(field)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null);

/** The item's own fields, as the create and edit forms send them (not its customer: see tagging). */
const fleetItemFields = z
  .object({
    serial_number: requiredSerialSchema,
    /** The product: a service of the catalogue. */
    service_id: idSchema('service_id'),
    invoice_date: optionalIsoDateSchema('Invoice date'),
    installation_date: optionalIsoDateSchema('Installation date'),
    /** Months from installation (or from the invoice when not installed yet). */
    warranty_months: optionalWholeNumber('Warranty (months)', 0, 240),
    /** An explicit last day of warranty; when given, it wins over the months. */
    warranty_end_date: optionalIsoDateSchema('Warranty end date'),
    amc_type_id: optionalId('amc_type_id'),
    amc_start_date: optionalIsoDateSchema('AMC start date'),
    product_fleet_status_id: optionalId('product_fleet_status_id'),
    notes: z
      .string({ error: 'Notes must be text' })
      .trim()
      .max(1000, 'Notes must be at most 1000 characters')
      .nullish()
      .transform((value) => value || null),
    /** Staff only: the dealer the item was sold through. A dealer's users always add their own. */
    dealer_party_id: optionalId('dealer_party_id'),
    /** Invoice, warranty card, photos: new uploads (GenerateS3Url, FLEET_FILE) or the item's own by name. */
    fleet_item_files: attachedFilesSchema('fleet_item_files', 'fleet item', FLEET_MAX_FILES),
  })
  .strict();

function checkFleetDates(
  value: {
    invoice_date: string | null;
    installation_date: string | null;
    amc_type_id: string | null;
    amc_start_date: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.invoice_date && value.installation_date && value.installation_date < value.invoice_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['installation_date'],
      message: 'Installation date must not be before the invoice date',
    });
  }
  if (value.amc_type_id && !value.amc_start_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['amc_start_date'],
      message: 'AMC start date is required with an AMC',
    });
  }
  if (!value.amc_type_id && value.amc_start_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['amc_type_id'],
      message: 'Choose the AMC type of this AMC start date',
    });
  }
}

const customerFields = {
  /** The customer the item is installed at; absent: the dealer's (or organization's) stock. */
  customer_id: optionalId('customer_id'),
  /** One of the customer's locations; the customer's primary location when absent. */
  location_id: optionalId('location_id'),
};

export const fleetItemFormSchema = fleetItemFields.extend(customerFields).superRefine(checkFleetDates);
export type FleetItemFormInput = z.input<typeof fleetItemFormSchema>;

/** A fleet item as lists show it. Dates are days ('YYYY-MM-DD') of the organization. */
export interface FleetItem {
  fleet_item_id: string;
  serial_number: string;
  service_id: string;
  service_name: string;
  customer_id: string | null;
  customer_name: string | null;
  /** National format: '098765 43210'. */
  customer_phone: string | null;
  location_id: string | null;
  /** 'Address, City': where the item is installed. */
  location_summary: string | null;
  dealer_party_id: string | null;
  dealer_name: string | null;
  invoice_date: string | null;
  installation_date: string | null;
  warranty_months: number | null;
  /** The warranty's last day: explicit, or counted from installation (or invoice) and months. */
  warranty_end_date: string | null;
  /** Whether that last day was given (the form edits it) rather than counted from the months. */
  warranty_end_explicit: boolean;
  amc_type_id: string | null;
  amc_type_name: string | null;
  amc_start_date: string | null;
  amc_end_date: string | null;
  amc_visits_included: number | null;
  amc_visits_used: number;
  /** Coverage on the organization's today. */
  coverage: CoverageOnDay;
  product_fleet_status_id: string | null;
  product_fleet_status_name: string | null;
  notes: string | null;
  /** Its invoice, warranty card, photos; each with a presigned, expiring address. */
  fleet_item_files: AttachedFile[];
  fleet_item_status: RecordStatus;
  approval_state: FleetApprovalState;
  /** A tagging to a customer waiting for approval: the customer it would go to. */
  pending_customer_name: string | null;
  fleet_item_created_on: string;
  /** Whether the caller may change it: a dealer's users change only their dealer's items. */
  may_edit: boolean;
  /** How many of its tickets the caller may see (a dealer's users: those their dealer raised). */
  ticket_count: number;
}

export const FLEET_EVENT_KINDS = [
  'CREATED',
  'UPDATED',
  'APPROVED',
  'REJECTED',
  'WITHDRAWN',
  'TAG_REQUESTED',
  'TAGGED',
  'TAG_REJECTED',
  'ACTIVATED',
  'DEACTIVATED',
  /** A ticket raised under its AMC was closed: "Ticket AC-000123 closed: visit 2 of 4 used". */
  'AMC_VISIT_USED',
  /** Moved to another customer, or to a dealer's (or the organization's) stock, with the reason. */
  'TRANSFERRED',
] as const;
export type FleetEventKind = (typeof FLEET_EVENT_KINDS)[number];

/** One entry of an item's history: every owner it had and what changed, with who and when. */
export interface FleetItemEvent {
  event_id: string;
  kind: FleetEventKind;
  at: string;
  by_name: string | null;
  /** "Tagged to Asha Rao (098765 43210), Bengaluru"; a rejection's comment. */
  details: string | null;
}

/** A ticket of a fleet item, as the item's page lists it. */
export interface FleetItemTicket {
  ticket_id: string;
  ticket_number: string;
  /** A ticket state (ticket-states.ts). */
  state: string;
  /** The coverage the ticket was raised under. */
  coverage: Coverage | null;
  created_on: string;
  closed_on: string | null;
}

/** At most this many of an item's tickets come with it, newest first (`ticket_count` says all). */
export const FLEET_ITEM_TICKETS_SHOWN = 20;

/** The approval that waits on an item: a dealer's new item, or a dealer's tagging. */
export interface FleetPendingRequest {
  request_id: string;
  kind: 'PRODUCT_FLEET' | 'FLEET_TAGGING';
  /** The reader raised it, so may withdraw it (a dealer's people have no approvals screen). */
  raised_by_you: boolean;
}

export interface FleetItemDetail extends FleetItem {
  /** The approval waiting on the item, if any. */
  pending_request: FleetPendingRequest | null;
  history: FleetItemEvent[];
  /** The item's tickets the caller may see, newest first, at most FLEET_ITEM_TICKETS_SHOWN. */
  tickets: FleetItemTicket[];
}

/** Whose items a list shows; dealer users only ever see their own dealer's. */
export const FLEET_OWNERS = ['ALL', 'ORGANIZATION', 'DEALERS'] as const;

/**
 * Who raises tickets finds the item by its serial number (operations/tickets.ts raiseTicket's
 * menus): the list and one item are theirs to read too, scoped as for everyone (a dealer's users
 * their dealer's items only).
 */
const TICKET_RAISERS = ['Tickets', 'My Tickets'] as const;
/** The report of one customer's products (Reports > Customer Products) reads the same list. */
export const CUSTOMER_PRODUCTS_MODULE = 'Customer Products';
const readFleet = {
  module: [...FLEET_MODULES, ...TICKET_RAISERS, CUSTOMER_PRODUCTS_MODULE],
  right: 'VIEW',
} as const;

export const ListProductFleet = query<PageData<FleetItem>>()({
  name: 'ListProductFleet',
  // A quotation's lines and a contract name the customer's products (docs/quotations.md#lines).
  access: { ...readFleet, module: [...readFleet.module, 'Quotations List', 'Contracts'] },
  description:
    "A page of fleet items: search by the start of a serial number or of a customer's phone; filters by coverage today, approval, dealer, owner, customer, product and status.",
  input: listInput({
    sortBy: ['serial_number', 'fleet_item_created_on', 'warranty_end_date'],
    defaultSortBy: 'fleet_item_created_on',
    defaultSortOrder: 'desc',
    filters: {
      status: statusFilterSchema,
      coverage: z
        .enum([...COVERAGES, 'ALL'], { error: `coverage must be one of ${[...COVERAGES, 'ALL'].join(', ')}` })
        .default('ALL'),
      approval_state: z
        .enum([...FLEET_APPROVAL_STATES, 'ALL'], {
          error: `approval_state must be one of ${[...FLEET_APPROVAL_STATES, 'ALL'].join(', ')}`,
        })
        .default('ALL'),
      owned_by: z
        .enum(FLEET_OWNERS, { error: `owned_by must be one of ${FLEET_OWNERS.join(', ')}` })
        .default('ALL'),
      dealer_party_id: idSchema('dealer_party_id').optional(),
      customer_id: idSchema('customer_id').optional(),
      service_id: idSchema('service_id').optional(),
    },
  }),
});

const fleetItemIdInput = z.object({ fleet_item_id: idSchema('fleet_item_id') }).strict();

export const GetProductFleetItem = query<ItemsData<FleetItemDetail>>()({
  name: 'GetProductFleetItem',
  access: readFleet,
  description: 'One fleet item with its coverage, history and latest tickets.',
  input: fleetItemIdInput,
});

export const CreateProductFleetItem = mutation<ItemsData<FleetItemDetail>>()({
  name: 'CreateProductFleetItem',
  access: access('CREATE'),
  description:
    "Adds a fleet item; the serial number must be new for its product. A dealer user's item belongs to the dealer and waits for approval (Product Fleet Approvals).",
  input: fleetItemFormSchema,
});

export const UpdateProductFleetItem = mutation<ItemsData<FleetItemDetail>>()({
  name: 'UpdateProductFleetItem',
  access: access('EDIT'),
  description:
    "Changes a fleet item's serial number, product, dates, warranty, AMC, status and notes (its customer changes by tagging).",
  input: fleetItemFields.extend({ fleet_item_id: idSchema('fleet_item_id') }).superRefine(checkFleetDates),
});

export const ActivateOrDeactivateProductFleetItem = mutation<ItemsData<FleetItemDetail>>()({
  name: 'ActivateOrDeactivateProductFleetItem',
  access: access('EDIT'),
  description: 'Activates or deactivates a fleet item; inactive items are not offered for new tickets.',
  input: z
    .object({
      fleet_item_id: idSchema('fleet_item_id'),
      fleet_item_status: recordStatusSchema('fleet_item_status'),
    })
    .strict(),
});

export const TagProductFleetItem = mutation<ItemsData<FleetItemDetail>>()({
  name: 'TagProductFleetItem',
  access: access('EDIT'),
  description:
    "Tags a fleet item to a customer and location. Staff tag at once; a dealer user's tagging waits for approval (Product Fleet Tagging Approval).",
  input: z
    .object({
      fleet_item_id: idSchema('fleet_item_id'),
      customer_id: idSchema('customer_id'),
      location_id: optionalId('location_id'),
    })
    .strict(),
});

// ---------------------------------------------------------------------------------------------
// Bulk import (fleet-import.ts: the template, the routes; docs/product-fleet.md#bulk-import)

export const GetProductFleetImport = query<ItemsData<ImportItem>>()({
  name: 'GetProductFleetImport',
  access: access('CREATE'),
  description: 'The preview or the outcome of a fleet import uploaded by the caller.',
  input: importIdInput,
});

export const ConfirmProductFleetImport = mutation<ItemsData<ImportItem>>()({
  name: 'ConfirmProductFleetImport',
  access: access('CREATE'),
  description:
    'Imports the valid rows of an uploaded fleet workbook in one transaction, as approved items of the organization (the confirm route does the same with progress).',
  input: importIdInput,
});

// ---------------------------------------------------------------------------------------------
// Transfers (Transfer Product Fleet, docs/product-fleet.md#transfers)

export const TRANSFER_MODULE = 'Transfer Product Fleet';
/** Where transferred items go: a customer's location, or a dealer's (or the organization's) stock. */
export const FLEET_TRANSFER_TARGETS = ['CUSTOMER', 'DEALER'] as const;
export type FleetTransferTarget = (typeof FLEET_TRANSFER_TARGETS)[number];
/** At most this many items move in one transfer (a page of the list at its largest). */
export const MAX_TRANSFER_ITEMS = 100;

/** A transfer's fields; `checkTransferTarget` completes them (the form picks from these). */
export const transferFields = z
  .object({
    fleet_item_ids: z
      .array(idSchema('fleet_item_ids'), { error: 'fleet_item_ids must be a list of fleet item ids' })
      .min(1, 'Choose at least one fleet item to transfer')
      .max(MAX_TRANSFER_ITEMS, `At most ${MAX_TRANSFER_ITEMS} fleet items can be transferred at once`)
      .transform((ids) => [...new Set(ids)]),
    to: z.enum(FLEET_TRANSFER_TARGETS, { error: `to must be one of ${FLEET_TRANSFER_TARGETS.join(', ')}` }),
    /** With to CUSTOMER: the customer, and one of its locations (its primary one when absent). */
    customer_id: optionalId('customer_id'),
    location_id: optionalId('location_id'),
    /** With to DEALER: the dealer whose stock receives the items; absent: the organization's own. */
    dealer_party_id: optionalId('dealer_party_id'),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(3, 'Reason must be at least 3 characters')
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict();

/** A transfer to a customer names the customer. */
export function checkTransferTarget(
  value: { to: FleetTransferTarget; customer_id: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.to === 'CUSTOMER' && !value.customer_id) {
    ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Choose the customer the items go to' });
  }
}

export const transferSchema = transferFields.superRefine(checkTransferTarget);
export type FleetTransferInput = z.input<typeof transferSchema>;

export const TransferProductFleet = mutation<ItemsData<FleetItem>>()({
  name: 'TransferProductFleet',
  access: { module: TRANSFER_MODULE, right: 'EDIT' },
  description:
    "Moves one or many approved fleet items to another customer's location, or to a dealer's (or the organization's) stock, with a reason; each item's history keeps the owner it had. All move or none.",
  input: transferSchema,
});

// ---------------------------------------------------------------------------------------------
// Messages

export const FLEET_MESSAGES = {
  created: (serial: string) => `Fleet item '${serial}' created`,
  createdPending: (serial: string) => `Fleet item '${serial}' sent for approval`,
  updated: (serial: string) => `Fleet item '${serial}' saved`,
  statusChanged: (serial: string, status: RecordStatus) =>
    `Fleet item '${serial}' ${status === 'ACTIVE' ? 'activated' : 'deactivated'}`,
  tagged: (serial: string, customer: string) => `Fleet item '${serial}' tagged to ${customer}`,
  tagPending: (serial: string, customer: string) => `Tagging of '${serial}' to ${customer} sent for approval`,
  notFound: 'Fleet item not found. It may have been removed; refresh the list and try again.',
  duplicateSerial: (serial: string, product: string) =>
    `A fleet item with serial number '${serial}' already exists for ${product}.`,
  productNotFound: 'Product not found. Choose an active product from the catalogue.',
  customerNotFound: 'Customer not found. Choose an active customer from the list.',
  locationNotFound: "Location not found. Choose one of the customer's locations.",
  dealerNotFound: 'Dealer not found. Choose an active dealer.',
  /** A dealer's user names another dealer: their items always belong to their own dealer. */
  dealerIsYours: 'Your fleet items always belong to your own dealer. Leave the dealer out.',
  amcTypeNotFound: 'AMC type not found. Choose an active AMC type.',
  amcTypeNotForProduct: (amc: string, product: string) => `AMC type '${amc}' does not cover ${product}.`,
  statusNotFound: 'Product fleet status not found. Choose an active status.',
  pendingNotChangeable: 'This fleet item waits for approval. It can be changed once it is decided.',
  notApproved: (state: string) => `This fleet item is ${state.toLowerCase()}; it cannot be tagged.`,
  tagWaiting: 'A tagging of this fleet item already waits for approval.',
  sameCustomer: (customer: string) => `This fleet item is already at ${customer}.`,
  // Raising a ticket for an item (CreateAssignedTicketV2's fleet_item_id).
  ticketItemPending: 'This fleet item waits for approval; it can be used for tickets once it is approved.',
  ticketItemInactive: 'This fleet item is inactive. Activate it first, or choose another.',
  ticketItemNotInstalled: 'This fleet item is not installed at a customer yet. Tag it to a customer first.',
  // Transfers: every refusal names the serial numbers it is about.
  transferred: (count: number, serial: string, to: string) =>
    count === 1 ? `Fleet item '${serial}' transferred to ${to}` : `${count} fleet items transferred to ${to}`,
  transferNotFound: 'Some of the chosen fleet items were not found. Refresh the list and choose again.',
  transferByStaff: "Fleet items are transferred by the organization's staff.",
  transferNotApproved: (serials: string) => `Only approved fleet items can be transferred: ${serials}.`,
  transferTagWaiting: (serials: string) => `A tagging waits for approval on ${serials}. Decide it first.`,
  transferOpenTickets: (serials: string) =>
    `Open tickets are raised on ${serials}. Close or discard them before the transfer.`,
  transferAlreadyThere: (serials: string, to: string) => `Already with ${to}: ${serials}. Leave them out.`,
  organizationStock: "the organization's stock",
  importByStaff:
    "Fleet items are imported by the organization's staff. Add your items one by one: each is approved first.",
  ticketItemElsewhere: (what: 'customer' | 'location' | 'service') =>
    `This ticket's ${what} differs from the fleet item's. Choose the item's, or leave the fleet item out.`,
} as const;

/** The AMC's last day and its visits, from its type and start: what the item stores. */
export function amcPeriod(
  type: { duration_months: number; visits: number | null },
  start: string,
): { amc_end_date: string; amc_visits_included: number | null } {
  return { amc_end_date: lastDayOfMonths(start, type.duration_months), amc_visits_included: type.visits };
}

/** The warranty's last day: explicit, or `months` from installation (else invoice); null when unknown. */
export function warrantyEnd(values: {
  warranty_end_date: string | null;
  warranty_months: number | null;
  installation_date: string | null;
  invoice_date: string | null;
}): string | null {
  if (values.warranty_end_date) return values.warranty_end_date;
  const start = values.installation_date ?? values.invoice_date;
  if (!start || values.warranty_months === null || values.warranty_months === 0) return null;
  return lastDayOfMonths(start, values.warranty_months);
}
