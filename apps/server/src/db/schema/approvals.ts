import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  WorkflowDecision,
  WorkflowKind,
  WorkflowRequestSource,
  WorkflowRequestState,
  WorkflowRule,
} from '@fieldport/contract/operations/approvals';
import type { Role } from '@fieldport/contract/roles';
import { trigramIndex } from '../indexes.ts';
import { member, organization, user } from './identity.ts';
import { party } from './platform.ts';

// The one workflow engine for approvals (docs/approvals.md): workflows and their levels, the
// requests raised under them with the levels they were raised under, and every decision.

const timestamptz = () => timestamp({ withTimezone: true });
const organizationId = () =>
  text()
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });
/** A list of ids or roles; empty by default. */
const textList = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** An organization's workflow for one kind of approval; without one, the owner or an admin approves. */
export const workflow = pgTable(
  'workflow',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    kind: text().$type<WorkflowKind>().notNull(),
    updated_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamptz().notNull().defaultNow(),
    updated_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [uniqueIndex('workflow_org_kind_uq').on(table.organization_id, table.kind)],
);

/**
 * One level of a workflow, in `position` order (1 first). Its approvers are named by designation,
 * by person (user ids of members of the organization) and by role; `rule` says whether one of them
 * (ANY) or all of them (ALL) must approve.
 */
export const workflowLevel = pgTable(
  'workflow_level',
  {
    organization_id: organizationId(),
    workflow_id: text()
      .notNull()
      .references(() => workflow.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    rule: text().$type<WorkflowRule>().notNull(),
    designation_ids: textList(),
    user_ids: textList(),
    roles: textList().$type<Role[]>(),
  },
  (table) => [primaryKey({ columns: [table.organization_id, table.workflow_id, table.position] })],
);

/**
 * A request for approval of one record (`record_id` of the kind's area, `summary` as lists show
 * it). `current_level` is the level it waits at, or the one where it ended. The levels it follows
 * are its own copy (workflow_request_level), so that editing the workflow never changes a request
 * in flight.
 */
export const workflowRequest = pgTable(
  'workflow_request',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    kind: text().$type<WorkflowKind>().notNull(),
    record_id: text().notNull(),
    summary: text().notNull(),
    state: text().$type<WorkflowRequestState>().notNull().default('PENDING'),
    current_level: integer().notNull().default(1),
    level_count: integer().notNull(),
    /** WORKFLOW: the kind's workflow; DEFAULT: the kind had none, and the owner or an admin approves once. */
    source: text().$type<WorkflowRequestSource>().notNull(),
    requester_member_id: text()
      .notNull()
      .references(() => member.id),
    requester_user_id: text()
      .notNull()
      .references(() => user.id),
    /** The requester's party (a dealer's, a partner's), null for the organization's own people. */
    requester_party_id: text().references(() => party.id, { onDelete: 'set null' }),
    withdraw_reason: text(),
    created_at: timestamptz().notNull().defaultNow(),
    updated_at: timestamptz().notNull().defaultNow(),
    /** When it was approved, rejected or withdrawn. */
    ended_at: timestamptz(),
  },
  (table) => [
    // ListWorkFlows: by state (waiting for me: PENDING), by requester (mine), by kind, newest first.
    index('workflow_request_org_state_created_idx').on(
      table.organization_id,
      table.state,
      table.created_at,
      table.id,
    ),
    index('workflow_request_org_requester_idx').on(
      table.organization_id,
      table.requester_member_id,
      table.created_at,
    ),
    index('workflow_request_org_kind_created_idx').on(
      table.organization_id,
      table.kind,
      table.created_at,
      table.id,
    ),
    index('workflow_request_org_created_idx').on(table.organization_id, table.created_at, table.id),
    // A record waits for at most one approval of a kind at a time; its history keeps the rest.
    uniqueIndex('workflow_request_pending_record_uq')
      .on(table.organization_id, table.kind, table.record_id)
      .where(sql`${table.state} = 'PENDING'`),
    index('workflow_request_org_record_idx').on(table.organization_id, table.kind, table.record_id),
    trigramIndex('workflow_request_summary_trgm', table.summary),
  ],
);

/** The levels a request follows: the workflow's levels when it was raised (docs/approvals.md#levels). */
export const workflowRequestLevel = pgTable(
  'workflow_request_level',
  {
    organization_id: organizationId(),
    request_id: text()
      .notNull()
      .references(() => workflowRequest.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    rule: text().$type<WorkflowRule>().notNull(),
    designation_ids: textList(),
    user_ids: textList(),
    roles: textList().$type<Role[]>(),
  },
  (table) => [primaryKey({ columns: [table.organization_id, table.request_id, table.level] })],
);

/**
 * One approval or rejection of a request at a level. Nobody decides a level twice (the unique
 * index, under the request's row lock).
 */
export const workflowDecision = pgTable(
  'workflow_decision',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    request_id: text()
      .notNull()
      .references(() => workflowRequest.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    member_id: text()
      .notNull()
      .references(() => member.id),
    user_id: text()
      .notNull()
      .references(() => user.id),
    decision: text().$type<WorkflowDecision>().notNull(),
    comment: text(),
    decided_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workflow_decision_request_level_member_uq').on(
      table.organization_id,
      table.request_id,
      table.level,
      table.member_id,
    ),
  ],
);
