import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder, optionalIsoDateSchema, serialNumberSchema } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import type { TicketState } from '../ticket-states.ts';
import { checkCustomerPhone, checkLocation, customerFields, locationFields } from './customers.ts';
import { createTicketSchema } from './tickets.ts';

/**
 * Requests for service (docs/requests.md): a customer's, a dealer's or a co-ordinator's word that a
 * product needs a visit, before it is a ticket. Raised on /RFS or through the organization's public
 * form (no sign-in); triaged on /RequestForServices: converted to a ticket (the customer matched by
 * phone or created, the fleet item by serial), rejected with a reason, or merged into an existing
 * ticket. A request is NEW until one of the three, and then never changes again.
 */

/** The triage screen's module, and the raising screen's. */
export const TRIAGE_MODULE = 'Request For Services';
export const RAISE_MODULE = 'RFS';

const triage = (right: 'VIEW' | 'EDIT'): Access => ({ module: TRIAGE_MODULE, right });

export const REQUEST_STATES = ['NEW', 'CONVERTED', 'REJECTED', 'MERGED'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  NEW: 'New',
  CONVERTED: 'Converted to a ticket',
  REJECTED: 'Rejected',
  MERGED: 'Merged into a ticket',
};

/** Who raised it: the public form, a dealer's people, or the organization's (or a partner's) staff. */
export const REQUEST_SOURCES = ['PUBLIC', 'DEALER', 'STAFF'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const REQUEST_SOURCE_LABELS: Record<RequestSource, string> = {
  PUBLIC: 'Public form',
  DEALER: 'Dealer',
  STAFF: 'Staff',
};

/** The public form's pages (no sign-in): the form of one organization, and a request's status. */
export const REQUEST_FORM_PATH = '/RequestService';
export const REQUEST_STATUS_PATH = '/RequestStatus';
export const requestFormPath = (organizationSlug: string) =>
  `${REQUEST_FORM_PATH}?org=${encodeURIComponent(organizationSlug)}`;
export const requestStatusPath = (token: string) =>
  `${REQUEST_STATUS_PATH}?token=${encodeURIComponent(token)}`;

/** Requests one network address may send through one organization's public form in an hour. */
export const PUBLIC_REQUESTS_PER_HOUR = 5;

export const REQUEST_MESSAGES = {
  raised: (number: string) => `Request ${number} raised.`,
  raisedPublic: (organization: string) =>
    `Thank you. ${organization} has your request and will get in touch with you shortly.`,
  converted: (number: string, ticket: string) => `Request ${number} converted to ticket ${ticket}.`,
  rejected: (number: string) => `Request ${number} rejected.`,
  merged: (number: string, ticket: string) => `Request ${number} merged into ticket ${ticket}.`,
  notNew: (number: string, state: string) =>
    `Request ${number} is already ${state.toLowerCase()}; only a new request can be converted, rejected or merged.`,
  notFound: 'Request not found.',
  ticketNotFound: 'Ticket not found. Choose an open ticket of this organization.',
  ticketNotOpen: (ticket: string, state: string) =>
    `Ticket ${ticket} is ${state.toLowerCase()}; a request can only be merged into an open ticket.`,
  formNotFound: 'This request form does not exist. Check the link you were given.',
  linkNotValid: 'This status link is not valid. Check the link in your mail.',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields

const problemSchema = z
  .string({ error: 'Problem is required' })
  .trim()
  .min(10, 'Describe the problem in at least 10 characters')
  .max(1000, 'Problem must be at most 1000 characters');

const productSchema = z
  .string({ error: 'Product must be text' })
  .trim()
  .max(150, 'Product must be at most 150 characters')
  .nullish()
  .transform((value) => value || null);

/** A request's own fields: who, where, what, and when they would like the visit. */
const requestFields = customerFields
  .pick({ customer_name: true, phone_country: true, customer_phone: true, customer_email: true })
  .extend(locationFields.pick({ address: true, pincode: true, city: true, state: true, country: true }).shape)
  .extend({
    serial_number: serialNumberSchema,
    product_name: productSchema,
    problem: problemSchema,
    preferred_visit_date: optionalIsoDateSchema('Preferred visit date'),
  })
  .strict();

const checkRequest = (value: z.output<typeof requestFields>, ctx: z.RefinementCtx) => {
  checkCustomerPhone(value, ctx);
  checkLocation(value, ctx);
};

export const raiseRequestSchema = requestFields.superRefine(checkRequest);

/**
 * The public form's body: the request, the organization's slug, and `website`, a field hidden from
 * people: a form that fills it is a bot's, answered as if sent and never stored.
 */
export const publicRequestSchema = requestFields
  .extend({
    org: z.string({ error: 'org is required' }).trim().min(1, 'org is required').max(80),
    website: z.string().max(500).optional(),
  })
  .superRefine(checkRequest);
export type PublicRequestInput = z.input<typeof publicRequestSchema>;

export const requestStatusBody = z.object({ token: z.string().max(200) });

// ---------------------------------------------------------------------------------------------
// Results

export interface ServiceRequestItem {
  request_id: string;
  request_number: string;
  state: RequestState;
  source: RequestSource;
  customer_name: string;
  /** E.164. */
  customer_phone: string;
  customer_phone_display: string;
  customer_email: string | null;
  address: string;
  pincode: string;
  city: string;
  state_name: string;
  country: string;
  serial_number: string | null;
  product_name: string | null;
  problem: string;
  preferred_visit_date: string | null;
  /** The dealer whose people raised it. */
  dealer_name: string | null;
  /** Who raised it signed in; null for the public form. */
  raised_by_name: string | null;
  created_on: string;
  /** An existing customer of the organization with the request's phone (what conversion will use). */
  matched_customer_id: string | null;
  matched_customer_name: string | null;
  matched_location_id: string | null;
  /** The fleet item with the request's serial number, when there is one. */
  matched_fleet_item_id: string | null;
  matched_product_name: string | null;
  matched_fleet_customer_name: string | null;
  decided_by_name: string | null;
  decided_on: string | null;
  reject_reason: string | null;
  /** The ticket it became or was merged into. */
  ticket_id: string | null;
  ticket_number: string | null;
  ticket_state: TicketState | null;
}

/** The list's page, with the path of the organization's public form for staff to share. */
export type ServiceRequestPage = PageData<ServiceRequestItem> & { public_form_path: string | null };

/** What the public status page shows. */
export interface PublicRequestStatus {
  organization_name: string;
  request_number: string;
  state: RequestState;
  state_label: string;
  customer_name: string;
  problem: string;
  created_on: string;
  reject_reason: string | null;
  ticket_number: string | null;
  ticket_state_label: string | null;
  /** When the ticket's visit is wished or planned (its preferred date), if any. */
  visit_date: string | null;
  time_zone: string;
}

export interface PublicRequestForm {
  organization_name: string;
  organization_logo_url: string | null;
}

// ---------------------------------------------------------------------------------------------
// Operations

export const ListServiceRequests = query<ServiceRequestPage>()({
  name: 'ListServiceRequests',
  // The raising screen lists what its caller raised; a dealer's people see only their dealer's.
  access: { module: [TRIAGE_MODULE, RAISE_MODULE], right: 'VIEW' },
  description:
    'A page of requests for service, the newest first: search by number, name or phone; filters by state, source and days. Dealers see only their own.',
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'request_number'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        request_state: z
          .enum(REQUEST_STATES, { error: `request_state must be one of ${REQUEST_STATES.join(', ')}` })
          .optional(),
        source: z
          .enum(REQUEST_SOURCES, { error: `source must be one of ${REQUEST_SOURCES.join(', ')}` })
          .optional(),
        /** Only the requests the caller raised (the raising screen's list). */
        mine: z.boolean({ error: 'mine must be true or false' }).optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const RaiseServiceRequest = mutation<ItemsData<ServiceRequestItem>>()({
  name: 'RaiseServiceRequest',
  access: { module: RAISE_MODULE, right: 'CREATE' },
  description:
    "Raises a request for service for a customer (a dealer's for its dealer); the customer is mailed its status link",
  input: raiseRequestSchema,
});

const requestId = idSchema('request_id');

export const ConvertServiceRequest = mutation<ItemsData<ServiceRequestItem>>()({
  name: 'ConvertServiceRequest',
  access: triage('EDIT'),
  description:
    "Converts a new request to a ticket, as CreateAssignedTicketV2 creates one (an existing customer or one made from the request's details, its fleet item)",
  input: z.object({ request_id: requestId, ticket: createTicketSchema }).strict(),
});

export const RejectServiceRequest = mutation<ItemsData<ServiceRequestItem>>()({
  name: 'RejectServiceRequest',
  access: triage('EDIT'),
  description: 'Rejects a new request with a reason the customer reads on its status page',
  input: z
    .object({
      request_id: requestId,
      reason: z
        .string({ error: 'Reason is required' })
        .trim()
        .min(5, 'Reason must be at least 5 characters')
        .max(500, 'Reason must be at most 500 characters'),
    })
    .strict(),
});

export const MergeServiceRequest = mutation<ItemsData<ServiceRequestItem>>()({
  name: 'MergeServiceRequest',
  access: triage('EDIT'),
  description: "Merges a new request into an open ticket: the ticket's timeline gets the request's words",
  input: z.object({ request_id: requestId, ticket_id: idSchema('Ticket') }).strict(),
});
