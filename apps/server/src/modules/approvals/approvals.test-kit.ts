import { afterAll, beforeAll } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DataOf, OperationDef } from '@fieldport/contract/operation';
import type { AccessModule } from '@fieldport/contract/operations/account';
import type { WorkflowKind, WorkflowRecordDescription } from '@fieldport/contract/operations/approvals';
import { ROLES, type Role } from '@fieldport/contract/roles';
import type { Db } from '../../db/client.ts';
import { workflowDecision, workflowRequest } from '../../db/schema/approvals.ts';
import { user } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { seedWorkflow } from '../../db/seed/approvals.ts';
import { grant, seedDesignation } from '../../db/seed/factories.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import type { Caller } from '../../platform/caller.ts';
import type { OperationContext } from '../../platform/handler.ts';
import {
  raiseRequest,
  swapWorkflowKindHooks,
  type RaiseRequestInput,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import { call, signIn, startTestApp, unique, type GraphqlAnswer, type TestApp } from '../../test/harness.ts';
import {
  addTestMember,
  seedTestOrganization,
  TEST_PASSWORD,
  type TestMember,
} from '../../test/organizations.ts';

/**
 * What the approvals tests share: an organization of the test's own with a member of every role,
 * the caller of a member as the server resolves it (to raise requests through the engine, as the
 * areas will), and a watcher of a kind's hooks.
 */

/** The caller a member's session would resolve to (graphql/caller.ts), without a session. */
export function callerOfMember(db: Db, membershipId: string): Promise<Caller> {
  return callerOfMembership(db, membershipId, 'test');
}

const testRequest = {
  ip: '127.0.0.1',
  log: { warn() {}, error() {}, info() {} },
} as unknown as FastifyRequest;

/**
 * Raises a request as a member the way an area's operation does: in a transaction, its mails sent
 * once it commits.
 */
export async function raiseAs(
  app: TestApp,
  who: TestMember,
  input: RaiseRequestInput,
): Promise<WorkflowRequestRow> {
  const db = app.database.db;
  const caller = await callerOfMember(db, who.membershipId);
  const tasks: ((committed: OperationContext) => Promise<void>)[] = [];
  const request = await db.transaction((tx) =>
    raiseRequest(
      {
        db: tx as unknown as Db,
        caller,
        mailer: app.mailer,
        request: testRequest,
        afterCommit: (task) => tasks.push(task),
      },
      input,
    ),
  );
  const committed = { db, caller, mailer: app.mailer, request: testRequest, afterCommit: () => {} };
  for (const task of tasks) await task(committed as unknown as OperationContext);
  return request;
}

export interface HookCall {
  hook: 'approved' | 'rejected' | 'withdrawn';
  request_id: string;
  record_id: string;
  state: string;
  /** Who made the request end. */
  by: string;
}

/**
 * Puts recording hooks in place of a kind's (docs/approvals.md#for-an-area-that-needs-approvals);
 * `fail` makes the next callback throw, to show that the decision is undone with it.
 */
export function watchWorkflowKind(kind: WorkflowKind) {
  const calls: HookCall[] = [];
  const state = { fail: null as Error | null };
  const record =
    (hook: HookCall['hook']) => async (context: { caller: Caller }, request: WorkflowRequestRow) => {
      if (state.fail) {
        const error = state.fail;
        state.fail = null;
        throw error;
      }
      calls.push({
        hook,
        request_id: request.id,
        record_id: request.record_id,
        state: request.state,
        by: context.caller.user.id,
      });
    };
  const restore = swapWorkflowKindHooks(kind, {
    describe: async (_context, recordId): Promise<WorkflowRecordDescription> => ({
      title: `Test record ${recordId}`,
      fields: [{ label: 'Record', value: recordId }],
    }),
    onApproved: record('approved'),
    onRejected: record('rejected'),
    onWithdrawn: record('withdrawn'),
  });
  return {
    calls,
    callsFor: (requestId: string) => calls.filter((entry) => entry.request_id === requestId),
    failNext(error: Error) {
      state.fail = error;
    },
    restore,
  };
}

/**
 * An organization of the test's own with one member of every role (designation roles share one
 * designation), and the helpers the approvals tests call.
 */
export async function approvalWorld(
  app: TestApp,
  options: { accessControl?: boolean; designationModules?: AccessModule[] } = {},
) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, {
    roles: [...ROLES],
    accessControl: options.accessControl,
    designationModules: options.designationModules,
  });
  const orgId = seeded.org.id;
  const cookies = new Map<string, string>();
  const cookieOf = async (who: TestMember) => {
    let cookie = cookies.get(who.email);
    if (!cookie) {
      cookie = await signIn(app, who.email, TEST_PASSWORD);
      cookies.set(who.email, cookie);
    }
    return cookie;
  };
  return {
    ...seeded,
    db,
    async as<Op extends OperationDef>(
      who: TestMember,
      op: Op,
      input: unknown,
    ): Promise<GraphqlAnswer<DataOf<Op>>> {
      return call(app, await cookieOf(who), op, input);
    },
    /** Calls an operation as a member and fails the test unless it succeeds. */
    async ok<Op extends OperationDef>(who: TestMember, op: Op, input: unknown): Promise<DataOf<Op>> {
      const answer = await call(app, await cookieOf(who), op, input);
      if (!answer.envelope) throw new Error(`${op.name} failed: ${JSON.stringify(answer.errors)}`);
      return answer.envelope.data;
    },
    /** One more member of the organization. */
    add: (role: Role, values: { designation_id?: string | null; party_id?: string | null } = {}) =>
      addTestMember(db, { organizationId: orgId, role, ...values }),
    /** A designation of the organization; by default every right on every approvals screen. */
    newDesignation: (name: string, modules: AccessModule[] = [grant('Approvals', APPROVAL_SCREENS)]) =>
      seedDesignation(db, {
        organization_id: orgId,
        name: `${name} ${unique('d')}`,
        accessing_module: modules,
      }),
    workflow: (kind: WorkflowKind, levels: Parameters<typeof seedWorkflow>[1]['levels']) =>
      seedWorkflow(db, { organization_id: orgId, kind, levels }),
    raise: (who: TestMember, input: Partial<RaiseRequestInput> = {}) =>
      raiseAs(app, who, {
        kind: 'PRODUCT_FLEET',
        record_id: unique('record'),
        summary: `Split AC ${unique('SN')}`,
        ...input,
      }),
    /** The request's decisions as stored, oldest first. */
    decisions: (requestId: string) =>
      db
        .select()
        .from(workflowDecision)
        .where(eq(workflowDecision.request_id, requestId))
        .orderBy(asc(workflowDecision.decided_at), asc(workflowDecision.id)),
    /** A member's name as people read it. */
    nameOf: async (who: TestMember) =>
      (await db.select({ name: user.name }).from(user).where(eq(user.id, who.userId)))[0].name,
    stored: async (requestId: string) =>
      (await db.select().from(workflowRequest).where(eq(workflowRequest.id, requestId)))[0],
    audited: (operation: string, target: string) =>
      db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.organization_id, orgId),
            eq(auditLog.operation, operation),
            eq(auditLog.target, target),
          ),
        )
        .orderBy(asc(auditLog.created_at), asc(auditLog.id)),
  };
}

export type ApprovalWorld = Awaited<ReturnType<typeof approvalWorld>>;

/** The approvals screens of the menus (menus.ts). */
export const APPROVAL_SCREENS = [
  'Component Approvals',
  'Payout Approvals',
  'Product Fleet Approvals',
  'Product Fleet Tagging Approval',
  'Quotation Approvals',
  'Product Replacement Approvals',
];

/**
 * A test file's app, with recording hooks (watchWorkflowKind) in place of the given kinds' hooks
 * while the file runs. Call at the top of the file.
 */
export function approvalsTestApp(...kinds: [WorkflowKind, ...WorkflowKind[]]) {
  let app: TestApp | undefined;
  const watchers = new Map<WorkflowKind, ReturnType<typeof watchWorkflowKind>>();
  beforeAll(async () => {
    app = await startTestApp();
    for (const kind of kinds) watchers.set(kind, watchWorkflowKind(kind));
  });
  afterAll(async () => {
    for (const watcher of watchers.values()) watcher.restore();
    await app?.close();
  });
  return {
    get app(): TestApp {
      if (!app) throw new Error('The test app starts in beforeAll.');
      return app;
    },
    /** The recorded hook calls of a watched kind (the first one given by default). */
    watched(kind: WorkflowKind = kinds[0]) {
      const watcher = watchers.get(kind);
      if (!watcher) throw new Error(`${kind} is not watched by this file.`);
      return watcher;
    },
  };
}
