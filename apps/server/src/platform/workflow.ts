import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  WORKFLOW_FALLBACK_ROLES,
  WORKFLOW_KIND_LABELS,
  WORKFLOW_KIND_MODULES,
  WORKFLOW_KINDS,
  type WorkflowApprovalCheck,
  type WorkflowDecision,
  type WorkflowKind,
  type WorkflowRecordDescription,
  type WorkflowRefusal,
  type WorkflowRequestState,
  type WorkflowRule,
} from '@fieldport/contract/operations/approvals';
import { decideAccess } from '@fieldport/contract/permissions';
import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import {
  workflow,
  workflowDecision,
  workflowLevel,
  workflowRequest,
  workflowRequestLevel,
} from '../db/schema/approvals.ts';
import { member, user } from '../db/schema/identity.ts';
import { designation } from '../db/schema/platform.ts';
import { writeAudit } from './audit.ts';
import type { Caller } from './caller.ts';
import { badInput, conflict, forbidden, notFound } from './errors.ts';
import type { OperationContext } from './handler.ts';
import type { Mail } from './mail.ts';
import { inOrganization, userOfMember } from './tenant.ts';
import {
  currentDecider,
  loadApproverRights,
  memberRef,
  namedAtLevel,
  requestRef,
  undecidedNamedApproverExists,
  type ApproverRights,
} from './workflow-approvers.ts';

/**
 * The one workflow engine for approvals (docs/approvals.md). An area raises a request for one of
 * its records inside its own operation's transaction (`raiseRequest`); approvers decide it level by
 * level (`decide`); the requester may withdraw it while it is pending (`withdraw`). The area's
 * record changes only when the request ends, through the hooks the area registered for its kind
 * (`registerWorkflowKind`), in the transaction of the decision that ended it.
 */

export type WorkflowRequestRow = typeof workflowRequest.$inferSelect;

/** What the engine works with: an operation's context (its transaction, caller, mailer). */
export type WorkflowContext = Pick<OperationContext, 'db' | 'caller' | 'mailer' | 'afterCommit' | 'request'>;

// ---------------------------------------------------------------------------------------------
// The kinds' hooks

export interface WorkflowKindHooks {
  /** The record as an approver reads it (GetWorkflowRequest); null when the area no longer has it. */
  describe(
    context: Pick<WorkflowContext, 'db' | 'caller'>,
    recordId: string,
  ): Promise<WorkflowRecordDescription | null>;
  /** The request was approved at its last level: apply the record's change. */
  onApproved(context: WorkflowContext, request: WorkflowRequestRow, decision: EndingDecision): Promise<void>;
  /** The request was rejected: the record is refused (`decision.comment` says why). */
  onRejected(context: WorkflowContext, request: WorkflowRequestRow, decision: EndingDecision): Promise<void>;
  /** The requester withdrew the request; the record goes back to how it was before it was raised. */
  onWithdrawn?(context: WorkflowContext, request: WorkflowRequestRow): Promise<void>;
}

/** The decision that ended a request; its decider is the hook context's caller. */
export interface EndingDecision {
  level: number;
  comment: string | null;
}

const hooksByKind = new Map<WorkflowKind, WorkflowKindHooks>();

/**
 * An area says how its kind's records are described and changed. Called once per kind when the
 * area's module loads (the module's handlers file), so that every request raised has its hooks.
 */
export function registerWorkflowKind(kind: WorkflowKind, hooks: WorkflowKindHooks): void {
  if (hooksByKind.has(kind)) throw new Error(`Workflow kind ${kind} is registered twice`);
  hooksByKind.set(kind, hooks);
}

/**
 * Puts other hooks in place of a kind's (tests watch the callbacks of a kind this way); returns
 * the function that puts the previous ones back.
 */
export function swapWorkflowKindHooks(kind: WorkflowKind, hooks: WorkflowKindHooks): () => void {
  const previous = hooksByKind.get(kind);
  hooksByKind.set(kind, hooks);
  return () => {
    if (previous) hooksByKind.set(kind, previous);
    else hooksByKind.delete(kind);
  };
}

export function workflowKindHooks(kind: WorkflowKind): WorkflowKindHooks | undefined {
  return hooksByKind.get(kind);
}

function hooksOf(kind: WorkflowKind): WorkflowKindHooks {
  const hooks = hooksByKind.get(kind);
  // A programming error: an area raises requests of a kind it never registered.
  if (!hooks) throw new Error(`No area registered the workflow kind ${kind} (registerWorkflowKind)`);
  return hooks;
}

// ---------------------------------------------------------------------------------------------
// Messages

export const REQUEST_NOT_FOUND =
  'Approval request not found. It may not be yours to see; refresh the list and try again.';

const stateWords: Record<WorkflowRequestState, string> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  WITHDRAWN: 'withdrawn',
};

const decisionWords: Record<WorkflowDecision, string> = { APPROVE: 'approved', REJECT: 'rejected' };

/** 'A', 'A and B', 'A, B and C'. */
function names(list: string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Who may see a request

/** The kinds whose approvals screen the caller's menu shows: they see every request of those kinds. */
export function visibleKinds(caller: Caller): WorkflowKind[] {
  return WORKFLOW_KINDS.filter(
    (kind) =>
      decideAccess({ module: WORKFLOW_KIND_MODULES[kind], right: 'VIEW' }, caller.profile, caller.menu)
        .allowed,
  );
}

/**
 * The requests a caller may see: their own, and those of the kinds they see (docs/approvals.md#who-sees-what).
 * Partners' and dealers' users see only their own: no approvals screen is in their menus.
 */
export function visibleRequests(caller: Caller): SQL {
  const kinds = visibleKinds(caller);
  return and(
    inOrganization(workflowRequest, caller),
    or(
      eq(workflowRequest.requester_member_id, caller.membership.id),
      kinds.length ? inArray(workflowRequest.kind, kinds) : undefined,
    ),
  )!;
}

async function lockRequest(db: Db, caller: Caller, requestId: string): Promise<WorkflowRequestRow> {
  // Decisions on one request queue on its row: of two approvers deciding one level at once, the
  // second sees the first's decision (docs/approvals.md#two-decisions-at-once).
  const [row] = await db
    .select()
    .from(workflowRequest)
    .where(and(visibleRequests(caller), eq(workflowRequest.id, requestId)))
    .for('update');
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** The decisions taken at a level, by whom, oldest first. */
async function decisionsAt(db: Db, request: WorkflowRequestRow, level: number) {
  return db
    .select({ member_id: workflowDecision.member_id, name: user.name, decision: workflowDecision.decision })
    .from(workflowDecision)
    .innerJoin(user, eq(user.id, workflowDecision.user_id))
    .where(
      and(
        eq(workflowDecision.organization_id, request.organization_id),
        eq(workflowDecision.request_id, request.id),
        eq(workflowDecision.level, level),
      ),
    )
    .orderBy(asc(workflowDecision.decided_at), asc(workflowDecision.id));
}

/** The people who may decide the request's current level now (the fallback included), by name. */
export async function currentDeciders(
  db: Db,
  rights: ApproverRights,
  request: Pick<WorkflowRequestRow, 'id'>,
) {
  const rows = await db
    .select({
      member_id: member.id,
      user_id: user.id,
      user_name: user.name,
      email: user.email,
      user_type: member.role,
      designation_name: designation.name,
    })
    .from(member)
    .innerJoin(user, userOfMember())
    .innerJoin(workflowRequest, eq(workflowRequest.id, request.id))
    .leftJoin(
      designation,
      and(eq(designation.id, member.designation_id), eq(designation.organization_id, member.organizationId)),
    )
    .where(currentDecider(rights, memberRef(), requestRef()))
    .orderBy(asc(user.name), asc(user.id));
  return rows.map((row) => ({ ...row, user_type: row.user_type as Role }));
}

/** Whether the current level has no named approver left to decide it (the owner and admins do). */
export async function fallsBack(db: Db, rights: ApproverRights, request: Pick<WorkflowRequestRow, 'id'>) {
  const [row] = await db
    .select({ waiting: sql<boolean>`${undecidedNamedApproverExists(rights, requestRef())}` })
    .from(workflowRequest)
    .where(eq(workflowRequest.id, request.id));
  return row ? !row.waiting : false;
}

// ---------------------------------------------------------------------------------------------
// May the caller decide

interface DecisionCheck {
  may: boolean;
  code: WorkflowRefusal | null;
  reason: string | null;
}

/**
 * Whether the caller may decide the request now and, if not, why (CheckUserForWorkflowApproval,
 * and the refusals of `decide`).
 */
async function checkDecider(
  db: Db,
  caller: Caller,
  rights: ApproverRights,
  request: WorkflowRequestRow,
): Promise<DecisionCheck> {
  const refuse = (code: WorkflowRefusal, reason: string): DecisionCheck => ({ may: false, code, reason });
  const level = request.current_level;
  if (request.state !== 'PENDING') {
    return refuse('NOT_PENDING', `This request is already ${stateWords[request.state]}.`);
  }
  if (request.requester_member_id === caller.membership.id) {
    return refuse('REQUESTER', 'You raised this request: another approver must decide it.');
  }
  const mine = (await decisionsAt(db, request, level)).find((row) => row.member_id === caller.membership.id);
  if (mine) {
    return refuse(
      'ALREADY_DECIDED',
      `You already ${decisionWords[mine.decision]} this request at level ${level}.`,
    );
  }
  const deciders = await currentDeciders(db, rights, request);
  if (deciders.some((row) => row.member_id === caller.membership.id))
    return { may: true, code: null, reason: null };
  const [named] = await db
    .select({ named: sql<boolean>`true` })
    .from(member)
    .innerJoin(workflowRequest, eq(workflowRequest.id, request.id))
    .where(
      and(
        eq(member.id, caller.membership.id),
        // Named at the level, but without the right to approve its kind.
        namedAtLevel(memberRef(), requestRef()),
      ),
    );
  const screen = WORKFLOW_KIND_MODULES[request.kind];
  if (named) {
    return refuse(
      'NO_RIGHT',
      `You are an approver of level ${level}, but your role or designation does not have the Approve right on '${screen}'. Ask an administrator to grant it.`,
    );
  }
  const waiting = deciders.map((row) => row.user_name);
  return refuse(
    'NOT_AN_APPROVER',
    waiting.length
      ? `You are not an approver of level ${level} of this request: it waits for ${names(waiting)}.`
      : `You are not an approver of level ${level} of this request, and nobody can decide it now: an owner or admin other than the requester must.`,
  );
}

/** May the caller decide the request now, and why not (docs/approvals.md#who-approves). */
export async function mayDecide(db: Db, caller: Caller, requestId: string): Promise<WorkflowApprovalCheck> {
  const [request] = await db
    .select()
    .from(workflowRequest)
    .where(and(visibleRequests(caller), eq(workflowRequest.id, requestId)));
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  const check = await checkDecider(db, caller, await loadApproverRights(db, caller), request);
  return {
    request_id: request.id,
    state: request.state,
    current_level: request.current_level,
    may_decide: check.may,
    reason_code: check.code,
    reason: check.reason,
  };
}

// ---------------------------------------------------------------------------------------------
// Raise

export interface RaiseRequestInput {
  kind: WorkflowKind;
  /** The record of the area (a fleet item's id ...). */
  record_id: string;
  /** The record as lists and mails name it ('Split AC 1.5 t, serial SN-1234'); at most 200 characters. */
  summary: string;
}

const SUMMARY_MAX = 200;

interface LevelSnapshot {
  rule: WorkflowRule;
  designation_ids: string[];
  user_ids: string[];
  roles: Role[];
}

/** Without a workflow (or with no levels), one approval by the owner or an admin. */
const DEFAULT_LEVELS: LevelSnapshot[] = [
  { rule: 'ANY', designation_ids: [], user_ids: [], roles: [...WORKFLOW_FALLBACK_ROLES] },
];

/**
 * Raises a request for a record, in the caller's transaction: it copies the kind's levels as they
 * are now, waits at level 1 and mails its approvers once the transaction commits. A record waits
 * for one request of a kind at a time (CONFLICT otherwise).
 */
export async function raiseRequest(
  context: WorkflowContext,
  input: RaiseRequestInput,
): Promise<WorkflowRequestRow> {
  const { db, caller } = context;
  hooksOf(input.kind);
  const summary = input.summary.trim().replace(/\s+/g, ' ');
  if (!summary || !input.record_id) throw new Error('A workflow request needs a record and a summary');
  const label = WORKFLOW_KIND_LABELS[input.kind].toLowerCase();
  const alreadyPending = () =>
    conflict(
      `This ${label} already waits for approval. Wait for that decision, or withdraw that request first.`,
    );

  const [pending] = await db
    .select({ id: workflowRequest.id })
    .from(workflowRequest)
    .where(
      and(
        inOrganization(workflowRequest, caller),
        eq(workflowRequest.kind, input.kind),
        eq(workflowRequest.record_id, input.record_id),
        eq(workflowRequest.state, 'PENDING'),
      ),
    );
  if (pending) throw alreadyPending();

  const configured = await db
    .select({
      rule: workflowLevel.rule,
      designation_ids: workflowLevel.designation_ids,
      user_ids: workflowLevel.user_ids,
      roles: workflowLevel.roles,
    })
    .from(workflowLevel)
    .innerJoin(workflow, eq(workflow.id, workflowLevel.workflow_id))
    .where(and(inOrganization(workflow, caller), eq(workflow.kind, input.kind)))
    .orderBy(asc(workflowLevel.position));
  const levels: LevelSnapshot[] = configured.length ? configured : DEFAULT_LEVELS;

  const [request] = await db
    .insert(workflowRequest)
    .values({
      id: newId(),
      organization_id: caller.organization.id,
      kind: input.kind,
      record_id: input.record_id,
      summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary,
      state: 'PENDING',
      current_level: 1,
      level_count: levels.length,
      source: configured.length ? 'WORKFLOW' : 'DEFAULT',
      requester_member_id: caller.membership.id,
      requester_user_id: caller.user.id,
      requester_party_id: caller.party?.id ?? null,
    })
    // Two raises of one record at once: the pending-record index lets one in.
    .onConflictDoNothing()
    .returning();
  if (!request) throw alreadyPending();
  await db.insert(workflowRequestLevel).values(
    levels.map((level, index) => ({
      organization_id: caller.organization.id,
      request_id: request.id,
      level: index + 1,
      ...level,
    })),
  );
  await writeAudit(db, {
    organization_id: caller.organization.id,
    user_id: caller.user.id,
    user_email: caller.user.email,
    operation: 'RaiseWorkflowRequest',
    target: request.id,
    changes: {
      kind: request.kind,
      record_id: request.record_id,
      summary: request.summary,
      source: request.source,
      levels,
    },
    ip_address: context.request.ip,
  });
  await mailDeciders(context, await loadApproverRights(db, caller), request);
  return request;
}

// ---------------------------------------------------------------------------------------------
// Decide

export interface DecideInput {
  request_id: string;
  /** The level the person decided, as they saw it: a request that moved on is refused. */
  level: number;
  decision: WorkflowDecision;
  /** Required to reject (the contract says so; the engine refuses it too). */
  comment: string | null;
}

export interface DecideOutcome {
  request: WorkflowRequestRow;
  /** What the decision did: the level is still waiting (ALL), the next level, or the end. */
  effect: 'LEVEL_WAITING' | 'NEXT_LEVEL' | 'APPROVED' | 'REJECTED';
}

/**
 * Approves or rejects the request's current level as the caller (docs/approvals.md#levels):
 * REJECT ends it; APPROVE completes an ANY level, and an ALL level once no named approver is left
 * to approve it; the last level's completion approves the request. The request's row is locked
 * for the whole decision, so that two approvers deciding one level at once are decided one after
 * the other: the second is told the first's decision, and nothing of theirs is written.
 */
export async function decide(context: WorkflowContext, input: DecideInput): Promise<DecideOutcome> {
  const { db, caller } = context;
  if (input.decision === 'REJECT' && !input.comment?.trim()) {
    throw badInput('Comment is required to reject a request: say why', 'comment');
  }
  const request = await lockRequest(db, caller, input.request_id);
  const rights = await loadApproverRights(db, caller);

  if (request.state !== 'PENDING' || input.level !== request.current_level) {
    if (request.state === 'PENDING' && input.level > request.current_level) {
      throw badInput(
        `This request waits at level ${request.current_level}, not level ${input.level}.`,
        'level',
      );
    }
    const decided = await decisionsAt(db, request, input.level);
    const mine = decided.find((row) => row.member_id === caller.membership.id);
    const before = decided.filter((row) => row !== mine);
    const now =
      request.state === 'PENDING'
        ? `it now waits at level ${request.current_level}`
        : `it is ${stateWords[request.state]}`;
    if (mine) {
      throw conflict(
        `You already ${decisionWords[mine.decision]} this request at level ${input.level}: ${now}.`,
        'level',
      );
    }
    if (before.length) {
      const by = before.map((row) => `${row.name} (${decisionWords[row.decision]})`);
      throw conflict(
        `This request was already decided at level ${input.level} by ${names(by)}: ${now}.`,
        'level',
      );
    }
    if (request.state !== 'PENDING') throw conflict(`This request is already ${stateWords[request.state]}.`);
    throw conflict(
      `This request now waits at level ${request.current_level}, not level ${input.level}. Open it again to decide.`,
      'level',
    );
  }
  const check = await checkDecider(db, caller, rights, request);
  if (!check.may) {
    throw check.code === 'ALREADY_DECIDED' ? conflict(check.reason!) : forbidden(check.reason!);
  }

  const [decided] = await db
    .insert(workflowDecision)
    .values({
      id: newId(),
      organization_id: request.organization_id,
      request_id: request.id,
      level: request.current_level,
      member_id: caller.membership.id,
      user_id: caller.user.id,
      decision: input.decision,
      comment: input.comment?.trim() || null,
    })
    .onConflictDoNothing()
    .returning({ id: workflowDecision.id });
  if (!decided) throw conflict(`You already decided this request at level ${request.current_level}.`);

  const now = new Date();
  const update = (values: Partial<WorkflowRequestRow>) =>
    db
      .update(workflowRequest)
      .set({ ...values, updated_at: now })
      .where(
        and(eq(workflowRequest.organization_id, request.organization_id), eq(workflowRequest.id, request.id)),
      )
      .returning()
      .then(([row]) => row);

  const ending: EndingDecision = { level: request.current_level, comment: input.comment?.trim() || null };
  if (input.decision === 'REJECT') {
    const ended = await update({ state: 'REJECTED', ended_at: now });
    await hooksOf(ended.kind).onRejected(context, ended, ending);
    mailOutcome(context, ended, input.comment);
    return { request: ended, effect: 'REJECTED' };
  }

  const [level] = await db
    .select({ rule: workflowRequestLevel.rule })
    .from(workflowRequestLevel)
    .where(
      and(
        eq(workflowRequestLevel.organization_id, request.organization_id),
        eq(workflowRequestLevel.request_id, request.id),
        eq(workflowRequestLevel.level, request.current_level),
      ),
    );
  const complete = level.rule === 'ANY' || (await fallsBack(db, rights, request));
  if (!complete) return { request: await update({}), effect: 'LEVEL_WAITING' };
  if (request.current_level >= request.level_count) {
    const ended = await update({ state: 'APPROVED', ended_at: now });
    await hooksOf(ended.kind).onApproved(context, ended, ending);
    mailOutcome(context, ended, input.comment);
    return { request: ended, effect: 'APPROVED' };
  }
  const next = await update({ current_level: request.current_level + 1 });
  await mailDeciders(context, rights, next);
  return { request: next, effect: 'NEXT_LEVEL' };
}

// ---------------------------------------------------------------------------------------------
// Withdraw

/** The requester takes back their pending request; the kind's `onWithdrawn` puts the record back. */
export async function withdraw(
  context: WorkflowContext,
  input: { request_id: string; reason: string | null },
): Promise<WorkflowRequestRow> {
  const { db, caller } = context;
  const request = await lockRequest(db, caller, input.request_id);
  if (request.requester_member_id !== caller.membership.id) {
    throw forbidden('Only the person who raised this request may withdraw it.');
  }
  if (request.state !== 'PENDING') throw conflict(`This request is already ${stateWords[request.state]}.`);
  const now = new Date();
  const [ended] = await db
    .update(workflowRequest)
    .set({
      state: 'WITHDRAWN',
      withdraw_reason: input.reason?.trim() || null,
      ended_at: now,
      updated_at: now,
    })
    .where(
      and(eq(workflowRequest.organization_id, request.organization_id), eq(workflowRequest.id, request.id)),
    )
    .returning();
  await hooksOf(ended.kind).onWithdrawn?.(context, ended);
  return ended;
}

// ---------------------------------------------------------------------------------------------
// Mails (docs/approvals.md#mails): sent once the decision is committed, so that nobody waiting on
// the request's row waits for a mail server; a mail that fails is logged and in the outbox.

function sendAfterCommit(context: WorkflowContext, mails: Mail[]) {
  if (mails.length === 0) return;
  const organizationId = context.caller.organization.id;
  context.afterCommit(async (committed) => {
    for (const mail of mails) {
      try {
        await committed.mailer.send({ ...mail, organizationId }, committed.db);
      } catch (error) {
        committed.request.log.warn({ err: error }, 'approval notice not sent');
      }
    }
  });
}

/** To whoever may decide the request's current level now: it waits for them. */
async function mailDeciders(context: WorkflowContext, rights: ApproverRights, request: WorkflowRequestRow) {
  const deciders = await currentDeciders(context.db, rights, request);
  const label = WORKFLOW_KIND_LABELS[request.kind];
  const organizationName = context.caller.organization.name;
  const [requester] = await context.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, request.requester_user_id));
  sendAfterCommit(
    context,
    deciders.map((person) => ({
      to: person.email,
      subject: `Approval needed: ${label} ${request.summary}`,
      text: [
        `Dear ${person.user_name},`,
        '',
        `${requester?.name ?? 'A colleague'} asked for approval of ${label.toLowerCase()} "${request.summary}".`,
        `It waits for your decision at level ${request.current_level} of ${request.level_count}.`,
        `Open ${WORKFLOW_KIND_MODULES[request.kind]} in Fieldport to approve or reject it.`,
        '',
        organizationName,
      ].join('\n'),
    })),
  );
}

/** To the requester: approved or rejected, by whom, with the comment. */
function mailOutcome(context: WorkflowContext, request: WorkflowRequestRow, comment: string | null) {
  const { caller } = context;
  const label = WORKFLOW_KIND_LABELS[request.kind];
  const outcome = request.state === 'APPROVED' ? 'approved' : 'rejected';
  context.afterCommit(async (committed) => {
    const [requester] = await committed.db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, request.requester_user_id));
    if (!requester) return;
    try {
      await committed.mailer.send(
        {
          to: requester.email,
          subject: `Your approval request is ${outcome}: ${label} ${request.summary}`,
          organizationId: caller.organization.id,
          text: [
            `Dear ${requester.name},`,
            '',
            `Your request for approval of ${label.toLowerCase()} "${request.summary}" was ${outcome} by ${caller.user.name} at level ${request.current_level} of ${request.level_count}.`,
            ...(comment ? [`Comment: ${comment}`] : []),
            '',
            caller.organization.name,
          ].join('\n'),
        },
        committed.db,
      );
    } catch (error) {
      // Ids only in the log (docs/operations.md#logs).
      committed.request.log.warn(
        { err: error, workflow_request_id: request.id, to_user_id: request.requester_user_id },
        'approval notice not sent',
      );
    }
  });
}
