import { and, asc, eq } from 'drizzle-orm';
import { SaveWorkflowSettings, type WorkflowKind } from '@fieldport/contract/operations/approvals';
import { workflow, workflowDecision, workflowLevel, workflowRequest } from '../../db/schema/approvals.ts';
import { grant, seedDesignation } from '../../db/seed/factories.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { raiseAs, watchWorkflowKind } from './approvals.test-kit.ts';

// Approval requests and workflows of organization A for the walls of
// graphql/permission-matrix.test.ts. Requests are raised by A's dealer (its other dealer's users
// must be kept out) for a fleet item, a kind without a workflow here: A's owner decides them.

let watching = false;
/** The fleet kind's hooks, recorded in place of the fleet area's: these requests name no fleet item. */
function watchFleet() {
  if (watching) return;
  watchWorkflowKind('PRODUCT_FLEET');
  watching = true;
}

async function dealerRequest(world: FixtureWorld) {
  watchFleet();
  const summary = `Fixture fleet item ${unique('fx')}`;
  const request = await raiseAs(world.app, world.a.members.DEALER_OWNER, {
    kind: 'PRODUCT_FLEET',
    record_id: unique('record'),
    summary,
  });
  const state = async () => ({
    request: (await world.db.select().from(workflowRequest).where(eq(workflowRequest.id, request.id)))[0],
    decisions: await world.db
      .select()
      .from(workflowDecision)
      .where(eq(workflowDecision.request_id, request.id))
      .orderBy(asc(workflowDecision.id)),
  });
  return { request, summary, state };
}

/** A request of A's dealer: its id and summary must not reach an intruder. */
function aimedAtRequest(
  input: (request: { id: string }, summary: string) => Record<string, unknown>,
  rightful: Target['rightful'] = 'OWNER',
) {
  return {
    async arrange(world: FixtureWorld): Promise<Target> {
      const { request, summary, state } = await dealerRequest(world);
      return {
        input: input(request, summary),
        traces: [request.id, summary],
        state,
        owner: 'dealer',
        rightful,
      };
    },
  };
}

/** A designation of A (to name in a level), and A's saved levels of a kind. */
async function settingsOf(world: FixtureWorld, kind: WorkflowKind) {
  const named = await seedDesignation(world.db, {
    organization_id: world.a.org.id,
    name: `Fixture approvers ${unique('fx')}`,
    accessing_module: [grant('Approvals', ['Quotation Approvals'])],
  });
  const state = () =>
    world.db
      .select({ rule: workflowLevel.rule, designation_ids: workflowLevel.designation_ids })
      .from(workflowLevel)
      .innerJoin(workflow, eq(workflow.id, workflowLevel.workflow_id))
      .where(and(eq(workflow.organization_id, world.a.org.id), eq(workflow.kind, kind)))
      .orderBy(asc(workflowLevel.position));
  return { named, state };
}

export const approvalFixtures: FixtureRegistry = {
  ListWorkFlows: aimedAtRequest((_request, summary) => ({ view: 'ALL', search: summary })),
  GetWorkflowRequest: aimedAtRequest((request) => ({ request_id: request.id })),
  CheckUserForWorkflowApproval: aimedAtRequest((request) => ({ request_id: request.id })),
  DecideWorkflowRequest: aimedAtRequest((request) => ({
    request_id: request.id,
    level: 1,
    decision: 'APPROVE',
    comment: 'Fixture approval',
  })),
  WithdrawWorkflowRequest: aimedAtRequest((request) => ({ request_id: request.id }), 'DEALER_OWNER'),

  // A's workflow naming A's designation: another organization reads its own workflows only.
  ListWorkflowSettings: {
    async arrange(world) {
      const { named, state } = await settingsOf(world, 'PAYOUT');
      await world.asOwner(SaveWorkflowSettings, {
        kind: 'PAYOUT',
        levels: [{ rule: 'ALL', designation_ids: [named.id] }],
      });
      return { input: { kind: 'PAYOUT' }, traces: [named.id, named.name], state };
    },
  },
  PreviewWorkflowSettings: {
    async arrange(world) {
      const { named, state } = await settingsOf(world, 'FGR');
      return {
        input: { kind: 'FGR', levels: [{ rule: 'ANY', designation_ids: [named.id] }] },
        traces: [named.name],
        state,
      };
    },
  },
  SaveWorkflowSettings: {
    async arrange(world) {
      const { named, state } = await settingsOf(world, 'QUOTATION');
      return {
        input: { kind: 'QUOTATION', levels: [{ rule: 'ANY', designation_ids: [named.id] }] },
        traces: [named.id],
        state,
      };
    },
  },
  // A's staff: another organization's owner is offered their own people only.
  ListWorkflowApproverChoices: {
    async arrange(world) {
      const owner = world.a.members.OWNER;
      return {
        input: { search: owner.email.split('@')[0] },
        traces: [owner.userId],
        state: async () => null,
      };
    },
  },
};
