import { z } from 'zod';
import { partsUsedSchema, type TicketPartOut } from './inventory.ts';
import type { CoverageOnDay } from './product-fleet.ts';
import type { PartnerAmount } from './payouts.ts';
import {
  actionIdSchema,
  dateRangeFilter,
  dateRangeInOrder,
  isoDateSchema,
  optionalIsoDateSchema,
  optionalTimeOfDaySchema,
  paiseSchema,
  serialNumberSchema,
  takenAtSchema,
} from '../fields.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { TICKET_ASSIGNMENT_MODES, type TicketAssignmentMode } from './organization.ts';
import { ACTIVE_LIST_STATES, TICKET_STATES, type TicketState } from '../ticket-states.ts';
import { createCustomerSchema } from './customers.ts';

/**
 * Tickets (docs/tickets.md; docs/product.md#ticket-states, #ticket-transitions,
 * #assignment-and-claim, #closure). Every transition is its own operation, refused from any state
 * the table does not allow (ticket-transitions.ts), audited, and kept in the ticket's timeline.
 *
 * Who may call: the module decides whether the caller works with tickets at all ('Tickets' for
 * staff and partners, 'My Tickets' for dealers and representatives, 'My Work' for technicians); the
 * handler decides what the caller's role may do to this ticket (a technician only to tickets
 * assigned to them, a co-ordinator of a partner only to the partner's tickets ...). An operation a
 * role may never call leaves that role's module out (technicianWork, raiseTicket), so that the
 * permission table (permissions.snap.md) refuses it as the server does, with one message.
 */

export const TICKET_MODULES = ['Tickets', 'My Tickets', 'My Work'] as const;
const access = (right: 'VIEW' | 'CREATE' | 'EDIT' | 'APPROVE'): Access => ({ module: TICKET_MODULES, right });
/**
 * What only the assigned or claiming technician does (claim, release, work, hold, partial close,
 * the closure code): 'My Work' is in technicians' menus only, so the table says who may.
 */
const technicianWork: Access = { module: 'My Work', right: 'VIEW' };
/** Raising a ticket: everyone who works with tickets except technicians, who ask a co-ordinator. */
const raiseTicket: Access = { module: ['Tickets', 'My Tickets'], right: 'CREATE' };

export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The four lists and the states each shows (docs/product.md#ticket-states). */
export const TICKET_LISTS = {
  ACTIVE: ACTIVE_LIST_STATES,
  PARTIALLY_CLOSED: ['PARTIALLY_CLOSED'],
  CLOSED: ['CLOSED'],
  INACTIVE: ['DISCARDED'],
} as const satisfies Record<string, readonly TicketState[]>;
export type TicketList = keyof typeof TICKET_LISTS;

export const TICKET_EVENT_KINDS = [
  'CREATED',
  'ASSIGNED',
  'CLAIMED',
  /** A technician gave a ticket they claimed back to the floating pool (ReleaseTicket). */
  'RELEASED',
  'ACCEPTED',
  'REJECTED',
  'WORK_UPDATED',
  'HELD',
  'RESUMED',
  'PARTIALLY_CLOSED',
  'OTP_SENT',
  'OTP_REFUSED',
  /** A new closure code refused by the limits (one a minute, 5 in 24 hours); `text` says why and when. */
  'OTP_SEND_REFUSED',
  'CLOSED',
  'DISCARDED',
  'REOPENED',
  'RECREATED',
  'FOC_MARKED',
  'VISIT_UPDATED',
  'WARRANTY_UPDATED',
  'CHARGES_UPDATED',
  // Parts (docs/inventory.md#parts-for-a-ticket): a component request raised, decided and issued,
  // and at the close what was used and what went back.
  'PARTS_REQUESTED',
  'PARTS_APPROVED',
  'PARTS_REJECTED',
  'PARTS_WITHDRAWN',
  'PARTS_ISSUED',
  'PARTS_SETTLED',
  // MRFs (docs/inventory.md#mrf): raised (the ticket waits on hold for material), held or opened
  // again by the store, fulfilled or cancelled (the ticket resumes).
  'MRF_RAISED',
  'MRF_HELD',
  'MRF_REOPENED',
  'MRF_FULFILLED',
  'MRF_CANCELLED',
  // Interactions (TicketInteraction): they join the same timeline.
  'NOTE',
  'CALL',
  'PHOTO',
  /** An escalation rule fired (docs/escalations.md): `text` names the rule, its level and who was told. */
  'ESCALATED',
  // Requests for service (docs/requests.md): the ticket a request became, a request that joined it.
  'REQUEST_CONVERTED',
  'REQUEST_MERGED',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

const INTERACTION_KINDS = ['NOTE', 'CALL', 'PHOTO'] as const;

// ---------------------------------------------------------------------------------------------
// Fields

const ticketId = idSchema('ticket_id');

const reason = (label = 'Reason') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(3, `${label} must be at least 3 characters`)
    .max(500, `${label} must be at most 500 characters`);

const optionalNote = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(1000, 'Note must be at most 1000 characters')
  .nullish()
  .transform((value) => value || null);

/** ₹10,00,000.00 in paise: above any visit's charge, low enough to catch a mistyped amount. */
const SERVICE_CHARGE_MAX_PAISE = 100_000_000;

// ---------------------------------------------------------------------------------------------
// Create

/** The ticket's own fields (the web form picks from these). */
const ticketFields = z
  .object({
    /** An existing customer, or `new_customer` (then `location_id` is left out: its primary location). */
    customer_id: idSchema('customer_id')
      .nullish()
      .transform((value) => value || null),
    location_id: idSchema('location_id')
      .nullish()
      .transform((value) => value || null),
    service_id: idSchema('Service'),
    /** One of the service's service types (installation, repair ...); prices the partner's work. */
    service_type_id: idSchema('Service type')
      .nullish()
      .transform((value) => value || null),
    serial_number: serialNumberSchema,
    /**
     * The fleet item the ticket is about (docs/product-fleet.md#tickets): its customer, location,
     * product and serial number are the ticket's, and its coverage today is recorded on the ticket.
     */
    fleet_item_id: idSchema('fleet_item_id')
      .nullish()
      .transform((value) => value || null),
    problem_description_id: idSchema('problem_description_id')
      .nullish()
      .transform((value) => value || null),
    problem_note: optionalNote,
    priority: z
      .enum(TICKET_PRIORITIES, { error: 'Priority must be LOW, MEDIUM, HIGH or URGENT' })
      .default('MEDIUM'),
    preferred_visit_date: optionalIsoDateSchema('Preferred visit date'),
    preferred_visit_time: optionalTimeOfDaySchema('Preferred visit time'),
    under_warranty: z.boolean({ error: 'Under warranty must be true or false' }).default(false),
  })
  .strict();

/**
 * How a co-ordinator gives out one new ticket instead of the organization's mode: one of the modes,
 * or ASSIGN now to an eligible technician or service partner (docs/tickets.md#assignment).
 */
export const NEW_TICKET_ASSIGNMENTS = [...TICKET_ASSIGNMENT_MODES, 'ASSIGN'] as const;
export type NewTicketAssignment = (typeof NEW_TICKET_ASSIGNMENTS)[number];

export const NEW_TICKET_ASSIGNMENT_LABELS: Record<NewTicketAssignment, string> = {
  MANUAL: 'Leave it open for a co-ordinator',
  FLOATING: 'Float it: eligible technicians claim it',
  AUTOMATIC: 'Automatic: the portal picks an available technician',
  ASSIGN: 'Assign it now',
};

export const createTicketSchema = ticketFields
  .extend({
    /** A customer created with the ticket (the same rules as CreateCustomer). */
    new_customer: createCustomerSchema.nullish().transform((value) => value ?? null),
    /** Null: the organization's mode decides. Co-ordinators only. */
    assignment: z
      .enum(NEW_TICKET_ASSIGNMENTS, {
        error: `Assignment must be one of ${NEW_TICKET_ASSIGNMENTS.join(', ')}`,
      })
      .nullish()
      .transform((value) => value ?? null),
    /** With assignment ASSIGN: the technician (membership id) or the service partner (party id). */
    technician_id: idSchema('technician_id')
      .nullish()
      .transform((value) => value || null),
    partner_party_id: idSchema('partner_party_id')
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.assignment === 'ASSIGN' && !value.technician_id && !value.partner_party_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['technician_id'],
        message: 'Choose the technician or service partner to assign the ticket to',
      });
    }
    if (value.technician_id && value.partner_party_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['technician_id'],
        message: 'Assign to a technician or to a service partner, not both',
      });
    }
    if (value.assignment !== 'ASSIGN' && (value.technician_id || value.partner_party_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['assignment'],
        message: 'Choose Assign it now to give the ticket to a technician or service partner',
      });
    }
    // A fleet item brings its customer and location (docs/product-fleet.md#tickets).
    if (!value.customer_id && !value.new_customer && !value.fleet_item_id) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Choose a customer or add a new one' });
    }
    if (value.customer_id && value.new_customer) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_customer'],
        message: 'Choose an existing customer or add a new one, not both',
      });
    }
    if (value.fleet_item_id && value.new_customer) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_customer'],
        message: "A fleet item's ticket is for the customer it is installed at. Leave the new customer out.",
      });
    }
    if (value.customer_id && !value.location_id && !value.fleet_item_id) {
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'Location is required' });
    }
    if (value.preferred_visit_time && !value.preferred_visit_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['preferred_visit_date'],
        message: 'Choose the visit date for the visit time',
      });
    }
  });

// ---------------------------------------------------------------------------------------------
// Results

export interface TicketItem {
  ticket_id: string;
  /** The category's ticket prefix and a per-organization sequence: 'AC-000123'. */
  ticket_number: string;
  state: TicketState;
  priority: TicketPriority;
  customer_id: string;
  customer_name: string;
  /** E.164. */
  customer_phone: string;
  customer_email: string | null;
  location_id: string;
  address: string;
  pincode: string;
  city: string;
  territory_id: string | null;
  territory_name: string | null;
  service_id: string;
  service_name: string;
  category_id: string;
  category_name: string;
  service_type_id: string | null;
  service_type_name: string | null;
  serial_number: string | null;
  /** The fleet item, when the ticket was raised for one. */
  fleet_item_id: string | null;
  /** The item's coverage when the ticket was raised (null: raised without a fleet item). */
  coverage: CoverageOnDay | null;
  problem_description_id: string | null;
  problem_description_name: string | null;
  problem_note: string | null;
  preferred_visit_date: string | null;
  preferred_visit_time: string | null;
  under_warranty: boolean;
  is_foc: boolean;
  service_charge_paise: number;
  wip_sub_stage_id: string | null;
  wip_sub_stage_name: string | null;
  wip_state_name: string | null;
  closure_remark_id: string | null;
  closure_remark_name: string | null;
  /** Floating: eligible technicians see the ticket in their pool and may claim it. */
  is_floating: boolean;
  /** The service partner the ticket is given to, if any. */
  partner_party_id: string | null;
  partner_name: string | null;
  /** The dealer whose customer it is, if any. */
  dealer_party_id: string | null;
  dealer_name: string | null;
  /** The technician's membership id. */
  technician_id: string | null;
  technician_name: string | null;
  /** 'OTP' or 'REASON' once closed. */
  closed_with: 'OTP' | 'REASON' | null;
  closed_on: string | null;
  /** The closed ticket this one re-creates. */
  recreated_from_ticket_id: string | null;
  recreated_from_ticket_number: string | null;
  created_by_name: string | null;
  /** ISO 8601, UTC. */
  created_on: string;
  updated_on: string;
}

export interface TicketEvent {
  event_id: string;
  kind: TicketEventKind;
  from_state: TicketState | null;
  to_state: TicketState | null;
  /** Reason, note or call summary. */
  text: string | null;
  /** Facts of the event: assignee names, the sub-stage, the visit date ... */
  details: Record<string, unknown> | null;
  /** A photo's presigned address (expires at the end of the next day, UTC). */
  file_url: string | null;
  file_name: string | null;
  actor_name: string | null;
  created_on: string;
}

export interface TicketDetails extends TicketItem {
  timeline: TicketEvent[];
  /** The actions the transitions allow from the state and this caller may take (the page shows these). */
  allowed_actions: TicketActionName[];
  /** Whether a closure code is waiting for the customer (asked and not yet used, voided or expired). */
  otp_pending: boolean;
  /**
   * The parts its technician holds for it, which the close asks about (CloseTicket's parts_used);
   * empty for whoever cannot close it.
   */
  parts_out: TicketPartOut[];
  /**
   * What its service partner earns for it (docs/payouts.md#frozen-at-closing): once closed, to staff
   * and to the partner; null otherwise and for everyone else.
   */
  partner_amount: PartnerAmount | null;
}

export const TICKET_ACTION_NAMES = [
  'ASSIGN',
  'CLAIM',
  'RELEASE',
  'ACCEPT',
  'REJECT',
  'UPDATE_WORK',
  'HOLD',
  'RESUME',
  'PARTIALLY_CLOSE',
  'SEND_OTP',
  'CLOSE_WITH_OTP',
  'CLOSE_WITH_REASON',
  'DISCARD',
  'REOPEN',
  'RECREATE',
  'MARK_FOC',
  'UPDATE_VISIT',
  'UPDATE_WARRANTY',
  'UPDATE_CHARGES',
  'INTERACT',
  /** Ask for components and additional parts (RaiseComponentRequest, docs/inventory.md#parts-for-a-ticket). */
  'REQUEST_PARTS',
] as const;
export type TicketActionName = (typeof TICKET_ACTION_NAMES)[number];

// ---------------------------------------------------------------------------------------------
// Lists

const listFilters = {
  list: z.enum(['ACTIVE', 'PARTIALLY_CLOSED', 'CLOSED', 'INACTIVE'], {
    error: 'list must be ACTIVE, PARTIALLY_CLOSED, CLOSED or INACTIVE',
  }),
  state: z.enum(TICKET_STATES, { error: `state must be one of ${TICKET_STATES.join(', ')}` }).optional(),
  wip_sub_stage_id: idSchema('wip_sub_stage_id').optional(),
  territory_id: idSchema('territory_id').optional(),
  partner_party_id: idSchema('partner_party_id').optional(),
  technician_id: idSchema('technician_id').optional(),
  service_id: idSchema('service_id').optional(),
  priority: z.enum(TICKET_PRIORITIES, { error: 'priority must be LOW, MEDIUM, HIGH or URGENT' }).optional(),
  ...dateRangeFilter('created_from', 'created_to'),
  /**
   * NOT_PRICED: closed tickets of a service partner that no rate card priced (docs/payouts.md);
   * for staff who see the rate cards or the payouts.
   */
  partner_amount: z.enum(['NOT_PRICED'], { error: 'partner_amount must be NOT_PRICED' }).optional(),
};

export const TICKET_SORT_KEYS = [
  'created_on',
  'ticket_number',
  'customer_name',
  'preferred_visit_date',
  'priority',
  'updated_on',
] as const;

/** One tab of tickets: search by ticket number, customer name or phone, or serial number. */
const ticketListInput = listInput({
  sortBy: TICKET_SORT_KEYS,
  defaultSortBy: 'created_on',
  defaultSortOrder: 'desc',
  filters: listFilters,
});

/** List_Open_Tickets serves the Active and Partially Closed tabs. */
export const List_Open_Tickets = query<PageData<TicketItem>>()({
  name: 'List_Open_Tickets',
  description: 'A page of open tickets (Active or Partially Closed), filtered, searched and sorted',
  access: access('VIEW'),
  input: dateRangeInOrder(
    ticketListInput.refine((input) => input.list === 'ACTIVE' || input.list === 'PARTIALLY_CLOSED', {
      path: ['list'],
      message: 'List_Open_Tickets serves the ACTIVE and PARTIALLY_CLOSED lists',
    }),
    'created_from',
    'created_to',
  ),
});

/** List_closed_Tickets serves the Closed and Inactive (discarded) tabs. */
export const List_closed_Tickets = query<PageData<TicketItem>>()({
  name: 'List_closed_Tickets',
  description: 'A page of closed or discarded tickets, filtered, searched and sorted',
  access: access('VIEW'),
  input: dateRangeInOrder(
    ticketListInput.refine((input) => input.list === 'CLOSED' || input.list === 'INACTIVE', {
      path: ['list'],
      message: 'List_closed_Tickets serves the CLOSED and INACTIVE lists',
    }),
    'created_from',
    'created_to',
  ),
});

/**
 * How many tickets each tab holds under the same filters (the tabs' counts), exact up to
 * COUNT_CAP; `capped` says which tabs hold more (shown "10,000+").
 */
export const Count_Tickets_By_List = query<{
  counts: Record<TicketList, number>;
  capped: Record<TicketList, boolean>;
}>()({
  name: 'Count_Tickets_By_List',
  description: 'The number of tickets in each of the four lists, under the given filters',
  access: access('VIEW'),
  input: dateRangeInOrder(
    ticketListInput.omit({ list: true, page: true, page_size: true, sort_by: true, sort_order: true }),
    'created_from',
    'created_to',
  ),
});

/** Every state at once, by ticket number, customer name or phone, or serial number. */
export const SearchTickets = query<PageData<TicketItem>>()({
  name: 'SearchTickets',
  description: 'Tickets in any state whose number, customer name or phone, or serial number matches',
  access: access('VIEW'),
  input: listInput({
    sortBy: TICKET_SORT_KEYS,
    defaultSortBy: 'created_on',
    defaultSortOrder: 'desc',
  }).refine((input) => input.search.length >= 2, {
    path: ['search'],
    message: 'Type at least 2 characters to search',
  }),
});

export const Get_Ticket_Details = query<ItemsData<TicketDetails>>()({
  name: 'Get_Ticket_Details',
  description: 'One ticket with its timeline and the actions the caller may take',
  access: access('VIEW'),
  input: z.object({ ticket_id: ticketId }).strict(),
});

export interface TicketAssignee {
  kind: 'TECHNICIAN' | 'SERVICE_PARTNER';
  /** A technician's membership id or a partner's party id. */
  assignee_id: string;
  name: string;
  /** The partner a technician works for; null for the organization's own. */
  party_name: string | null;
  /** Mapped to the ticket's territory (and, for technicians, with the category in their expertise). */
  eligible: boolean;
  checked_in: boolean;
  open_tickets: number;
}

/** Who a ticket can be given to, eligible first (docs/product.md#assignment-and-claim). */
export const List_Ticket_Assignees = query<ItemsData<TicketAssignee>>()({
  name: 'List_Ticket_Assignees',
  description: 'The technicians and service partners a ticket can be assigned to, eligible first',
  access: access('EDIT'),
  input: z.object({ ticket_id: ticketId }).strict(),
});

interface NewTicketAssignmentPreview {
  /** The organization's mode: what a new ticket does unless a co-ordinator chooses otherwise. */
  assignment_mode: TicketAssignmentMode;
  /** The pincode's territory; null when the pincode is in no territory (nobody is eligible) or none was given. */
  territory_id: string | null;
  territory_name: string | null;
  /** The territory exists but is inactive (nobody is eligible either). */
  territory_inactive: boolean;
  /** Whether the caller may choose how this ticket is given out (an organization co-ordinator). */
  may_choose_assignment: boolean;
  /** Who is eligible for the ticket, for the caller to assign it now; empty unless they may choose. */
  items: TicketAssignee[];
}

/**
 * Before a ticket exists: how it would be given out at a pincode (the organization's mode, the
 * pincode's territory) and, for a co-ordinator, who is eligible for the service's category.
 */
export const Preview_New_Ticket_Assignment = query<NewTicketAssignmentPreview>()({
  name: 'Preview_New_Ticket_Assignment',
  description: 'How a new ticket at a pincode would be given out, and who is eligible for it',
  access: access('CREATE'),
  input: z
    .object({
      /** Left out before the customer is chosen: the answer then tells the mode alone. */
      pincode: z
        .string({ error: 'Pincode must be text' })
        .trim()
        .max(12, 'Pincode must be at most 12 characters')
        .nullish()
        .transform((value) => value || null),
      service_id: idSchema('Service')
        .nullish()
        .transform((value) => value || null),
    })
    .strict(),
});

// ---------------------------------------------------------------------------------------------
// The field engineer's app (/Technician)

/** My tickets (assigned to me, accepted, in progress ...) or the floating pool I may claim from. */
export const List_Technician_Tickets = query<PageData<TicketItem>>()({
  name: 'List_Technician_Tickets',
  description: "The calling technician's tickets, or the floating tickets they may claim",
  access: { module: 'My Work', right: 'VIEW' },
  input: listInput({
    /** nearest_visit: the earliest visit date first (none last), then the newest. */
    sortBy: ['nearest_visit', 'preferred_visit_date', 'created_on', 'priority'] as const,
    defaultSortBy: 'created_on',
    defaultSortOrder: 'desc',
    filters: {
      view: z
        .enum(['MINE', 'FLOATING', 'DONE'], { error: 'view must be MINE, FLOATING or DONE' })
        .default('MINE'),
    },
  }),
});

export interface AttendanceStatus {
  /** The organization's calendar day (its time zone), 'YYYY-MM-DD'. */
  day: string;
  checked_in_at: string | null;
  checked_out_at: string | null;
  /** Checked in and not yet out: automatic assignment counts the technician as available. */
  available: boolean;
}

export const Get_Attendance_Status = query<ItemsData<AttendanceStatus>>()({
  name: 'Get_Attendance_Status',
  description: "The calling technician's attendance today",
  access: { module: 'My Work', right: 'VIEW' },
  input: z.object({}).strict(),
});

export const AttendanceCheckIn = mutation<ItemsData<AttendanceStatus>>()({
  name: 'AttendanceCheckIn',
  description: 'The calling technician checks in for today',
  access: { module: 'My Work', right: 'VIEW' },
  input: z.object({ taken_at: takenAtSchema, action_id: actionIdSchema }).strict(),
});

export const AttendanceCheckOut = mutation<ItemsData<AttendanceStatus>>()({
  name: 'AttendanceCheckOut',
  description: 'The calling technician checks out for today',
  access: { module: 'My Work', right: 'VIEW' },
  input: z.object({ taken_at: takenAtSchema, action_id: actionIdSchema }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Mutations: one per transition (docs/product.md#ticket-transitions), each answering the ticket as
// it now is.

type TicketAnswer = ItemsData<TicketItem>;

/** Creates a ticket and, by the organization's mode, floats or assigns it. */
export const CreateAssignedTicketV2 = mutation<TicketAnswer>()({
  name: 'CreateAssignedTicketV2',
  description: 'Creates a ticket (and a new customer inline) and gives it out by the assignment mode',
  access: raiseTicket,
  input: createTicketSchema,
});

/** Assign or reassign to a technician or a service partner, or open it again (floating). */
export const ReassignOrOpenTheAssignedTicket = mutation<TicketAnswer>()({
  name: 'ReassignOrOpenTheAssignedTicket',
  description: 'Assigns or reassigns a ticket, or reopens a closed or partially closed one',
  access: access('EDIT'),
  input: z
    .object({
      ticket_id: ticketId,
      action: z.enum(['ASSIGN', 'REOPEN'], { error: 'action must be ASSIGN or REOPEN' }),
      technician_id: idSchema('technician_id').nullish(),
      partner_party_id: idSchema('partner_party_id').nullish(),
      /** REOPEN without an assignee floats the ticket again (OPEN). */
      reason: reason().nullish(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.technician_id && value.partner_party_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['technician_id'],
          message: 'Assign to a technician or to a service partner, not both',
        });
      }
      if (value.action === 'ASSIGN' && !value.technician_id && !value.partner_party_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['technician_id'],
          message: 'Choose a technician or a service partner',
        });
      }
      if (value.action === 'REOPEN' && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required to reopen a ticket' });
      }
    }),
});

export const ClaimTicket = mutation<TicketAnswer>()({
  name: 'ClaimTicket',
  description: 'A technician claims a floating ticket: of many claimers exactly one wins',
  access: technicianWork,
  input: z.object({ ticket_id: ticketId }).strict(),
});

/** Undoes a claim: the technician gives the ticket back to the floating pool it came from. */
export const ReleaseTicket = mutation<TicketAnswer>()({
  name: 'ReleaseTicket',
  description: 'A technician gives a ticket they claimed, not yet started, back to the floating pool',
  access: technicianWork,
  input: z.object({ ticket_id: ticketId }).strict(),
});

export const AcceptOrRejectTicket = mutation<TicketAnswer>()({
  name: 'AcceptOrRejectTicket',
  description: 'The assignee accepts an assigned ticket, or rejects it with a reason',
  access: access('VIEW'),
  input: z
    .object({
      ticket_id: ticketId,
      action: z.enum(['ACCEPT', 'REJECT'], { error: 'action must be ACCEPT or REJECT' }),
      reason: reason().nullish(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.action === 'REJECT' && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required to reject a ticket' });
      }
    }),
});

/** Start or update work: the ticket is IN_PROGRESS at a WIP sub-stage. */
export const UpdateTicketWorkStatus = mutation<TicketAnswer>()({
  name: 'UpdateTicketWorkStatus',
  description: 'Starts or updates the work on a ticket at a WIP sub-stage',
  access: technicianWork,
  input: z
    .object({
      ticket_id: ticketId,
      wip_sub_stage_id: idSchema('Sub-stage'),
      note: optionalNote,
      taken_at: takenAtSchema,
      action_id: actionIdSchema,
    })
    .strict(),
});

export const HoldOrResumeTicket = mutation<TicketAnswer>()({
  name: 'HoldOrResumeTicket',
  description: 'Puts a ticket in progress on hold with a reason, or resumes it',
  access: technicianWork,
  input: z
    .object({
      ticket_id: ticketId,
      action: z.enum(['HOLD', 'RESUME'], { error: 'action must be HOLD or RESUME' }),
      reason: reason().nullish(),
      taken_at: takenAtSchema,
      action_id: actionIdSchema,
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.action === 'HOLD' && !value.reason) {
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Reason is required to put a ticket on hold',
        });
      }
    }),
});

export const PartiallyCloseTicket = mutation<TicketAnswer>()({
  name: 'PartiallyCloseTicket',
  description: 'Work done, closure not complete: the ticket is partially closed with a closure remark',
  access: technicianWork,
  input: z
    .object({ ticket_id: ticketId, closure_remark_id: idSchema('Closure remark'), note: optionalNote })
    .strict(),
});

/**
 * Sends the customer a 6-digit code; a new code voids the old one. One new code a minute and at
 * most 5 in any 24 hours per ticket: beyond, TOO_MANY_REQUESTS says when the next may be sent.
 */
export const SendTicketClosureOtp = mutation<{
  items: [];
  sent_to: string;
  /** No SMS provider is supported yet: always false, and the answer's message says so. */
  by_sms: boolean;
}>()({
  name: 'SendTicketClosureOtp',
  description: 'Sends the customer a closure code (a new code voids the old one)',
  access: technicianWork,
  input: z.object({ ticket_id: ticketId }).strict(),
});

/** With the customer's code (the technician), or without it with a reason (a co-ordinator). */
export const CloseTicket = mutation<TicketAnswer>()({
  name: 'CloseTicket',
  description: "Closes a ticket with the customer's code, or by a co-ordinator with a reason",
  access: access('VIEW'),
  input: z
    .object({
      ticket_id: ticketId,
      /** The customer's closure code (the wire keeps the name `otp`). */
      otp: z
        .string({ error: 'Closure code must be text' })
        .trim()
        .regex(/^\d{6}$/, 'Closure code must be the 6 digits the customer received')
        .nullish(),
      reason: reason().nullish(),
      /**
       * For each part the technician holds for the ticket, how many were used; the rest go back
       * to the store (docs/inventory.md#parts-for-a-ticket). Required when parts are out.
       */
      parts_used: partsUsedSchema,
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!value.otp && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['otp'], message: 'Closure code is required' });
      }
      if (value.otp && value.reason) {
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Close with the closure code or with a reason, not both',
        });
      }
    }),
});

export const DiscardTicket = mutation<TicketAnswer>()({
  name: 'DiscardTicket',
  description: 'Cancels an active ticket (duplicate, invalid) with a reason',
  access: access('EDIT'),
  input: z.object({ ticket_id: ticketId, reason: reason() }).strict(),
});

/** A new ticket for the same customer, location and service, linked to the closed one. */
export const ReCreateTicket = mutation<TicketAnswer>()({
  name: 'ReCreateTicket',
  description: 'Creates a new ticket linked to a closed one (the problem came back)',
  access: raiseTicket,
  input: z.object({ ticket_id: ticketId, reason: reason() }).strict(),
});

export const MarkTicketAsFOC = mutation<TicketAnswer>()({
  name: 'MarkTicketAsFOC',
  description: 'Marks a ticket free of charge (or charged again), with a reason',
  access: access('EDIT'),
  input: z
    .object({
      ticket_id: ticketId,
      is_foc: z.boolean({ error: 'is_foc must be true or false' }),
      reason: reason(),
    })
    .strict(),
});

export const UpdateTicketVisit = mutation<TicketAnswer>()({
  name: 'UpdateTicketVisit',
  description: 'Changes the preferred visit date and time',
  access: access('VIEW'),
  input: z
    .object({
      ticket_id: ticketId,
      preferred_visit_date: isoDateSchema('Preferred visit date'),
      preferred_visit_time: optionalTimeOfDaySchema('Preferred visit time'),
    })
    .strict(),
});

export const UpdateTicketWarranty = mutation<TicketAnswer>()({
  name: 'UpdateTicketWarranty',
  description: 'Sets whether the ticket is under warranty',
  access: access('EDIT'),
  input: z
    .object({
      ticket_id: ticketId,
      under_warranty: z.boolean({ error: 'under_warranty must be true or false' }),
    })
    .strict(),
});

export const UpdateTicketServiceCharges = mutation<TicketAnswer>()({
  name: 'UpdateTicketServiceCharges',
  description: 'Sets the service charge of a ticket, in paise',
  access: access('EDIT'),
  input: z
    .object({
      ticket_id: ticketId,
      service_charge_paise: paiseSchema('Service charge', SERVICE_CHARGE_MAX_PAISE),
    })
    .strict(),
});

/** A note, a call or a photo on the ticket's timeline. */
export const TicketInteraction = mutation<ItemsData<TicketEvent>>()({
  name: 'TicketInteraction',
  description: 'Adds a note, a call summary or a photo to the ticket timeline',
  access: access('VIEW'),
  input: z
    .object({
      ticket_id: ticketId,
      kind: z.enum(INTERACTION_KINDS, { error: 'kind must be NOTE, CALL or PHOTO' }),
      text: optionalNote,
      /** For PHOTO: the key GenerateS3Url gave for the uploaded picture. */
      file_key: z.string().trim().max(300, 'file_key is not a stored file').nullish(),
      taken_at: takenAtSchema,
      action_id: actionIdSchema,
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.kind === 'PHOTO' && !value.file_key) {
        ctx.addIssue({ code: 'custom', path: ['file_key'], message: 'Attach the photo' });
      }
      if (value.kind !== 'PHOTO' && !value.text) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'Note is required' });
      }
    }),
});

// ---------------------------------------------------------------------------------------------
// Dashboard: in its own module (operations/dashboard.ts), which the shell loads without the rest.

export { OrganizationDashboard, type DashboardData } from './dashboard.ts';
