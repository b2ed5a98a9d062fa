import { z } from 'zod';
import { isoDateSchema, paiseSchema } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import { QUOTATIONS_MODULE, type QuotationItem } from './quotations.ts';

/**
 * AMC contracts (docs/contracts.md): the AMCs an organization sold, each for one customer's fleet
 * items under one AMC type for a period, made when a customer accepts a quotation's AMC line or
 * entered on the Contracts screen. On its first day its items are put under its AMC (a contract
 * starting later waits for that day's job); the items' visits are counted on the items as tickets
 * close.
 */

export const CONTRACTS_MODULE = 'Contracts';

const contractsAccess = (right: 'VIEW' | 'CREATE'): Access => ({ module: CONTRACTS_MODULE, right });

/** A contract is due for renewal this many days before it ends. */
export const CONTRACT_RENEWAL_DAYS = 30;

/**
 * Read from its days on the organization's today, not stored. RENEWAL_DUE: within its last
 * CONTRACT_RENEWAL_DAYS and not renewed (no later contract for any of its products).
 */
export const CONTRACT_STATES = ['UPCOMING', 'ACTIVE', 'RENEWAL_DUE', 'EXPIRED'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATE_LABELS: Record<ContractState, string> = {
  UPCOMING: 'Starts later',
  ACTIVE: 'Active',
  RENEWAL_DUE: 'Renewal due',
  EXPIRED: 'Expired',
};

export const CONTRACT_SOURCES = ['QUOTATION', 'ENTERED'] as const;
export type ContractSource = (typeof CONTRACT_SOURCES)[number];

export const MAX_CONTRACT_ITEMS = 50;
/** ₹1,00,00,000.00: far above any AMC sale, low enough to catch a mistyped amount. */
export const CONTRACT_MAX_PAISE = 1_000_000_000;

export interface ContractFleetItem {
  fleet_item_id: string;
  serial_number: string;
  product_name: string;
  /** The item's AMC visits, as the item counts them (null included: unlimited). */
  visits_included: number | null;
  visits_used: number;
}

export interface ContractItem {
  contract_id: string;
  /** From the organization's sequence per financial year: 'AMC/2026-27/000003'. */
  contract_number: string;
  state: ContractState;
  customer_id: string;
  customer_name: string;
  customer_phone: string;
  amc_type_id: string;
  amc_type_name: string;
  /** Both days included, in the organization's calendar. */
  start_date: string;
  end_date: string;
  /** Visits a year the plan gives each item; null: unlimited. */
  visits_per_item: number | null;
  /** What the customer pays for it, paise (before tax when from a quotation: the line's taxable amount). */
  amount: number;
  source: ContractSource;
  quotation_id: string | null;
  quotation_number: string | null;
  note: string | null;
  items: ContractFleetItem[];
  /** The day from which it is due for renewal (CONTRACT_RENEWAL_DAYS before it ends). */
  renewal_due_on: string;
  /** A later contract for any of its products: it is renewed, and never reads RENEWAL_DUE. */
  renewed_by: { contract_id: string; contract_number: string } | null;
  created_by_name: string;
  created_on: string;
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const ListContracts = query<PageData<ContractItem>>()({
  name: 'ListContracts',
  access: contractsAccess('VIEW'),
  description:
    'A page of AMC contracts, those ending first first: search by number or customer; filters by state (active, renewal due and not renewed, expired), customer and AMC type.',
  input: listInput({
    sortBy: ['end_date', 'start_date', 'contract_number', 'amount', 'created_on'],
    defaultSortBy: 'end_date',
    defaultSortOrder: 'asc',
    filters: {
      state: z
        .enum(CONTRACT_STATES, { error: `state must be one of ${CONTRACT_STATES.join(', ')}` })
        .optional(),
      customer_id: idSchema('customer_id').optional(),
      amc_type_id: idSchema('amc_type_id').optional(),
    },
  }),
});

export const GetContract = query<ItemsData<ContractItem>>()({
  name: 'GetContract',
  access: contractsAccess('VIEW'),
  description: 'One AMC contract with its fleet items and their visits.',
  input: z.object({ contract_id: idSchema('contract_id') }).strict(),
});

export const createContractSchema = z
  .object({
    customer_id: idSchema('Customer'),
    amc_type_id: idSchema('AMC type'),
    /** A renewal starts the day after the running AMC ends; its items stay under that one till then. */
    start_date: isoDateSchema('Start date'),
    fleet_item_ids: z
      .array(idSchema('Products'), { error: 'Products must be a list' })
      .min(1, "Products: choose at least one of the customer's products")
      .max(MAX_CONTRACT_ITEMS, `Products: at most ${MAX_CONTRACT_ITEMS} on one contract`)
      .refine((ids) => new Set(ids).size === ids.length, 'Products: choose each product once'),
    amount: paiseSchema('Amount', CONTRACT_MAX_PAISE),
    note: optionalText('Note', 500),
  })
  .strict();

export const CreateContract = mutation<ItemsData<ContractItem>>()({
  name: 'CreateContract',
  access: contractsAccess('CREATE'),
  description:
    "Enters an AMC contract sold outside a quotation: a customer's products under an AMC type from a day, for the type's months and visits, at an amount; the products go under the AMC on its first day.",
  input: createContractSchema,
});

/**
 * Drafts the renewal of a contract as a quotation (docs/contracts.md#renewal-quotations): for its
 * customer, an AMC line of its type for each of its products, its amount shared among them. The
 * quotations' right to draft (Quotations List, CREATE) decides who may; the contract must be one the
 * caller may see, not renewed, and without an open renewal quotation.
 */
export const RaiseRenewalQuotation = mutation<ItemsData<QuotationItem>>()({
  name: 'RaiseRenewalQuotation',
  access: { module: QUOTATIONS_MODULE, right: 'CREATE' },
  description:
    "Drafts a quotation renewing an AMC contract: the contract's customer, an AMC line of its type for each of its products at the contract's amount; refused when the contract is renewed or a renewal quotation for it is open.",
  input: z.object({ contract_id: idSchema('contract_id') }).strict(),
});

export const CONTRACTS_MESSAGES = {
  notFound: 'Contract not found.',
  customerNotFound: 'Customer not found. Choose a customer from the list.',
  amcTypeNotFound: 'AMC type not found. Choose an active AMC type.',
  productNotFound:
    "Products: one of them is not among the customer's active products. Refresh and choose again.",
  amcNotForProduct: (amc: string, serial: string) => `Products: AMC type ${amc} does not cover ${serial}.`,
  startTooEarly: (day: string) =>
    `Start date must be ${day} or later: a contract is not entered for a past year.`,
  startTooLate: (day: string) => `Start date must be by ${day}: a contract starts within a year.`,
  alreadyRenewed: (number: string, renewal: string) =>
    `Contract ${number} is already renewed by ${renewal}: no renewal quotation is needed.`,
  renewalOpen: (number: string, quotation: string) =>
    `Quotation ${quotation} already offers the renewal of ${number} and is still open: open it from the Quotations List.`,
  nothingToRenew: (number: string) =>
    `None of the products of contract ${number} is still in service at its customer: there is nothing to renew.`,
  renewalHeader: (number: string, type: string, end: string) =>
    `Renewal of your AMC contract ${number} (${type}), which ends on ${end}.`,
  renewalRaised: (quotation: string, number: string) =>
    `Quotation ${quotation} drafted for the renewal of ${number}.`,
  created: (number: string, items: number) =>
    `Contract ${number} entered: ${items} product${items === 1 ? '' : 's'} under AMC.`,
} as const;
