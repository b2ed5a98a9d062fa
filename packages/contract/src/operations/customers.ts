import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import { MSG } from '../messages.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import {
  listInput,
  recordStatusSchema,
  statusFilterSchema,
  type PageData,
  type RecordStatus,
} from '../lists.ts';
import { idSchema, nameSchema } from '../masters.ts';
import { DEFAULT_COUNTRY, checkPhone, isCountryCode } from '../phone.ts';
import { importIdInput, type ImportItem } from '../imports.ts';

/**
 * Customers (docs/customers.md; /CustomersView and /MyCustomer): a name, a phone with its country,
 * an optional email and category, a primary location and secondary locations. Dealer users keep
 * their dealer's customers only; staff see every party's.
 */

/**
 * The menus that show customers: 'Customers' (staff under Masters, and the partner menu), 'Dealer
 * Customers' (staff: the dealers' customers at /MyCustomer) and 'My Customers' (the dealer menu).
 */
export const CUSTOMER_MODULES = ['Customers', 'Dealer Customers', 'My Customers'] as const;
const access = (right: 'VIEW' | 'CREATE' | 'EDIT'): Access => ({ module: CUSTOMER_MODULES, right });

/** At most this many secondary locations per customer: branches of a business, a family's homes. */
export const MAX_SECONDARY_LOCATIONS = 50;

// ---------------------------------------------------------------------------------------------
// Fields

/** An Indian PIN code: six digits, the first not 0. */
const INDIAN_PINCODE = /^[1-9]\d{5}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const countrySchema = (label = 'Country') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, `${label} must be a country code such as IN or MY`)
    .transform((value) => value as CountryCode);

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number from -${limit} to ${limit}` })
    .min(-limit, `${label} must be a number from -${limit} to ${limit}`)
    .max(limit, `${label} must be a number from -${limit} to ${limit}`)
    .nullish()
    .transform((value) => value ?? null);

/** A location's fields without the rules across them (the web form picks from these). */
export const locationFields = z
  .object({
    /** 'Head office', 'Warehouse', 'Home' ...; optional. */
    location_label: optionalText('Label', 60),
    address: text('Address', 300),
    pincode: z
      .string({ error: 'Pincode is required' })
      .trim()
      .min(1, 'Pincode is required')
      .max(10, 'Pincode must be at most 10 characters'),
    city: text('City', 100),
    state: text('State', 100),
    country: countrySchema().default(DEFAULT_COUNTRY),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
  })
  .strict();

/** The rules across a location's fields: the pincode per country, coordinates in pairs. */
export function checkLocation(
  value: { pincode: string; country: string; latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.country === 'IN') {
    if (!INDIAN_PINCODE.test(value.pincode)) {
      ctx.addIssue({ code: 'custom', path: ['pincode'], message: 'Pincode must be 6 digits, e.g. 560001' });
    }
  } else if (!POSTAL_CODE.test(value.pincode)) {
    ctx.addIssue({
      code: 'custom',
      path: ['pincode'],
      message: 'Pincode must be 2 to 10 letters, digits, spaces or -',
    });
  }
  const hasLatitude = value.latitude !== null && value.latitude !== undefined;
  const hasLongitude = value.longitude !== null && value.longitude !== undefined;
  if (hasLatitude !== hasLongitude) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLatitude ? 'longitude' : 'latitude'],
      message: 'Enter both latitude and longitude, or neither',
    });
  }
}

export const locationSchema = locationFields.superRefine(checkLocation);
export type LocationInput = z.input<typeof locationSchema>;
export type LocationValues = z.output<typeof locationSchema>;

/** The customer's own fields without the rules across them (the web form picks from these). */
export const customerFields = z
  .object({
    customer_name: nameSchema('Name', 150),
    /** The country of the phone number; India by default (docs/product.md#constants). */
    phone_country: countrySchema('Phone country').default(DEFAULT_COUNTRY),
    /** As typed: national ('98765 43210', '098765 43210') or international ('+91 98765 43210'). */
    customer_phone: z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(1, 'Phone number is required')
      .max(24, 'Phone number must be at most 24 characters'),
    customer_email: z
      .string({ error: 'Email must be text' })
      .trim()
      .toLowerCase()
      .max(254, 'Email must be at most 254 characters')
      .nullish()
      .transform((value) => value || null)
      .pipe(z.email({ error: MSG.emailInvalid }).nullable()),
    customer_category_id: idSchema('customer_category_id')
      .nullish()
      .transform((value) => value || null),
  })
  .strict();

/** The phone number must be valid for its country (libphonenumber-js, phone.ts). */
export function checkCustomerPhone(
  value: { customer_phone: string; phone_country: CountryCode },
  ctx: z.RefinementCtx,
) {
  // An unknown country is refused on its own field; the number cannot be judged without it.
  if (!isCountryCode(value.phone_country)) return;
  const checked = checkPhone(value.customer_phone, value.phone_country);
  if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['customer_phone'], message: checked.message });
}

const secondaryLocations = z
  .array(locationSchema, { error: 'Secondary locations must be a list of locations' })
  .max(MAX_SECONDARY_LOCATIONS, `A customer has at most ${MAX_SECONDARY_LOCATIONS} secondary locations`)
  .default([]);

const customerShape = customerFields.extend({ primary_location: locationSchema });

/** A customer's details and primary location: the edit form (secondary locations have their own). */
export const customerFormSchema = customerShape.superRefine(checkCustomerPhone);

export const createCustomerSchema = customerShape
  .extend({ secondary_locations: secondaryLocations })
  .superRefine(checkCustomerPhone);

const updateCustomerSchema = customerShape
  .extend({ customer_id: idSchema('customer_id') })
  .superRefine(checkCustomerPhone);

// ---------------------------------------------------------------------------------------------
// Results

export interface CustomerLocation {
  location_id: string;
  is_primary: boolean;
  location_label: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
  country: CountryCode;
  latitude: number | null;
  longitude: number | null;
}

/** A customer as lists show it. */
export interface CustomerItem {
  customer_id: string;
  customer_name: string;
  /** E.164, as stored: '+919876543210'. */
  customer_phone: string;
  phone_country: CountryCode;
  /** The national format of the number's country: '098765 43210'. */
  customer_phone_national: string;
  /** '+91'. */
  dial_code: string;
  customer_email: string | null;
  customer_category_id: string | null;
  customer_category_name: string | null;
  customer_status: RecordStatus;
  customer_created_on: string;
  /** The dealer (or service partner) the customer belongs to; null: the organization's own. */
  party_id: string | null;
  party_name: string | null;
  /**
   * Whether the caller may change this customer: a partner's or dealer's users read the customers
   * of their tickets but change only their own party's.
   */
  may_edit: boolean;
  primary_location: CustomerLocation;
  secondary_location_count: number;
}

/** A customer with every location (GetCustomer and the answers of changes). */
export interface CustomerDetail extends CustomerItem {
  secondary_locations: CustomerLocation[];
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Whose customers a list shows; dealer and partner users only ever see their own party's. */
const CUSTOMER_OWNERS = ['ALL', 'ORGANIZATION', 'DEALERS'] as const;
export type CustomerOwner = (typeof CUSTOMER_OWNERS)[number];

export const ListCustomers = query<PageData<CustomerItem>>()({
  name: 'ListCustomers',
  access: access('VIEW'),
  description:
    'A page of customers: search by name, phone or email; filters by status, category and owner; sorting.',
  input: listInput({
    sortBy: ['customer_name', 'customer_created_on'],
    defaultSortBy: 'customer_name',
    filters: {
      status: statusFilterSchema,
      customer_category_id: idSchema('customer_category_id').optional(),
      owned_by: z
        .enum(CUSTOMER_OWNERS, { error: `owned_by must be one of ${CUSTOMER_OWNERS.join(', ')}` })
        .default('ALL'),
      party_id: idSchema('party_id').optional(),
    },
  }),
});

const customerIdInput = z.object({ customer_id: idSchema('customer_id') }).strict();

export const GetCustomer = query<ItemsData<CustomerDetail>>()({
  name: 'GetCustomer',
  access: access('VIEW'),
  description: 'One customer with every location.',
  input: customerIdInput,
});

export const CreateCustomer = mutation<ItemsData<CustomerDetail>>()({
  name: 'CreateCustomer',
  access: access('CREATE'),
  description:
    "Adds a customer with a primary and optional secondary locations; a dealer user's customer belongs to the dealer. The phone must be new in the organization.",
  input: createCustomerSchema,
});

export const UpdateCustomer = mutation<ItemsData<CustomerDetail>>()({
  name: 'UpdateCustomer',
  access: access('EDIT'),
  description: "Changes a customer's name, phone, email, category and primary location.",
  input: updateCustomerSchema,
});

export const ActivateOrDeactivateCustomer = mutation<ItemsData<CustomerDetail>>()({
  name: 'ActivateOrDeactivateCustomer',
  access: access('EDIT'),
  description: 'Activates or deactivates a customer; inactive customers are not offered for new tickets.',
  input: z
    .object({ customer_id: idSchema('customer_id'), customer_status: recordStatusSchema('customer_status') })
    .strict(),
});

export const AddCustomerSecondaryLocation = mutation<ItemsData<CustomerDetail>>()({
  name: 'AddCustomerSecondaryLocation',
  access: access('EDIT'),
  description: 'Adds a secondary location to a customer.',
  input: locationFields.extend({ customer_id: idSchema('customer_id') }).superRefine(checkLocation),
});

export const UpdateCustomerSecondaryLocation = mutation<ItemsData<CustomerDetail>>()({
  name: 'UpdateCustomerSecondaryLocation',
  access: access('EDIT'),
  description: "Changes one of a customer's secondary locations.",
  input: locationFields
    .extend({ customer_id: idSchema('customer_id'), location_id: idSchema('location_id') })
    .superRefine(checkLocation),
});

export const RemoveCustomerSecondaryLocation = mutation<ItemsData<CustomerDetail>>()({
  name: 'RemoveCustomerSecondaryLocation',
  access: access('EDIT'),
  description: "Removes one of a customer's secondary locations (the primary location cannot be removed).",
  input: z.object({ customer_id: idSchema('customer_id'), location_id: idSchema('location_id') }).strict(),
});

// Bulk import (customer-import.ts): the upload and the progress of a confirmation go through REST
// routes; these read an upload back and confirm it without progress.

export const GetCustomerImport = query<ItemsData<ImportItem>>()({
  name: 'GetCustomerImport',
  access: access('CREATE'),
  description: 'The preview or the outcome of a customer import uploaded by the caller.',
  input: importIdInput,
});

export const ConfirmCustomerImport = mutation<ItemsData<ImportItem>>()({
  name: 'ConfirmCustomerImport',
  access: access('CREATE'),
  description:
    'Imports the valid rows of an uploaded workbook in one transaction (the confirm route does the same with progress).',
  input: importIdInput,
});

// ---------------------------------------------------------------------------------------------
// Messages

export const CUSTOMER_MESSAGES = {
  created: (name: string) => `Customer '${name}' created`,
  updated: (name: string) => `Customer '${name}' saved`,
  statusChanged: (name: string, status: RecordStatus) =>
    `Customer '${name}' ${status === 'ACTIVE' ? 'activated' : 'deactivated'}`,
  locationAdded: (name: string) => `Location added to '${name}'`,
  locationUpdated: (name: string) => `Location of '${name}' saved`,
  locationRemoved: (name: string) => `Location removed from '${name}'`,
  notFound: 'Customer not found. It may have been removed; refresh the list and try again.',
  locationNotFound: 'Location not found. It may have been removed; refresh the customer and try again.',
  primaryNotRemovable: 'The primary location cannot be removed. Edit it instead.',
  tooManyLocations: `A customer has at most ${MAX_SECONDARY_LOCATIONS} secondary locations. Remove one first.`,
  categoryNotFound: 'Customer category not found. Choose an active category from the list.',
  /** `who`: the customer that has the number, when the caller may see it. */
  duplicatePhone: (formatted: string, who?: string) =>
    who
      ? `A customer with phone ${formatted} already exists: ${who}.`
      : `A customer with phone ${formatted} already exists in the organization.`,
} as const;
