import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder, serialNumberSchema } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import type { Coverage } from './product-fleet.ts';

/**
 * Product replacement, FGR (docs/fgr.md): a customer's product that cannot be repaired is
 * replaced under its warranty or AMC. An FGR is generated from a ticket and its fleet item when the
 * item is covered that day (refused otherwise, saying why), approved through the workflow (kind
 * FGR), and on approval the replacement serial takes the old item's place in the fleet (the old
 * one kept, inactive, with its history). Its claim towards the manufacturer is followed until
 * settled or rejected.
 */

/** The menu items (menus.ts) whose rights guard product replacements. */
export const FGR_MODULE = 'Product Replacement';

const fgrAccess = (right: 'VIEW' | 'CREATE' | 'EDIT'): Access => ({ module: FGR_MODULE, right });

export const FGR_STATES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type FgrState = (typeof FGR_STATES)[number];
export const FGR_STATE_LABELS: Record<FgrState, string> = {
  PENDING_APPROVAL: 'Waiting for approval',
  APPROVED: 'Approved: replaced',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

/** The claim towards the manufacturer, followed once the replacement is approved. */
export const FGR_CLAIM_STATUSES = ['PENDING', 'CLAIMED', 'SETTLED', 'REJECTED'] as const;
export type FgrClaimStatus = (typeof FGR_CLAIM_STATUSES)[number];
export const FGR_CLAIM_STATUS_LABELS: Record<FgrClaimStatus, string> = {
  PENDING: 'Not claimed yet',
  CLAIMED: 'Claimed',
  SETTLED: 'Settled',
  REJECTED: 'Claim rejected',
};

export interface FgrItem {
  fgr_id: string;
  /** From the organization's sequence per financial year: 'FGR/2026-27/000005'. */
  fgr_number: string;
  state: FgrState;
  ticket_id: string;
  ticket_number: string;
  customer_id: string;
  customer_name: string;
  customer_phone: string;
  product_name: string;
  /** The item replaced. */
  fleet_item_id: string;
  old_serial_number: string;
  /** What allowed it: the item's coverage on the day it was generated. */
  coverage: Coverage;
  coverage_until: string;
  manufacturer_name: string | null;
  reason: string;
  replacement_serial_number: string;
  /** The new fleet item, once approved. */
  replacement_fleet_item_id: string | null;
  note: string | null;
  workflow_request_id: string | null;
  decision_comment: string | null;
  claim_status: FgrClaimStatus;
  claim_reference: string | null;
  claim_note: string | null;
  claim_updated_on: string | null;
  /** How many times it was generated again after a refusal or withdrawal. */
  reopened_count: number;
  created_by_name: string;
  created_on: string;
  updated_on: string;
}

const fgrId = idSchema('fgr_id');

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** The replacement's serial number as printed on it: required here. */
const replacementSerial = serialNumberSchema.refine(
  (value): value is string => Boolean(value),
  'Replacement serial number is required',
);

export const ListFGR = query<PageData<FgrItem>>()({
  name: 'ListFGR',
  access: fgrAccess('VIEW'),
  description:
    'A page of product replacements, newest first: search by FGR number, ticket, customer or either serial number; filters by state, claim status and the day generated.',
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'fgr_number', 'updated_on'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        state: z.enum(FGR_STATES, { error: `state must be one of ${FGR_STATES.join(', ')}` }).optional(),
        claim_status: z
          .enum(FGR_CLAIM_STATUSES, { error: `claim_status must be one of ${FGR_CLAIM_STATUSES.join(', ')}` })
          .optional(),
        ticket_id: idSchema('ticket_id').optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const GetFGR = query<ItemsData<FgrItem>>()({
  name: 'GetFGR',
  access: fgrAccess('VIEW'),
  description: 'One product replacement.',
  input: z.object({ fgr_id: fgrId }).strict(),
});

export const GenerateFGR = mutation<ItemsData<FgrItem>>()({
  name: 'GenerateFGR',
  access: fgrAccess('CREATE'),
  description:
    'Generates a product replacement from a ticket and its fleet item, allowed only while the item is in warranty or under AMC; it waits for approval (workflow kind FGR).',
  input: z
    .object({
      ticket_id: idSchema('Ticket'),
      reason: text('Reason', 5, 1000),
      replacement_serial_number: replacementSerial,
      note: optionalText('Note', 1000),
    })
    .strict(),
});

export const UpdateFGR = mutation<ItemsData<FgrItem>>()({
  name: 'UpdateFGR',
  access: fgrAccess('EDIT'),
  description:
    'Changes the reason, the replacement serial number or the note of a replacement waiting for approval.',
  input: z
    .object({
      fgr_id: fgrId,
      reason: text('Reason', 5, 1000),
      replacement_serial_number: replacementSerial,
      note: optionalText('Note', 1000),
    })
    .strict(),
});

export const ReopenFGR = mutation<ItemsData<FgrItem>>()({
  name: 'ReopenFGR',
  access: fgrAccess('EDIT'),
  description:
    'Sends a rejected or withdrawn replacement for approval again (the item must still be covered), with what changed.',
  input: z.object({ fgr_id: fgrId, comment: text('Comment', 1, 1000) }).strict(),
});

export const UpdateFGRClaimStatus = mutation<ItemsData<FgrItem>>()({
  name: 'UpdateFGRClaimStatus',
  access: fgrAccess('EDIT'),
  description:
    "Records where an approved replacement's claim towards the manufacturer stands: claimed (with the claim's reference), settled or rejected.",
  input: z
    .object({
      fgr_id: fgrId,
      claim_status: z.enum(FGR_CLAIM_STATUSES, {
        error: `Claim status must be one of ${FGR_CLAIM_STATUSES.join(', ')}`,
      }),
      claim_reference: optionalText('Claim reference', 60),
      claim_note: optionalText('Note', 1000),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.claim_status !== 'PENDING' && !value.claim_reference) {
        ctx.addIssue({
          code: 'custom',
          path: ['claim_reference'],
          message: "Claim reference is required: the manufacturer's claim number",
        });
      }
    }),
});

export const FGR_MESSAGES = {
  notFound: 'Product replacement not found.',
  ticketNotFound: 'Ticket not found. Choose one of your tickets.',
  ticketDiscarded: (ticket: string) =>
    `Ticket ${ticket} is discarded: a replacement is generated from a live or closed ticket.`,
  noFleetItem: (ticket: string) =>
    `Ticket ${ticket} names no product of the fleet: link the ticket to the customer's product first.`,
  itemInactive: (serial: string) => `Product ${serial} is inactive: it may have been replaced already.`,
  notCovered: (serial: string, why: string) => `Product ${serial} cannot be replaced: ${why}.`,
  alreadyLive: (ticket: string, number: string) =>
    `Ticket ${ticket} already has replacement ${number} waiting or approved.`,
  serialTaken: (serial: string) =>
    `Replacement serial number ${serial} is already in the fleet for this product: check the number.`,
  sameSerial: 'Replacement serial number must differ from the product being replaced.',
  generated: (number: string) => `Replacement ${number} generated. It waits for approval.`,
  notPending: (number: string, state: string) =>
    `Replacement ${number} is ${state.toLowerCase()}: only one waiting for approval can be changed.`,
  updated: (number: string) => `Replacement ${number} changed.`,
  notReopenable: (number: string, state: string) =>
    `Replacement ${number} is ${state.toLowerCase()}: only a rejected or withdrawn one can be sent again.`,
  reopened: (number: string) => `Replacement ${number} sent for approval again.`,
  notApproved: (number: string) => `Replacement ${number} is not approved: its claim is followed once it is.`,
  claimUpdated: (number: string, status: string) => `Claim of ${number}: ${status.toLowerCase()}.`,
} as const;
