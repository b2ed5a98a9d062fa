import { and, asc, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type {
  WorkflowDecisionItem,
  WorkflowLevelState,
  WorkflowRequestDetails,
  WorkflowRequestItem,
} from '@fieldport/contract/operations/approvals';
import type { Db } from '../../db/client.ts';
import { workflowDecision, workflowRequest, workflowRequestLevel } from '../../db/schema/approvals.ts';
import { user } from '../../db/schema/identity.ts';
import type { Caller } from '../../platform/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { qualified } from '../../platform/lists.ts';
import {
  REQUEST_NOT_FOUND,
  currentDeciders,
  fallsBack,
  visibleRequests,
  workflowKindHooks,
} from '../../platform/workflow.ts';
import {
  approverNames,
  callerDecides,
  loadApproverRights,
  type ApproverRights,
} from '../../platform/workflow-approvers.ts';

/**
 * A request as the lists and answers show it (docs/approvals.md): one select, with its decisions
 * and whether the caller may decide it now computed in SQL for the page's rows only.
 */

/** A decision as json_build_object gives it (the time as PostgreSQL writes a timestamptz). */
type DecisionJson = Omit<WorkflowDecisionItem, 'decided_on'> & { decided_on: string };

export function requestSelect(rights: ApproverRights, caller: Caller) {
  const requestId = qualified(workflowRequest.id);
  const organizationId = qualified(workflowRequest.organization_id);
  return {
    id: workflowRequest.id,
    kind: workflowRequest.kind,
    record_id: workflowRequest.record_id,
    summary: workflowRequest.summary,
    state: workflowRequest.state,
    current_level: workflowRequest.current_level,
    level_count: workflowRequest.level_count,
    source: workflowRequest.source,
    requester_member_id: workflowRequest.requester_member_id,
    requester_user_id: workflowRequest.requester_user_id,
    requested_by_name: sql<string>`(select u.name from ${user} u where u.id = ${qualified(workflowRequest.requester_user_id)})`,
    withdraw_reason: workflowRequest.withdraw_reason,
    created_at: workflowRequest.created_at,
    updated_at: workflowRequest.updated_at,
    ended_at: workflowRequest.ended_at,
    decisions: sql<DecisionJson[] | string>`(select coalesce(json_agg(json_build_object(
        'decision_id', d.id, 'level', d.level, 'decision', d.decision, 'comment', d.comment,
        'decided_by_user_id', d.user_id, 'decided_by_name', u.name, 'decided_on', d.decided_at
      ) order by d.decided_at, d.id), '[]'::json)
      from ${workflowDecision} d join ${user} u on u.id = d.user_id
      where d.organization_id = ${organizationId} and d.request_id = ${requestId})`,
    can_decide: sql<boolean>`${callerDecides(rights, caller)}`,
  };
}

export type RequestRow = SelectResultFields<ReturnType<typeof requestSelect>>;

export function toRequestItem(row: RequestRow, caller: Caller): WorkflowRequestItem {
  const decisions = (
    typeof row.decisions === 'string' ? JSON.parse(row.decisions) : row.decisions
  ) as DecisionJson[];
  return {
    request_id: row.id,
    kind: row.kind,
    record_id: row.record_id,
    summary: row.summary,
    state: row.state,
    current_level: row.current_level,
    level_count: row.level_count,
    source: row.source,
    requested_by_user_id: row.requester_user_id,
    requested_by_name: row.requested_by_name,
    withdraw_reason: row.withdraw_reason,
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
    ended_on: row.ended_at?.toISOString() ?? null,
    decisions: decisions.map((decision) => ({
      ...decision,
      decided_on: new Date(decision.decided_on).toISOString(),
    })),
    can_decide: Boolean(row.can_decide),
    can_withdraw: row.state === 'PENDING' && row.requester_member_id === caller.membership.id,
  };
}

function levelState(item: WorkflowRequestItem, level: number): WorkflowLevelState {
  if (level < item.current_level) return 'APPROVED';
  if (level > item.current_level) return 'NOT_REACHED';
  return item.state === 'PENDING' ? 'CURRENT' : item.state;
}

/** One request the caller may see, with its levels, who it waits for and its record. */
export async function requestDetails(
  db: Db,
  caller: Caller,
  requestId: string,
): Promise<WorkflowRequestDetails> {
  const rights = await loadApproverRights(db, caller);
  const [row] = await db
    .select(requestSelect(rights, caller))
    .from(workflowRequest)
    .where(and(visibleRequests(caller), eq(workflowRequest.id, requestId)));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const item = toRequestItem(row, caller);

  const levels = await db
    .select()
    .from(workflowRequestLevel)
    .where(
      and(
        eq(workflowRequestLevel.organization_id, caller.organization.id),
        eq(workflowRequestLevel.request_id, row.id),
      ),
    )
    .orderBy(asc(workflowRequestLevel.level));
  const approversOf = await approverNames(db, caller, levels);

  const pending = item.state === 'PENDING';
  const deciders = pending ? await currentDeciders(db, rights, row) : [];
  const hooks = workflowKindHooks(item.kind);
  return {
    ...item,
    levels: levels.map((level) => ({
      level: level.level,
      rule: level.rule,
      state: levelState(item, level.level),
      ...approversOf(level),
    })),
    waiting_for: deciders.map(({ user_id, user_name, user_type, designation_name }) => ({
      user_id,
      user_name,
      user_type,
      designation_name,
    })),
    falls_back: pending ? await fallsBack(db, rights, row) : false,
    record: hooks ? await hooks.describe({ db, caller }, item.record_id) : null,
  };
}
