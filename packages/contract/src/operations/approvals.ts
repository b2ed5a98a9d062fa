import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import { DESIGNATION_ROLES, type Role } from '../roles.ts';

/**
 * Approvals: the one workflow engine every approval of the product goes through (docs/approvals.md).
 * An area (the product fleet, component requests, quotations ...) raises a request for one of its
 * records; the request climbs the levels of its kind's workflow and ends APPROVED, REJECTED or
 * WITHDRAWN; the area's record changes only then.
 *
 * Who may call: reading requests (ListWorkFlows, GetWorkflowRequest, CheckUserForWorkflowApproval)
 * and withdrawing one's own request are open to every member, because whoever raised a request (a
 * dealer's user too) follows it; the server shows each caller only the requests they raised, those
 * they may decide, and those of the kinds whose approvals screen their menu shows. Deciding needs
 * the APPROVE right on the kind's approvals screen and being an approver of the request's current
 * level. The workflows themselves are kept under Settings > Workflow Settings.
 */

// ---------------------------------------------------------------------------------------------
// Kinds, rules and states

/** What can be approved. PRODUCT_FLEET and FLEET_TAGGING first; the others are reserved for their areas. */
export const WORKFLOW_KINDS = [
  'PRODUCT_FLEET',
  'FLEET_TAGGING',
  'COMPONENT_REQUEST',
  'PURCHASE_ORDER',
  'QUOTATION',
  'FGR',
  'PAYOUT',
] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];

export const WORKFLOW_KIND_LABELS: Record<WorkflowKind, string> = {
  PRODUCT_FLEET: 'Product fleet item',
  FLEET_TAGGING: 'Product fleet tagging',
  COMPONENT_REQUEST: 'Component request',
  PURCHASE_ORDER: 'Purchase order',
  QUOTATION: 'Quotation',
  FGR: 'Product replacement',
  PAYOUT: 'Service partner payout',
};

/**
 * The menu item (menus.ts) of each kind's approvals screen. Its rights decide who sees a kind's
 * requests (VIEW) and who may decide them (APPROVE). Purchase orders have no approvals screen of
 * their own in the menus: they are approved from 'Purchase Orders'.
 */
export const WORKFLOW_KIND_MODULES: Record<WorkflowKind, string> = {
  PRODUCT_FLEET: 'Product Fleet Approvals',
  FLEET_TAGGING: 'Product Fleet Tagging Approval',
  COMPONENT_REQUEST: 'Component Approvals',
  PURCHASE_ORDER: 'Purchase Orders',
  QUOTATION: 'Quotation Approvals',
  FGR: 'Product Replacement Approvals',
  PAYOUT: 'Payout Approvals',
};

/** ANY: one approver's approval completes the level; ALL: every approver must approve. */
export const WORKFLOW_RULES = ['ANY', 'ALL'] as const;
export type WorkflowRule = (typeof WORKFLOW_RULES)[number];

export const WORKFLOW_REQUEST_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type WorkflowRequestState = (typeof WORKFLOW_REQUEST_STATES)[number];

export const WORKFLOW_DECISIONS = ['APPROVE', 'REJECT'] as const;
export type WorkflowDecision = (typeof WORKFLOW_DECISIONS)[number];

/** WORKFLOW: raised under the kind's workflow; DEFAULT: the kind had none (one owner or admin approval). */
export type WorkflowRequestSource = 'WORKFLOW' | 'DEFAULT';

/**
 * The roles a level may name. Partners' and dealers' users never approve (docs/approvals.md#who-approves),
 * and technicians and representatives have no approvals screen.
 */
export const WORKFLOW_APPROVER_ROLES: readonly Role[] = ['OWNER', 'ADMIN', ...DESIGNATION_ROLES];

/** The roles that decide a kind without a workflow, and a level whose approvers are all gone. */
export const WORKFLOW_FALLBACK_ROLES: readonly Role[] = ['OWNER', 'ADMIN'];

export const MAX_WORKFLOW_LEVELS = 10;
const MAX_APPROVERS_PER_LIST = 50;
const COMMENT_MAX = 1000;

/** Every approvals screen: DecideWorkflowRequest needs APPROVE on one of them. */
const APPROVAL_MODULES = [...new Set(Object.values(WORKFLOW_KIND_MODULES))];
const decideRequest: Access = { module: APPROVAL_MODULES, right: 'APPROVE' };
const anyMember: Access = { module: null };
const settingsAccess = (right: 'VIEW' | 'EDIT'): Access => ({ module: 'Workflow Settings', right });

// ---------------------------------------------------------------------------------------------
// Fields

const requestId = idSchema('request_id');

const kindSchema = z.enum(WORKFLOW_KINDS, { error: `kind must be one of ${WORKFLOW_KINDS.join(', ')}` });

const levelNumber = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 1 to ${MAX_WORKFLOW_LEVELS}` })
    .int(`${field} must be a whole number from 1 to ${MAX_WORKFLOW_LEVELS}`)
    .min(1, `${field} must be a whole number from 1 to ${MAX_WORKFLOW_LEVELS}`)
    .max(MAX_WORKFLOW_LEVELS, `${field} must be a whole number from 1 to ${MAX_WORKFLOW_LEVELS}`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** A list of distinct values, at most MAX_APPROVERS_PER_LIST. */
function distinctList<T extends z.ZodType<string>>(item: T, label: string) {
  return z
    .array(item, { error: `${label} must be a list` })
    .max(MAX_APPROVERS_PER_LIST, `${label} may name at most ${MAX_APPROVERS_PER_LIST}`)
    .refine((values) => new Set(values).size === values.length, `${label}: name each one once`)
    .default([]);
}

/** One level as Workflow Settings edits it: its approvers and its rule. */
export const workflowLevelSchema = z
  .object({
    rule: z.enum(WORKFLOW_RULES, { error: 'rule must be ANY or ALL' }),
    designation_ids: distinctList(idSchema('designation_ids'), 'Designations'),
    /** Members of the organization, by their user id (the id the people screens use). */
    user_ids: distinctList(idSchema('user_ids'), 'Users'),
    roles: distinctList(
      z.enum(WORKFLOW_APPROVER_ROLES as [Role, ...Role[]], {
        error: `roles must be among ${WORKFLOW_APPROVER_ROLES.join(', ')}`,
      }),
      'Roles',
    ),
  })
  .strict()
  .superRefine((level, ctx) => {
    if (level.designation_ids.length + level.user_ids.length + level.roles.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['designation_ids'],
        message: 'Name at least one approver for the level: a designation, a user or a role',
      });
    }
  });
export type WorkflowLevelInput = z.output<typeof workflowLevelSchema>;

/** A kind's levels in their order (level 1 first); none: the owner or an admin approves once. */
export const workflowSettingsSchema = z
  .object({
    kind: kindSchema,
    levels: z
      .array(workflowLevelSchema, { error: 'levels must be a list of levels' })
      .max(MAX_WORKFLOW_LEVELS, `A workflow has at most ${MAX_WORKFLOW_LEVELS} levels`),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Results

/** A member as the approvals screens name them. */
export interface WorkflowPerson {
  user_id: string;
  user_name: string;
  user_type: Role;
  designation_name: string | null;
}

export interface WorkflowDecisionItem {
  decision_id: string;
  level: number;
  decision: WorkflowDecision;
  comment: string | null;
  decided_by_user_id: string;
  decided_by_name: string;
  /** ISO 8601, UTC. */
  decided_on: string;
}

export interface WorkflowRequestItem {
  request_id: string;
  kind: WorkflowKind;
  /** The record of the kind's area the request is about (a fleet item's id ...). */
  record_id: string;
  /** The record as lists name it, fixed when the request was raised. */
  summary: string;
  state: WorkflowRequestState;
  /** The level it waits at; once ended, the level where it ended. */
  current_level: number;
  level_count: number;
  source: WorkflowRequestSource;
  requested_by_user_id: string;
  requested_by_name: string;
  withdraw_reason: string | null;
  created_on: string;
  updated_on: string;
  /** When it was approved, rejected or withdrawn. */
  ended_on: string | null;
  /** Every decision, oldest first. */
  decisions: WorkflowDecisionItem[];
  /** Whether the caller may approve or reject it now (CheckUserForWorkflowApproval says why not). */
  can_decide: boolean;
  /** Whether the caller may withdraw it: their own request, still pending. */
  can_withdraw: boolean;
}

/**
 * A level of a request: APPROVED and REJECTED once decided, CURRENT while it waits there,
 * NOT_REACHED before, WITHDRAWN where the requester withdrew it.
 */
export type WorkflowLevelState = 'APPROVED' | 'REJECTED' | 'CURRENT' | 'NOT_REACHED' | 'WITHDRAWN';

/** The approvers a level names, with their names as they are now. */
export interface WorkflowApprovers {
  designations: { designation_id: string; designation_name: string }[];
  users: { user_id: string; user_name: string }[];
  roles: Role[];
}

export interface WorkflowRequestLevelItem extends WorkflowApprovers {
  level: number;
  rule: WorkflowRule;
  state: WorkflowLevelState;
}

/** The record as its area describes it for the approver (the kind's `describe`). */
export interface WorkflowRecordDescription {
  title: string;
  fields: { label: string; value: string }[];
}

export interface WorkflowRequestDetails extends WorkflowRequestItem {
  /** The levels the request follows, as they were when it was raised. */
  levels: WorkflowRequestLevelItem[];
  /** Who may decide the current level now; empty once the request ended. */
  waiting_for: WorkflowPerson[];
  /** Nobody named at the current level can decide it: the owner and admins do (docs/approvals.md#who-approves). */
  falls_back: boolean;
  /** The record, as its area describes it; null when the area no longer knows it. */
  record: WorkflowRecordDescription | null;
}

/** Why a caller may not decide a request now. */
export const WORKFLOW_REFUSALS = [
  'NOT_PENDING',
  'REQUESTER',
  'ALREADY_DECIDED',
  'NO_RIGHT',
  'NOT_AN_APPROVER',
] as const;
export type WorkflowRefusal = (typeof WORKFLOW_REFUSALS)[number];

export interface WorkflowApprovalCheck {
  request_id: string;
  state: WorkflowRequestState;
  current_level: number;
  may_decide: boolean;
  /** Null when the caller may decide. */
  reason_code: WorkflowRefusal | null;
  /** What the person reads: why not, and what to do. Null when the caller may decide. */
  reason: string | null;
}

/** Who a level of a workflow resolves to now. */
export interface WorkflowLevelPreview {
  /** The active members who would approve a request at this level now (its requester aside). */
  approvers: WorkflowPerson[];
  /** Nobody named can approve: the owner and admins decide instead. */
  falls_back: boolean;
  /** Active members the level names who cannot approve, and why. */
  left_out: (WorkflowPerson & { reason: string })[];
}

export interface WorkflowSettingsLevel extends WorkflowApprovers {
  level: number;
  rule: WorkflowRule;
  designation_ids: string[];
  user_ids: string[];
  preview: WorkflowLevelPreview;
}

export interface WorkflowSettingsItem {
  kind: WorkflowKind;
  /** Empty: no workflow; a request needs one approval by the owner or an admin (`default_approvers`). */
  levels: WorkflowSettingsLevel[];
  /** Who approves a request of this kind without a workflow (the owner and admins); empty with levels. */
  default_approvers: WorkflowPerson[];
  updated_on: string | null;
  updated_by_name: string | null;
}

export interface WorkflowApproverChoices {
  /** The organization's active designations. */
  designations: { designation_id: string; designation_name: string }[];
  /** Active members of the organization's own staff who may be named, matching the search (at most 20). */
  users: WorkflowPerson[];
  roles: Role[];
}

// ---------------------------------------------------------------------------------------------
// Requests

export const WORKFLOW_VIEWS = ['WAITING_FOR_ME', 'MINE', 'ALL'] as const;
export type WorkflowView = (typeof WORKFLOW_VIEWS)[number];

export const WORKFLOW_SORT_KEYS = ['created_on', 'updated_on', 'kind', 'state'] as const;

/**
 * The requests waiting for the caller's decision, the caller's own, or all the caller may see (their
 * own, and every request of the kinds whose approvals screen their menu shows); by kind, state and
 * the days they were raised (organization's time zone). Searches the summary.
 */
export const ListWorkFlows = query<PageData<WorkflowRequestItem>>()({
  name: 'ListWorkFlows',
  description: 'A page of approval requests: waiting for me, mine or all I may see; by kind, state, date',
  access: anyMember,
  input: dateRangeInOrder(
    listInput({
      sortBy: WORKFLOW_SORT_KEYS,
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        view: z
          .enum(WORKFLOW_VIEWS, { error: `view must be one of ${WORKFLOW_VIEWS.join(', ')}` })
          .default('WAITING_FOR_ME'),
        kind: kindSchema.optional(),
        state: z
          .enum(WORKFLOW_REQUEST_STATES, {
            error: `state must be one of ${WORKFLOW_REQUEST_STATES.join(', ')}`,
          })
          .optional(),
        ...dateRangeFilter('created_from', 'created_to'),
      },
    }),
    'created_from',
    'created_to',
  ),
});

export const GetWorkflowRequest = query<ItemsData<WorkflowRequestDetails>>()({
  name: 'GetWorkflowRequest',
  description: 'One approval request with its levels, decisions, record and who it waits for',
  access: anyMember,
  input: z.object({ request_id: requestId }).strict(),
});

/** May the caller approve or reject this request now, and if not, why. */
export const CheckUserForWorkflowApproval = query<ItemsData<WorkflowApprovalCheck>>()({
  name: 'CheckUserForWorkflowApproval',
  description: 'Whether the caller may decide an approval request now, and why not',
  access: anyMember,
  input: z.object({ request_id: requestId }).strict(),
});

/**
 * Approves or rejects the request at `level`, the level the person saw: a request that moved on
 * meanwhile is refused (CONFLICT), so that a decision never lands on a level its maker did not see.
 */
export const DecideWorkflowRequest = mutation<ItemsData<WorkflowRequestDetails>>()({
  name: 'DecideWorkflowRequest',
  description: 'Approves or rejects an approval request at its current level (a comment to reject)',
  access: decideRequest,
  input: z
    .object({
      request_id: requestId,
      level: levelNumber('level'),
      decision: z.enum(WORKFLOW_DECISIONS, { error: 'decision must be APPROVE or REJECT' }),
      comment: optionalText('Comment', COMMENT_MAX),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.decision === 'REJECT' && !value.comment) {
        ctx.addIssue({
          code: 'custom',
          path: ['comment'],
          message: 'Comment is required to reject a request: say why',
        });
      }
    }),
});

/** The requester takes back a pending request. */
export const WithdrawWorkflowRequest = mutation<ItemsData<WorkflowRequestDetails>>()({
  name: 'WithdrawWorkflowRequest',
  description: 'The requester withdraws their pending approval request',
  access: anyMember,
  input: z.object({ request_id: requestId, reason: optionalText('Reason', 500) }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Workflow Settings

/** Every kind's workflow (or one kind's), with a preview of who approves each level now. */
export const ListWorkflowSettings = query<ItemsData<WorkflowSettingsItem>>()({
  name: 'ListWorkflowSettings',
  description: "The organization's workflows, per kind, with who approves each level now",
  access: settingsAccess('VIEW'),
  input: z.object({ kind: kindSchema.optional() }).strict(),
});

/** Who a kind's levels would resolve to, before they are saved (the editor's preview). */
export const PreviewWorkflowSettings = query<ItemsData<WorkflowSettingsItem>>()({
  name: 'PreviewWorkflowSettings',
  description: "Who would approve each level of a kind's workflow as edited, without saving it",
  access: settingsAccess('VIEW'),
  input: workflowSettingsSchema,
});

/** Replaces a kind's levels; requests already raised keep the levels they were raised under. */
export const SaveWorkflowSettings = mutation<ItemsData<WorkflowSettingsItem>>()({
  name: 'SaveWorkflowSettings',
  description: "Replaces a kind's workflow levels (none: the owner or an admin approves)",
  access: settingsAccess('EDIT'),
  input: workflowSettingsSchema,
});

/** What a level may name: designations, members of the staff (searched), roles. */
export const ListWorkflowApproverChoices = query<WorkflowApproverChoices>()({
  name: 'ListWorkflowApproverChoices',
  description: 'The designations, staff members and roles a workflow level may name',
  access: settingsAccess('VIEW'),
  input: z
    .object({
      search: z
        .string({ error: 'search must be text' })
        .trim()
        .max(100, 'search must be at most 100 characters')
        .default(''),
    })
    .strict(),
});
