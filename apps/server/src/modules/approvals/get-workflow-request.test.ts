import { describe, expect, it } from 'vitest';
import {
  CheckUserForWorkflowApproval,
  DecideWorkflowRequest,
  GetWorkflowRequest,
  type WorkflowRefusal,
} from '@fieldport/contract/operations/approvals';
import { moduleEntry } from '@fieldport/contract/permission-samples.test-kit';
import type { Role } from '@fieldport/contract/roles';
import { grant } from '../../db/seed/factories.ts';
import { approvalsTestApp, approvalWorld, type ApprovalWorld } from './approvals.test-kit.ts';

// CheckUserForWorkflowApproval (docs/approvals.md#who-approves): may this caller decide this request
// now, and why not, for every role; and GetWorkflowRequest's account of a request.

const suite = approvalsTestApp('PRODUCT_FLEET');

type Answer = WorkflowRefusal | 'MAY' | 'NOT_FOUND';

async function answersOf(world: ApprovalWorld, requestId: string): Promise<Partial<Record<Role, Answer>>> {
  const answers: Partial<Record<Role, Answer>> = {};
  for (const [role, who] of Object.entries(world.members) as [Role, (typeof world.members)[Role]][]) {
    const answer = await world.as(who, CheckUserForWorkflowApproval, { request_id: requestId });
    if (answer.errors) answers[role] = answer.errors[0].extensions?.code as Answer;
    else {
      const [check] = answer.envelope!.data.items;
      answers[role] = check.may_decide ? 'MAY' : check.reason_code!;
    }
  }
  return answers;
}

// Roles whose menu has no approvals screen see only requests they raised.
const WITHOUT_APPROVALS = {
  NSM: 'NOT_FOUND',
  RSM: 'NOT_FOUND',
  SERVICE_PARTNER: 'NOT_FOUND',
  PARTNER_AGENT: 'NOT_FOUND',
  DEALER_AGENT: 'NOT_FOUND',
  TECHNICIAN: 'NOT_FOUND',
  REPRESENTATIVE: 'NOT_FOUND',
} as const;

// Access control on: the designation shows the fleet approvals screen but does not give Approve.
const viewOnly = [
  moduleEntry('Approvals', { VIEW: true }, [moduleEntry('Product Fleet Approvals', { VIEW: true })]),
];

// Every role asks, several times over: more than the default 30 s on a busy machine.
describe('CheckUserForWorkflowApproval for each role', { timeout: 120_000 }, () => {
  it('answers for a kind without a workflow: the owner and admins may decide', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.DEALER_OWNER);
    expect(await answersOf(world, request.id)).toEqual({
      OWNER: 'MAY',
      ADMIN: 'MAY',
      MANAGEMENT: 'NOT_AN_APPROVER',
      MANAGER: 'NOT_AN_APPROVER',
      AGENT: 'NOT_AN_APPROVER',
      STORE_MANAGER: 'NOT_AN_APPROVER',
      DEALER_OWNER: 'REQUESTER',
      ...WITHOUT_APPROVALS,
    });
    const check = await world.ok(world.members.AGENT, CheckUserForWorkflowApproval, {
      request_id: request.id,
    });
    const [admin, owner] = [await world.nameOf(world.members.ADMIN), await world.nameOf(world.members.OWNER)];
    expect(check.items[0]).toEqual({
      request_id: request.id,
      state: 'PENDING',
      current_level: 1,
      may_decide: false,
      reason_code: 'NOT_AN_APPROVER',
      reason: `You are not an approver of level 1 of this request: it waits for ${[admin, owner].sort().join(' and ')}.`,
    });
    const own = await world.ok(world.members.DEALER_OWNER, CheckUserForWorkflowApproval, {
      request_id: request.id,
    });
    expect(own.items[0].reason).toBe('You raised this request: another approver must decide it.');
  });

  it('follows the levels: the named roles, then who already decided, then the end', async () => {
    const world = await approvalWorld(suite.app);
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ALL', roles: ['MANAGER', 'STORE_MANAGER'] },
      { rule: 'ANY', roles: ['AGENT'] },
    ]);
    const request = await world.raise(world.members.DEALER_OWNER);
    expect(await answersOf(world, request.id)).toMatchObject({
      OWNER: 'NOT_AN_APPROVER',
      ADMIN: 'NOT_AN_APPROVER',
      MANAGER: 'MAY',
      STORE_MANAGER: 'MAY',
      AGENT: 'NOT_AN_APPROVER',
    });
    await world.ok(world.members.MANAGER, DecideWorkflowRequest, {
      request_id: request.id,
      level: 1,
      decision: 'APPROVE',
    });
    expect(await answersOf(world, request.id)).toMatchObject({
      MANAGER: 'ALREADY_DECIDED',
      STORE_MANAGER: 'MAY',
      AGENT: 'NOT_AN_APPROVER',
    });
    const check = await world.ok(world.members.MANAGER, CheckUserForWorkflowApproval, {
      request_id: request.id,
    });
    expect(check.items[0].reason).toBe('You already approved this request at level 1.');
    await world.ok(world.members.STORE_MANAGER, DecideWorkflowRequest, {
      request_id: request.id,
      level: 1,
      decision: 'APPROVE',
    });
    expect(await answersOf(world, request.id)).toMatchObject({
      MANAGER: 'NOT_AN_APPROVER',
      STORE_MANAGER: 'NOT_AN_APPROVER',
      AGENT: 'MAY',
      DEALER_OWNER: 'REQUESTER',
    });
    await world.ok(world.members.AGENT, DecideWorkflowRequest, {
      request_id: request.id,
      level: 2,
      decision: 'APPROVE',
    });
    expect(await answersOf(world, request.id)).toEqual({
      OWNER: 'NOT_PENDING',
      ADMIN: 'NOT_PENDING',
      MANAGEMENT: 'NOT_PENDING',
      MANAGER: 'NOT_PENDING',
      AGENT: 'NOT_PENDING',
      STORE_MANAGER: 'NOT_PENDING',
      DEALER_OWNER: 'NOT_PENDING',
      ...WITHOUT_APPROVALS,
    });
  });

  it('tells a named approver without the Approve right why', async () => {
    const world = await approvalWorld(suite.app, { accessControl: true, designationModules: viewOnly });
    const approvers = await world.newDesignation('Approvers', [
      grant('Approvals', ['Product Fleet Approvals']),
    ]);
    const able = await world.add('MANAGER', { designation_id: approvers.id });
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ANY', roles: ['MANAGER'] }]);
    const request = await world.raise(world.members.AGENT);

    const named = await world.ok(world.members.MANAGER, CheckUserForWorkflowApproval, {
      request_id: request.id,
    });
    expect(named.items[0]).toMatchObject({
      may_decide: false,
      reason_code: 'NO_RIGHT',
      reason:
        "You are an approver of level 1, but your role or designation does not have the Approve right on 'Product Fleet Approvals'. Ask an administrator to grant it.",
    });
    expect(
      (await world.ok(able, CheckUserForWorkflowApproval, { request_id: request.id })).items[0].may_decide,
    ).toBe(true);
    expect(
      (await world.ok(world.members.OWNER, CheckUserForWorkflowApproval, { request_id: request.id })).items[0]
        .reason_code,
    ).toBe('NOT_AN_APPROVER');
  });

  it('lets the owner decide when nobody the level names has the Approve right', async () => {
    const lone = await approvalWorld(suite.app, { accessControl: true, designationModules: viewOnly });
    await lone.workflow('PRODUCT_FLEET', [{ rule: 'ANY', roles: ['MANAGER'] }]);
    const stranded = await lone.raise(lone.members.AGENT);
    expect(
      (await lone.ok(lone.members.OWNER, CheckUserForWorkflowApproval, { request_id: stranded.id })).items[0]
        .may_decide,
    ).toBe(true);
    const details = await lone.ok(lone.members.OWNER, GetWorkflowRequest, { request_id: stranded.id });
    expect(details.items[0]).toMatchObject({ falls_back: true, can_decide: true });
  });
});

describe('GetWorkflowRequest', () => {
  it('shows the levels as raised, the record as its area describes it, and who it waits for', async () => {
    const world = await approvalWorld(suite.app);
    const managers = await world.newDesignation('Fleet Managers');
    const manager = await world.add('MANAGER', { designation_id: managers.id });
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ANY', designation_ids: [managers.id], user_ids: [world.members.STORE_MANAGER.userId] },
      { rule: 'ALL', roles: ['OWNER', 'ADMIN'] },
    ]);
    const request = await world.raise(world.members.DEALER_OWNER, { summary: '  Washing   machine  WM-7 ' });
    const details = (await world.ok(world.members.OWNER, GetWorkflowRequest, { request_id: request.id }))
      .items[0];
    expect(details).toMatchObject({
      request_id: request.id,
      kind: 'PRODUCT_FLEET',
      summary: 'Washing machine WM-7',
      state: 'PENDING',
      current_level: 1,
      level_count: 2,
      requested_by_user_id: world.members.DEALER_OWNER.userId,
      requested_by_name: await world.nameOf(world.members.DEALER_OWNER),
      can_decide: false,
      can_withdraw: false,
      falls_back: false,
      decisions: [],
      record: {
        title: `Test record ${request.record_id}`,
        fields: [{ label: 'Record', value: request.record_id }],
      },
    });
    expect(details.levels).toEqual([
      {
        level: 1,
        rule: 'ANY',
        state: 'CURRENT',
        designations: [{ designation_id: managers.id, designation_name: managers.name }],
        users: [
          {
            user_id: world.members.STORE_MANAGER.userId,
            user_name: await world.nameOf(world.members.STORE_MANAGER),
          },
        ],
        roles: [],
      },
      { level: 2, rule: 'ALL', state: 'NOT_REACHED', designations: [], users: [], roles: ['OWNER', 'ADMIN'] },
    ]);
    expect(details.waiting_for.map((person) => person.user_id).sort()).toEqual(
      [manager.userId, world.members.STORE_MANAGER.userId].sort(),
    );
    const mine = (await world.ok(world.members.DEALER_OWNER, GetWorkflowRequest, { request_id: request.id }))
      .items[0];
    expect(mine).toMatchObject({ can_withdraw: true, can_decide: false });
    const bad = await world.as(world.members.OWNER, GetWorkflowRequest, { request_id: '' });
    expect(bad.errors?.[0]).toMatchObject({
      message: 'request_id is required',
      extensions: { code: 'BAD_USER_INPUT', field: 'request_id' },
    });
  });
});
