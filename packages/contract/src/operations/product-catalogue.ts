import { z } from 'zod';
import { paiseSchema } from '../fields.ts';
import type { RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { attachedFilesSchema, type AttachedFile } from './files.ts';
import type { PartyKind } from './people.ts';

/**
 * The product catalogue (docs/product.md#product-catalogue): master categories group categories; a
 * category carries the ticket prefix of its tickets (docs/product.md#ticket-states: AC-000123);
 * services belong to a category and have a price, credits, service types and attached files. All
 * three are masters (masters.ts).
 */

const MODULE = 'Product Catalogue';

// ---------------------------------------------------------------------------------------------
// Master categories

export interface MasterCategoryItem {
  master_category_id: string;
  master_category_name: string;
  master_category_status: RecordStatus;
  master_category_created_on: string;
  /** How many categories it groups, active or not. */
  category_count: number;
}

export const masterCategories = masterContract<MasterCategoryItem>()({
  plural: 'MasterCategories',
  singular: 'MasterCategory',
  noun: 'master category',
  nounPlural: 'master categories',
  module: MODULE,
  // Technicians' expertise is chosen on the Territories screen, from the categories.
  readers: ['Territories'],
  idKey: 'master_category_id',
  statusKey: 'master_category_status',
  nameKey: 'master_category_name',
  fields: { master_category_name: nameSchema('Name') },
  sortBy: ['master_category_name', 'category_count', 'master_category_status', 'master_category_created_on'],
  defaultSortBy: 'master_category_name',
});
export const {
  list: ListMasterCategories,
  create: CreateMasterCategory,
  update: UpdateMasterCategory,
  activateOrDeactivate: ActivateOrDeactivateMasterCategory,
} = masterCategories;

// ---------------------------------------------------------------------------------------------
// Categories

/**
 * What a category covers: a PRODUCT the customer owns (an air conditioner, serviced at the
 * customer's place) or a SERVICE without a product of the customer's (pest control, a site survey).
 */
export const CATEGORY_TYPES = ['PRODUCT', 'SERVICE'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const CATEGORY_TYPE_LABELS: Record<CategoryType, string> = {
  PRODUCT: 'Product',
  SERVICE: 'Service only',
};

/**
 * A ticket prefix: 2 to 6 upper-case letters or digits, starting with a letter, unique in the
 * organization (ticket numbers are the prefix and a per-organization sequence: AC-000123).
 */
const TICKET_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{1,5}$/;
const ticketPrefixSchema = z
  .string({ error: 'Ticket prefix is required' })
  .trim()
  .toUpperCase()
  .regex(
    TICKET_PREFIX_PATTERN,
    'Ticket prefix must be 2 to 6 letters or digits, starting with a letter (e.g. AC)',
  );

/** Category item, with the old API's fields. */
export interface CategoryItem {
  category_id: string;
  category_created_on: string;
  master_category_id: string;
  master_category_name: string;
  category_name: string;
  category_status: RecordStatus;
  category_type: CategoryType;
  category_ticket_prefix: string;
}

export const categories = masterContract<CategoryItem>()({
  plural: 'Categories',
  singular: 'Category',
  // The old API names the list by its filter; without one it lists every category.
  listName: 'List_Categories_By_Selected_Master_Category',
  noun: 'category',
  nounPlural: 'categories',
  module: MODULE,
  // Expertise on the Territories screen; a rate card may be for one category.
  readers: ['Territories', 'Cost Configuration'],
  idKey: 'category_id',
  statusKey: 'category_status',
  nameKey: 'category_name',
  fields: {
    master_category_id: idSchema('Master category'),
    category_name: nameSchema('Name'),
    category_type: z
      .enum(CATEGORY_TYPES, { error: `Category type must be one of ${CATEGORY_TYPES.join(', ')}` })
      .default('PRODUCT'),
    category_ticket_prefix: ticketPrefixSchema,
  },
  sortBy: [
    'category_name',
    'master_category_name',
    'category_ticket_prefix',
    'category_type',
    'category_status',
    'category_created_on',
  ],
  defaultSortBy: 'category_name',
  filters: { master_category_id: idSchema('master_category_id').optional() },
});
export const {
  list: List_Categories_By_Selected_Master_Category,
  create: CreateCategory,
  update: UpdateCategory,
  activateOrDeactivate: ActivateOrDeactivateCategory,
} = categories;

// ---------------------------------------------------------------------------------------------
// Services

/**
 * Who may raise tickets for a service (`service_enable_type`,
 * docs/tickets.md#services-offered-for-new-tickets): everybody, the organization's staff only, or
 * staff and dealers (not partners).
 */
export const SERVICE_ENABLE_TYPES = ['ALL', 'ORGANIZATION', 'DEALERS'] as const;
export type ServiceEnableType = (typeof SERVICE_ENABLE_TYPES)[number];
export const SERVICE_ENABLE_TYPE_LABELS: Record<ServiceEnableType, string> = {
  ALL: 'Staff, partners and dealers',
  ORGANIZATION: 'Staff only',
  DEALERS: 'Staff and dealers',
};

/**
 * The enable types whose services a person may raise tickets for, by their party: the
 * organization's own people (no party: staff, and the organization's representatives and
 * technicians) every type; a service partner's users ALL; a dealer's users ALL and DEALERS.
 */
export function serviceEnableTypesFor(partyKind: PartyKind | null): readonly ServiceEnableType[] {
  if (partyKind === 'SERVICE_PARTNER') return ['ALL'];
  if (partyKind === 'DEALER') return ['ALL', 'DEALERS'];
  return SERVICE_ENABLE_TYPES;
}

/** Where a service record came from (`service_source`). */
export const SERVICE_SOURCES = ['PORTAL', 'IMPORT'] as const;
export type ServiceSource = (typeof SERVICE_SOURCES)[number];

/** ₹1,00,00,000.00 in paise: above any appliance service, low enough to catch a mistyped amount. */
const SERVICE_MAX_PRICE_PAISE = 1_000_000_000;
const SERVICE_MAX_CREDITS = 10_000;
export const SERVICE_MAX_FILES = 10;
const SERVICE_MAX_TYPES = 20;
const SERVICE_MAX_AUTOTAG = 20;

/** Service list item, with the old API's fields. Money in paise. */
export interface ServiceItem {
  service_id: string;
  category_id: string;
  master_category_id: string;
  /** What people read and quote: SRV-000001, from a per-organization sequence. */
  service_display_id: string;
  service_enable_type: ServiceEnableType;
  organization_id: string;
  /** Spare parts (components) linked to the service; components come with the inventory work. */
  component_count: number;
  component_ids: string[];
  /** Offered when tickets are raised; a hidden service stays in the catalogue. */
  is_visible: boolean;
  /** Price in paise. */
  service_price: number;
  /** Technicians may raise tickets for it from the field. */
  service_technician_enabled: boolean;
  /** The name of the person who created it. */
  service_created_by: string;
  service_created_on: string;
  service_name: string;
  /** Credits a ticket for it uses, for organizations with credits recharge. */
  service_credits: number;
  /** The storage key of its first file (its picture in lists), or null without files. */
  s3_key: string | null;
  service_s3_files: AttachedFile[];
  service_type_ids: string[];
  category_name: string;
  manufacturer_name: string | null;
  service_source: ServiceSource;
  service_status: RecordStatus;
  /** Its category's ticket prefix: its tickets are numbered with it. */
  service_ticket_prefix: string;
  /** Users tagged on every ticket of the service (user ids of members of the organization). */
  autotag_to_users: string[];
}

const creditsMessage = `Credits must be a whole number from 0 to ${SERVICE_MAX_CREDITS}`;

const uniqueIds = (label: string, max: number) =>
  z
    .array(idSchema(label), { error: `${label} must be a list` })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .refine((ids) => new Set(ids).size === ids.length, `Choose each of the ${label.toLowerCase()} once`)
    .default([]);

export const services = masterContract<ServiceItem>()({
  plural: 'Services',
  singular: 'Service',
  listName: 'List_Services',
  noun: 'service',
  module: MODULE,
  // A ticket is raised for a service; a quotation prices one (docs/quotations.md#lines).
  readers: ['Tickets', 'My Tickets', 'My Work', 'Quotations List'],
  idKey: 'service_id',
  statusKey: 'service_status',
  nameKey: 'service_name',
  fields: {
    category_id: idSchema('Category'),
    service_name: nameSchema('Name', 150),
    service_price: paiseSchema('Price', SERVICE_MAX_PRICE_PAISE),
    service_credits: z
      .number({ error: creditsMessage })
      .int(creditsMessage)
      .min(0, creditsMessage)
      .max(SERVICE_MAX_CREDITS, creditsMessage)
      .default(0),
    service_enable_type: z
      .enum(SERVICE_ENABLE_TYPES, { error: `Enabled for must be one of ${SERVICE_ENABLE_TYPES.join(', ')}` })
      .default('ALL'),
    is_visible: z.boolean({ error: 'is_visible must be true or false' }).default(true),
    service_technician_enabled: z
      .boolean({ error: 'service_technician_enabled must be true or false' })
      .default(true),
    manufacturer_name: z
      .string({ error: 'Manufacturer must be text' })
      .trim()
      .max(100, 'Manufacturer must be at most 100 characters')
      .nullable()
      .default(null)
      .transform((value) => (value ? value : null)),
    service_type_ids: uniqueIds('Service types', SERVICE_MAX_TYPES),
    autotag_to_users: uniqueIds('Users', SERVICE_MAX_AUTOTAG),
    // A file just uploaded through GenerateS3Url (its key), or one the service already has (its name).
    service_s3_files: attachedFilesSchema('service_s3_files', 'service', SERVICE_MAX_FILES),
  },
  sortBy: [
    'service_name',
    'service_display_id',
    'category_name',
    'service_price',
    'service_status',
    'service_created_on',
  ],
  defaultSortBy: 'service_name',
  filters: {
    category_id: idSchema('category_id').optional(),
    master_category_id: idSchema('master_category_id').optional(),
    /**
     * Only the services the caller may raise a new ticket for: active, visible, and enabled for the
     * caller's party (the ticket dialog). A partner's or dealer's users get only these anyway.
     */
    offered_for_new_tickets: z.boolean({ error: 'offered_for_new_tickets must be true or false' }).optional(),
  },
});
export const {
  list: List_Services,
  create: CreateService,
  update: UpdateService,
  activateOrDeactivate: ActivateOrDeactivateService,
} = services;
