import { z } from 'zod';
import { mutation, query, type ItemsData } from '../operation.ts';
import { listInput, statusFilterSchema, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema, namedMasterContract } from '../masters.ts';

/**
 * Territories (docs/product.md#territories): territories group pincodes, and a pincode
 * belongs to at most one territory of an organization, so that a customer location's pincode
 * decides its territory. Technicians and service partners are mapped to territories, technicians
 * also to expertise (service categories).
 */

const MODULE = 'Territories';

/** An Indian PIN code: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
const pincodeSchema = z
  .string({ error: 'Pincode must be 6 digits' })
  .trim()
  .refine((value) => PINCODE_PATTERN.test(value), {
    error: (issue) => `Pincode '${String(issue.input).trim()}' must be 6 digits, not starting with 0`,
  });

const TERRITORY_MAX_PINCODES = 2000;

// ---------------------------------------------------------------------------------------------
// Pincode types: how a pincode is served (e.g. local, upcountry), a master of names.

export const pincodeTypes = namedMasterContract({
  prefix: 'pincode_type',
  plural: 'PincodeTypes',
  singular: 'PincodeType',
  noun: 'pincode type',
  module: MODULE,
});
export const {
  list: ListPincodeTypes,
  create: CreatePincodeType,
  update: UpdatePincodeType,
  activateOrDeactivate: ActivateOrDeactivatePincodeType,
} = pincodeTypes;

// ---------------------------------------------------------------------------------------------
// Territories and their pincodes

export interface TechnicianRef {
  technician_id: string;
  user_name: string;
}
export interface ServicePartnerRef {
  party_id: string;
  party_name: string;
}

export interface TerritoryItem {
  territory_id: string;
  territory_name: string;
  territory_category_id: string;
  territory_category_name: string;
  territory_status: RecordStatus;
  territory_created_on: string;
  /** Its pincodes in ascending order. */
  pincodes: string[];
  pincode_count: number;
  technicians: TechnicianRef[];
  service_partners: ServicePartnerRef[];
}

export const territories = masterContract<TerritoryItem>()({
  plural: 'Territories',
  singular: 'Territory',
  listName: 'ListTerritoriesAndPincodes',
  noun: 'territory',
  nounPlural: 'territories',
  module: MODULE,
  idKey: 'territory_id',
  statusKey: 'territory_status',
  nameKey: 'territory_name',
  fields: {
    territory_name: nameSchema('Name'),
    territory_category_id: idSchema('Territory category'),
    /** Every pincode of the territory (an update replaces the set); repeats are dropped. */
    pincodes: z
      .array(pincodeSchema, { error: 'Pincodes must be a list of 6-digit pincodes' })
      .max(TERRITORY_MAX_PINCODES, `A territory may have at most ${TERRITORY_MAX_PINCODES} pincodes`)
      .default([])
      .transform((pincodes) => [...new Set(pincodes)].sort()),
  },
  sortBy: [
    'territory_name',
    'territory_category_name',
    'pincode_count',
    'territory_status',
    'territory_created_on',
  ],
  defaultSortBy: 'territory_name',
  filters: {
    territory_category_id: idSchema('territory_category_id').optional(),
    /** Only the territory that holds this pincode. */
    pincode: pincodeSchema.optional(),
  },
});
export const {
  list: ListTerritoriesAndPincodes,
  create: CreateTerritory,
  update: UpdateTerritory,
  activateOrDeactivate: ActivateOrDeactivateTerritory,
} = territories;

export interface PincodeItem {
  pincode_id: string;
  pincode: string;
  area_name: string | null;
  territory_id: string;
  territory_name: string;
  pincode_type_id: string | null;
  pincode_type_name: string | null;
  pincode_created_on: string;
}

export const ListPincodes = query<PageData<PincodeItem>>()({
  name: 'ListPincodes',
  access: { module: MODULE, right: 'VIEW' },
  description: "A page of the organization's pincodes with their territory and type.",
  input: listInput({
    sortBy: ['pincode', 'territory_name', 'pincode_type_name', 'pincode_created_on'],
    defaultSortBy: 'pincode',
    filters: {
      territory_id: idSchema('territory_id').optional(),
      pincode_type_id: idSchema('pincode_type_id').optional(),
    },
  }),
});

/** The fields of a pincode a person edits: its territory, its type, the area it names. */
export const pincodeFields = z.object({
  territory_id: idSchema('Territory'),
  // '' is the form's "none", as null is the API's.
  pincode_type_id: z
    .literal('')
    .transform(() => null)
    .or(idSchema('Pincode type').nullable())
    .default(null),
  area_name: z
    .string({ error: 'Area must be text' })
    .trim()
    .max(100, 'Area must be at most 100 characters')
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null)),
});

export const UpdatePincode = mutation<ItemsData<PincodeItem>>()({
  name: 'UpdatePincode',
  access: { module: MODULE, right: 'EDIT' },
  description: 'Moves a pincode to another territory, or sets its type and area.',
  input: pincodeFields.extend({ pincode_id: idSchema('pincode_id') }).strict(),
});

export const RemovePincode = mutation<ItemsData<never>>()({
  name: 'RemovePincode',
  access: { module: MODULE, right: 'EDIT' },
  description: 'Takes a pincode out of its territory; locations there then belong to no territory.',
  input: z.object({ pincode_id: idSchema('pincode_id') }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Technicians: territories and expertise (docs/product.md#assignment-and-claim)

export interface TerritoryRef {
  territory_id: string;
  territory_name: string;
}
export interface ExpertiseRef {
  category_id: string;
  category_name: string;
}

export interface TechnicianCoverageItem {
  /** The technician's membership in the organization. */
  technician_id: string;
  user_id: string;
  user_name: string;
  user_email_id: string;
  technician_status: 'ACTIVE' | 'INACTIVE' | 'INVALID';
  /** The service partner the technician works for; null for the organization's own. */
  party_id: string | null;
  party_name: string | null;
  territories: TerritoryRef[];
  expertise: ExpertiseRef[];
}

const idList = (label: string, max: number) =>
  z
    .array(idSchema(label), { error: `${label} must be a list` })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .transform((ids) => [...new Set(ids)]);

export const ListTechnicianCoverage = query<PageData<TechnicianCoverageItem>>()({
  name: 'ListTechnicianCoverage',
  access: { module: MODULE, right: 'VIEW' },
  description: "The organization's technicians with their territories and expertise.",
  input: listInput({
    sortBy: ['user_name', 'party_name', 'technician_status'],
    defaultSortBy: 'user_name',
    filters: {
      status: statusFilterSchema,
      territory_id: idSchema('territory_id').optional(),
      category_id: idSchema('category_id').optional(),
    },
  }),
});

export const UpdateTechnicianCoverage = mutation<ItemsData<TechnicianCoverageItem>>()({
  name: 'UpdateTechnicianCoverage',
  access: { module: MODULE, right: 'EDIT' },
  description: "Sets a technician's territories and expertise (each list replaces the former one).",
  input: z
    .object({
      technician_id: idSchema('technician_id'),
      territory_ids: idList('Territories', 200),
      category_ids: idList('Expertise', 200),
    })
    .strict(),
});

export interface ServicePartnerCoverageItem {
  party_id: string;
  party_name: string;
  party_status: 'ACTIVE' | 'SUSPENDED';
  territories: TerritoryRef[];
}

export const ListServicePartnerCoverage = query<PageData<ServicePartnerCoverageItem>>()({
  name: 'ListServicePartnerCoverage',
  access: { module: MODULE, right: 'VIEW' },
  description: "The organization's service partners with their territories.",
  input: listInput({
    sortBy: ['party_name', 'party_status'],
    defaultSortBy: 'party_name',
    filters: { territory_id: idSchema('territory_id').optional() },
  }),
});

export const UpdateServicePartnerCoverage = mutation<ItemsData<ServicePartnerCoverageItem>>()({
  name: 'UpdateServicePartnerCoverage',
  access: { module: MODULE, right: 'EDIT' },
  description: "Sets a service partner's territories (the list replaces the former one).",
  input: z.object({ party_id: idSchema('party_id'), territory_ids: idList('Territories', 200) }).strict(),
});

// ---------------------------------------------------------------------------------------------
// The pincode directory: India Post's pincodes with their district and state, so that a known
// pincode fills an address's city and state.

export interface PincodePlace {
  pincode: string;
  /** The district, which is what people write as the city of an address. */
  city: string;
  state: string;
}

export const LookupPincode = query<ItemsData<PincodePlace>>()({
  name: 'LookupPincode',
  access: { module: null },
  description:
    "The city (district) and state of an Indian pincode, from India Post's directory; no item when the pincode is unknown.",
  input: z.object({ pincode: pincodeSchema }).strict(),
});
