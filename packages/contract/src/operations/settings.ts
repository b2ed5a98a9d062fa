import { z } from 'zod';
import { emailSchema } from '../auth.ts';
import { paiseSchema } from '../fields.ts';
import type { RecordStatus } from '../lists.ts';
import { displayOrderSchema, idSchema, masterContract, nameSchema, namedMasterContract } from '../masters.ts';
import { ROLES, type Role } from '../roles.ts';
import { OPEN_TICKET_STATES, type OpenTicketState } from '../ticket-states.ts';
import { TICKET_PRIORITIES, type TicketPriority } from './tickets.ts';

/**
 * The settings masters (docs/product.md#masters). Each is declared by
 * `masterContract` / `namedMasterContract`; the destructured exports put their operations in the
 * catalogue.
 */

/** The ticket modules (operations/tickets.ts TICKET_MODULES): who works tickets reads their masters. */
const TICKET_READERS = ['Tickets', 'My Tickets', 'My Work'];

// ---------------------------------------------------------------------------------------------
// Masters that are only names.

export const problemDescriptions = namedMasterContract({
  prefix: 'problem_description',
  plural: 'ProblemDescriptions',
  singular: 'ProblemDescription',
  noun: 'problem description',
  module: 'Problem Description',
  // Chosen when a ticket is raised.
  readers: TICKET_READERS,
  maxLength: 200,
});
export const {
  list: ListProblemDescriptions,
  create: CreateProblemDescription,
  update: UpdateProblemDescription,
  activateOrDeactivate: ActivateOrDeactivateProblemDescription,
} = problemDescriptions;

export const closureRemarks = namedMasterContract({
  prefix: 'closure_remark',
  plural: 'ClosureRemarks',
  singular: 'ClosureRemark',
  noun: 'closure remark',
  module: 'Closure Remarks',
  // Chosen when a ticket is partially closed, also by the technician.
  readers: TICKET_READERS,
  maxLength: 200,
});
export const {
  list: ListClosureRemarks,
  create: CreateClosureRemark,
  update: UpdateClosureRemark,
  activateOrDeactivate: ActivateOrDeactivateClosureRemark,
} = closureRemarks;

export const productFleetStatuses = namedMasterContract({
  prefix: 'product_fleet_status',
  plural: 'ProductFleetStatuses',
  singular: 'ProductFleetStatus',
  noun: 'product fleet status',
  nounPlural: 'product fleet statuses',
  module: 'Product Fleet Status',
  readers: ['Product Fleet', 'Dealer Product Fleet', 'My Product Fleet'],
});
export const {
  list: ListProductFleetStatuses,
  create: CreateProductFleetStatus,
  update: UpdateProductFleetStatus,
  activateOrDeactivate: ActivateOrDeactivateProductFleetStatus,
} = productFleetStatuses;

// Customers are kept by staff, partners and dealers (docs/customers.md): their screens offer the
// categories, so those menus may read the list.
export const customerCategories = namedMasterContract({
  prefix: 'customer_category',
  plural: 'CustomerCategories',
  singular: 'CustomerCategory',
  noun: 'customer category',
  nounPlural: 'customer categories',
  module: 'Customer Category',
  readers: ['Customers', 'Dealer Customers', 'My Customers'],
});
export const {
  list: ListCustomerCategories,
  create: CreateCustomerCategory,
  update: UpdateCustomerCategory,
  activateOrDeactivate: ActivateOrDeactivateCustomerCategory,
} = customerCategories;

export const serviceTypes = namedMasterContract({
  prefix: 'service_type',
  plural: 'ServiceTypes',
  singular: 'ServiceType',
  noun: 'service type',
  module: 'Service Types',
  // A new ticket may name one of its service's types; a rate card may be for one.
  readers: ['Product Catalogue', 'Tickets', 'My Tickets', 'Cost Configuration'],
});
export const {
  list: ListServiceTypes,
  create: CreateServiceType,
  update: UpdateServiceType,
  activateOrDeactivate: ActivateOrDeactivateServiceType,
} = serviceTypes;

export const supportTypes = namedMasterContract({
  prefix: 'support_type',
  plural: 'SupportTypes',
  singular: 'SupportType',
  noun: 'support type',
  module: 'Support Types',
  readers: ['Product Catalogue'],
});
export const {
  list: ListSupportTypes,
  create: CreateSupportType,
  update: UpdateSupportType,
  activateOrDeactivate: ActivateOrDeactivateSupportType,
} = supportTypes;

export const territoryCategories = namedMasterContract({
  prefix: 'territory_category',
  plural: 'TerritoryCategories',
  singular: 'TerritoryCategory',
  noun: 'territory category',
  nounPlural: 'territory categories',
  module: 'Territory Categories',
  // A rate card may be for one.
  readers: ['Territories', 'Cost Configuration'],
});
export const {
  list: ListTerritoryCategories,
  create: CreateTerritoryCategory,
  update: UpdateTerritoryCategory,
  activateOrDeactivate: ActivateOrDeactivateTerritoryCategory,
} = territoryCategories;

// ---------------------------------------------------------------------------------------------
// WIP states and their sub-stages (docs/product.md#ticket-states: IN_PROGRESS carries a WIP
// sub-stage from the organization's list). Both are named, ordered and can be switched off.

export interface WipSubStageSummary {
  wip_sub_stage_id: string;
  wip_sub_stage_name: string;
  wip_sub_stage_order: number;
  wip_sub_stage_status: RecordStatus;
}

export interface WipStateItem {
  wip_state_id: string;
  wip_state_name: string;
  wip_state_order: number;
  wip_state_status: RecordStatus;
  wip_state_created_on: string;
  /** Its sub-stages in their order, active and inactive. */
  wip_sub_stages: WipSubStageSummary[];
}

export const wipStates = masterContract<WipStateItem>()({
  plural: 'WipStates',
  singular: 'WipState',
  noun: 'WIP state',
  module: 'WIP State',
  idKey: 'wip_state_id',
  statusKey: 'wip_state_status',
  nameKey: 'wip_state_name',
  fields: { wip_state_name: nameSchema('Name'), wip_state_order: displayOrderSchema() },
  sortBy: ['wip_state_order', 'wip_state_name', 'wip_state_status', 'wip_state_created_on'],
  defaultSortBy: 'wip_state_order',
});
export const {
  list: ListWipStates,
  create: CreateWipState,
  update: UpdateWipState,
  activateOrDeactivate: ActivateOrDeactivateWipState,
} = wipStates;

export interface WipSubStageItem extends WipSubStageSummary {
  wip_state_id: string;
  wip_state_name: string;
  wip_sub_stage_created_on: string;
}

export const wipSubStages = masterContract<WipSubStageItem>()({
  plural: 'WipSubStages',
  singular: 'WipSubStage',
  noun: 'WIP sub-stage',
  module: 'WIP State',
  // Chosen when work on a ticket is updated, also by the technician.
  readers: TICKET_READERS,
  idKey: 'wip_sub_stage_id',
  statusKey: 'wip_sub_stage_status',
  nameKey: 'wip_sub_stage_name',
  fields: {
    wip_state_id: idSchema('wip_state_id'),
    wip_sub_stage_name: nameSchema('Name'),
    wip_sub_stage_order: displayOrderSchema(),
  },
  sortBy: ['wip_sub_stage_order', 'wip_sub_stage_name', 'wip_sub_stage_status', 'wip_sub_stage_created_on'],
  defaultSortBy: 'wip_sub_stage_order',
  filters: { wip_state_id: idSchema('wip_state_id').optional() },
});
export const {
  list: ListWipSubStages,
  create: CreateWipSubStage,
  update: UpdateWipSubStage,
  activateOrDeactivate: ActivateOrDeactivateWipSubStage,
} = wipSubStages;

// ---------------------------------------------------------------------------------------------
// Additional parts: extras a technician may add to a ticket (a stand, a pipe, gas top-up), with a
// price in integer paise (docs/architecture.md#data); the form takes rupees.

/** ₹10,00,000.00: far above any additional part, low enough to catch a mistyped amount. */
const ADDITIONAL_PART_MAX_PRICE_PAISE = 100_000_000;

export interface AdditionalPartItem {
  additional_part_id: string;
  additional_part_name: string;
  part_code: string;
  /** Price in paise. */
  additional_part_price: number;
  additional_part_status: RecordStatus;
  additional_part_created_on: string;
}

export const additionalParts = masterContract<AdditionalPartItem>()({
  plural: 'AdditionalParts',
  singular: 'AdditionalPart',
  noun: 'additional part',
  module: 'Additional Parts',
  // Whoever works a ticket (co-ordinators, technicians) asks for them on the ticket's component
  // request (docs/inventory.md#parts-for-a-ticket). Not dealers' My Tickets: the prices are the
  // organization's.
  readers: ['Tickets', 'My Work', 'Quotations List'],
  idKey: 'additional_part_id',
  statusKey: 'additional_part_status',
  nameKey: 'additional_part_name',
  fields: {
    additional_part_name: nameSchema('Name'),
    part_code: z
      .string({ error: 'Part code is required' })
      .trim()
      .min(1, 'Part code is required')
      .max(40, 'Part code must be at most 40 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Part code may contain letters, digits and . _ / -')
      .toUpperCase(),
    additional_part_price: paiseSchema('Price', ADDITIONAL_PART_MAX_PRICE_PAISE),
  },
  sortBy: [
    'additional_part_name',
    'part_code',
    'additional_part_price',
    'additional_part_status',
    'additional_part_created_on',
  ],
  defaultSortBy: 'additional_part_name',
});
export const {
  list: ListAdditionalParts,
  create: CreateAdditionalPart,
  update: UpdateAdditionalPart,
  activateOrDeactivate: ActivateOrDeactivateAdditionalPart,
} = additionalParts;

// ---------------------------------------------------------------------------------------------
// Escalation notification rules (docs/escalations.md): when a ticket has stayed in a state for so
// many hours, tell these roles and addresses; a job fires each rule once per ticket and level.

const ESCALATION_MAX_HOURS = 720;
const ESCALATION_MAX_EMAILS = 10;
export const ESCALATION_LEVELS = [1, 2, 3] as const;

export interface EscalationNotificationItem {
  escalation_notification_id: string;
  escalation_notification_name: string;
  ticket_state: OpenTicketState;
  after_hours: number;
  level: number;
  /** Only tickets of this priority, category, territory; null: any. */
  priority: TicketPriority | null;
  category_id: string | null;
  category_name: string | null;
  territory_id: string | null;
  territory_name: string | null;
  notify_roles: Role[];
  notify_emails: string[];
  escalation_notification_status: RecordStatus;
  escalation_notification_created_on: string;
}

const hoursMessage = `After (hours) must be a whole number from 1 to ${ESCALATION_MAX_HOURS}`;

export const escalationNotifications = masterContract<EscalationNotificationItem>()({
  plural: 'EscalationNotifications',
  singular: 'EscalationNotification',
  noun: 'escalation notification',
  module: 'Escalation Notification',
  idKey: 'escalation_notification_id',
  statusKey: 'escalation_notification_status',
  nameKey: 'escalation_notification_name',
  fields: {
    escalation_notification_name: nameSchema('Name'),
    ticket_state: z.enum(OPEN_TICKET_STATES, {
      error: `Ticket state must be one of ${OPEN_TICKET_STATES.join(', ')}`,
    }),
    after_hours: z
      .number({ error: hoursMessage })
      .int(hoursMessage)
      .min(1, hoursMessage)
      .max(ESCALATION_MAX_HOURS, hoursMessage),
    level: z
      .number({ error: 'Level must be 1, 2 or 3' })
      .int('Level must be 1, 2 or 3')
      .min(1, 'Level must be 1, 2 or 3')
      .max(ESCALATION_LEVELS.length, 'Level must be 1, 2 or 3')
      .default(1),
    // '' is the form's "any", as null is the API's.
    priority: z
      .literal('')
      .transform(() => null)
      .or(z.enum(TICKET_PRIORITIES, { error: 'Priority must be LOW, MEDIUM, HIGH or URGENT' }).nullable())
      .default(null),
    category_id: z
      .literal('')
      .transform(() => null)
      .or(idSchema('Category').nullable())
      .default(null),
    territory_id: z
      .literal('')
      .transform(() => null)
      .or(idSchema('Territory').nullable())
      .default(null),
    notify_roles: z
      .array(z.enum(ROLES, { error: `Roles must be among ${ROLES.join(', ')}` }), {
        error: 'Notify roles must be a list of roles',
      })
      .max(ROLES.length, 'Choose each role once')
      .refine((roles) => new Set(roles).size === roles.length, 'Choose each role once')
      .default([]),
    notify_emails: z
      .array(emailSchema, { error: 'Notify emails must be a list of email addresses' })
      .max(ESCALATION_MAX_EMAILS, `At most ${ESCALATION_MAX_EMAILS} email addresses`)
      .refine((emails) => new Set(emails).size === emails.length, 'Enter each email address once')
      .default([]),
  },
  check: (values, ctx) => {
    if (values.notify_roles.length === 0 && values.notify_emails.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['notify_roles'],
        message: 'Choose at least one role or email address to notify',
      });
    }
  },
  sortBy: [
    'escalation_notification_name',
    'ticket_state',
    'after_hours',
    'level',
    'escalation_notification_status',
    'escalation_notification_created_on',
  ],
  defaultSortBy: 'escalation_notification_name',
  filters: {
    ticket_state: z
      .enum(OPEN_TICKET_STATES, { error: `ticket_state must be one of ${OPEN_TICKET_STATES.join(', ')}` })
      .optional(),
  },
});
export const {
  list: ListEscalationNotifications,
  create: CreateEscalationNotification,
  update: UpdateEscalationNotification,
  activateOrDeactivate: ActivateOrDeactivateEscalationNotification,
} = escalationNotifications;
