import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DecideWorkflowRequest,
  GetWorkflowRequest,
  ListWorkflowApproverChoices,
  ListWorkflowSettings,
  PreviewWorkflowSettings,
  SaveWorkflowSettings,
  WORKFLOW_KINDS,
} from '@fieldport/contract/operations/approvals';
import { moduleEntry } from '@fieldport/contract/permission-samples.test-kit';
import { member } from '../../db/schema/identity.ts';
import { designation } from '../../db/schema/platform.ts';
import { seedDemoWorkflows } from '../../db/seed/approvals.ts';
import { approvalsTestApp, approvalWorld } from './approvals.test-kit.ts';

// Workflow Settings (docs/approvals.md#workflow-settings): each kind's levels, who approves them,
// and what a change does to the requests already raised.

const suite = approvalsTestApp('PRODUCT_FLEET');

const sortedIds = (people: { user_id: string }[]) => people.map((person) => person.user_id).sort();

describe('reading and saving a workflow', () => {
  it('lists every kind, without a workflow the owner and admins approving', async () => {
    const world = await approvalWorld(suite.app);
    const settings = await world.ok(world.members.OWNER, ListWorkflowSettings, {});
    expect(settings.items.map((item) => item.kind)).toEqual([...WORKFLOW_KINDS]);
    for (const item of settings.items) {
      expect(item.levels).toEqual([]);
      expect(sortedIds(item.default_approvers)).toEqual(
        [world.members.OWNER.userId, world.members.ADMIN.userId].sort(),
      );
    }
  });

  it('saves levels, previews who approves each, audits the change, and removes them again', async () => {
    const world = await approvalWorld(suite.app);
    const approvers = await world.newDesignation('Fleet approvers');
    const holder = await world.add('MANAGER', { designation_id: approvers.id });
    const input = {
      kind: 'PRODUCT_FLEET',
      levels: [
        { rule: 'ANY', designation_ids: [approvers.id] },
        { rule: 'ALL', user_ids: [world.members.AGENT.userId], roles: ['STORE_MANAGER'] },
      ],
    };
    const saved = await world.as(world.members.ADMIN, SaveWorkflowSettings, input);
    expect(saved.envelope?.status_message).toBe('Workflow saved: 2 levels');
    const [item] = saved.envelope!.data.items;
    expect(item).toMatchObject({
      kind: 'PRODUCT_FLEET',
      default_approvers: [],
      updated_by_name: await world.nameOf(world.members.ADMIN),
    });
    expect(item.levels[0]).toMatchObject({
      level: 1,
      rule: 'ANY',
      designation_ids: [approvers.id],
      designations: [{ designation_id: approvers.id, designation_name: approvers.name }],
      preview: { falls_back: false, left_out: [] },
    });
    expect(sortedIds(item.levels[0].preview.approvers)).toEqual([holder.userId]);
    expect(item.levels[1]).toMatchObject({
      level: 2,
      rule: 'ALL',
      users: [{ user_id: world.members.AGENT.userId, user_name: await world.nameOf(world.members.AGENT) }],
      roles: ['STORE_MANAGER'],
    });
    expect(sortedIds(item.levels[1].preview.approvers)).toEqual(
      [world.members.AGENT.userId, world.members.STORE_MANAGER.userId].sort(),
    );
    const listed = await world.ok(world.members.OWNER, ListWorkflowSettings, { kind: 'PRODUCT_FLEET' });
    expect(listed.items).toEqual([item]);
    const [entry] = await world.audited('SaveWorkflowSettings', 'PRODUCT_FLEET');
    expect(entry.changes).toMatchObject({ kind: 'PRODUCT_FLEET', before: [], after: input.levels });

    const removed = await world.as(world.members.OWNER, SaveWorkflowSettings, {
      kind: 'PRODUCT_FLEET',
      levels: [],
    });
    expect(removed.envelope?.status_message).toBe('Workflow removed: the owner or an admin approves');
    expect(removed.envelope?.data.items[0]).toMatchObject({
      levels: [],
      updated_by_name: await world.nameOf(world.members.OWNER),
    });
    expect(removed.envelope?.data.items[0].default_approvers).toHaveLength(2);
  });

  it('previews without saving, and shows who a level leaves out and the fallback', async () => {
    // Access control on: the world's designation shows nothing of the approvals.
    const world = await approvalWorld(suite.app, { accessControl: true });
    const preview = await world.ok(world.members.OWNER, PreviewWorkflowSettings, {
      kind: 'QUOTATION',
      levels: [{ rule: 'ANY', roles: ['MANAGER'] }],
    });
    const [level] = preview.items[0].levels;
    expect(level.preview.falls_back).toBe(true);
    expect(sortedIds(level.preview.approvers)).toEqual(
      [world.members.OWNER.userId, world.members.ADMIN.userId].sort(),
    );
    expect(level.preview.left_out).toEqual([
      expect.objectContaining({
        user_id: world.members.MANAGER.userId,
        reason: `MANAGER (${world.designation.name}) does not have the Approve right on 'Quotation Approvals'`,
      }),
    ]);
    // Nothing was saved.
    const listed = await world.ok(world.members.OWNER, ListWorkflowSettings, { kind: 'QUOTATION' });
    expect(listed.items[0]).toMatchObject({ levels: [], updated_on: null });
  });

  it('keeps a request in flight on the levels it was raised under', async () => {
    const world = await approvalWorld(suite.app);
    await world.ok(world.members.OWNER, SaveWorkflowSettings, {
      kind: 'PRODUCT_FLEET',
      levels: [{ rule: 'ANY', roles: ['MANAGER'] }],
    });
    const before = await world.raise(world.members.DEALER_OWNER);
    await world.ok(world.members.OWNER, SaveWorkflowSettings, {
      kind: 'PRODUCT_FLEET',
      levels: [
        { rule: 'ANY', roles: ['AGENT'] },
        { rule: 'ANY', roles: ['OWNER'] },
      ],
    });
    const after = await world.raise(world.members.DEALER_OWNER);
    const read = async (id: string) =>
      (await world.ok(world.members.OWNER, GetWorkflowRequest, { request_id: id })).items[0];
    expect((await read(before.id)).levels.map((level) => level.roles)).toEqual([['MANAGER']]);
    expect((await read(after.id)).levels.map((level) => level.roles)).toEqual([['AGENT'], ['OWNER']]);
    // The manager still decides the old request, and it ends at its one level.
    const decided = await world.ok(world.members.MANAGER, DecideWorkflowRequest, {
      request_id: before.id,
      level: 1,
      decision: 'APPROVE',
    });
    expect(decided.items[0].state).toBe('APPROVED');
  });
});

describe('what a level may name', () => {
  it('refuses bad levels naming the field, and writes nothing', async () => {
    const world = await approvalWorld(suite.app);
    const dealerUser = world.members.DEALER_OWNER;
    const gone = await world.newDesignation('Gone');
    await world.db.update(designation).set({ status: 'INACTIVE' }).where(eq(designation.id, gone.id));
    const left = await world.add('AGENT', { designation_id: world.designation.id });
    await world.db.update(member).set({ status: 'INACTIVE' }).where(eq(member.id, left.membershipId));
    const level = (values: Record<string, unknown>) => ({ rule: 'ANY', ...values });
    const cases: [unknown[], string, string][] = [
      [
        [level({})],
        'levels.0.designation_ids',
        'levels.0.designation_ids: Name at least one approver for the level: a designation, a user or a role',
      ],
      [
        [level({ roles: ['TECHNICIAN'] })],
        'levels.0.roles.0',
        'levels.0.roles.0: roles must be among OWNER, ADMIN, MANAGEMENT, NSM, RSM, MANAGER, AGENT, STORE_MANAGER',
      ],
      [[level({ roles: ['OWNER', 'OWNER'] })], 'levels.0.roles', 'levels.0.roles: Roles: name each one once'],
      [
        [level({ roles: ['OWNER'] }), { roles: ['ADMIN'] }],
        'levels.1.rule',
        'levels.1.rule: rule must be ANY or ALL',
      ],
      [
        Array.from({ length: 11 }, () => level({ roles: ['OWNER'] })),
        'levels',
        'A workflow has at most 10 levels',
      ],
      [
        [level({ roles: ['OWNER'] }), level({ designation_ids: ['no-such-designation'] })],
        'levels.1.designation_ids',
        'A designation was not found. Choose from the list.',
      ],
      [
        [level({ designation_ids: [gone.id] })],
        'levels.0.designation_ids',
        `Designation '${gone.name}' is inactive. Activate it first or leave it out.`,
      ],
      [
        [level({ user_ids: [dealerUser.userId] })],
        'levels.0.user_ids',
        `${await world.nameOf(dealerUser)} works for a service partner or dealer: their users do not approve. Choose a member of your own staff.`,
      ],
      [
        [level({ user_ids: [world.members.TECHNICIAN.userId] })],
        'levels.0.user_ids',
        `${await world.nameOf(world.members.TECHNICIAN)} is a TECHNICIAN: only the owner, admins and staff with a designation approve.`,
      ],
      [
        [level({ user_ids: [left.userId] })],
        'levels.0.user_ids',
        `${await world.nameOf(left)} is not an active member. Activate them first or leave them out.`,
      ],
    ];
    for (const [levels, field, message] of cases) {
      const answer = await world.as(world.members.OWNER, SaveWorkflowSettings, {
        kind: 'PRODUCT_FLEET',
        levels,
      });
      expect(answer.errors?.[0], field).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
    // A user of another organization is no member of this one.
    const other = await approvalWorld(suite.app);
    const foreign = await world.as(world.members.OWNER, SaveWorkflowSettings, {
      kind: 'PRODUCT_FLEET',
      levels: [level({ user_ids: [other.members.MANAGER.userId] })],
    });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'A user of level 1 is not a member of the organization. Choose from the list.',
      extensions: { field: 'levels.0.user_ids' },
    });
    const listed = await world.ok(world.members.OWNER, ListWorkflowSettings, { kind: 'PRODUCT_FLEET' });
    expect(listed.items[0]).toMatchObject({ levels: [], updated_on: null });
    expect(await world.audited('SaveWorkflowSettings', 'PRODUCT_FLEET')).toEqual([]);
  });

  it('offers the active designations, the staff who may be named (searched) and the roles', async () => {
    const world = await approvalWorld(suite.app);
    const choices = await world.ok(world.members.OWNER, ListWorkflowApproverChoices, {});
    expect(choices.designations).toEqual([
      { designation_id: world.designation.id, designation_name: world.designation.name },
    ]);
    expect(sortedIds(choices.users)).toEqual(
      sortedIds(
        (['OWNER', 'ADMIN', 'MANAGEMENT', 'NSM', 'RSM', 'MANAGER', 'AGENT', 'STORE_MANAGER'] as const).map(
          (role) => ({
            user_id: world.members[role].userId,
          }),
        ),
      ),
    );
    expect(choices.roles).toEqual([
      'OWNER',
      'ADMIN',
      'MANAGEMENT',
      'NSM',
      'RSM',
      'MANAGER',
      'AGENT',
      'STORE_MANAGER',
    ]);
    const searched = await world.ok(world.members.OWNER, ListWorkflowApproverChoices, {
      search: world.members.STORE_MANAGER.email.split('@')[0],
    });
    expect(sortedIds(searched.users)).toEqual([world.members.STORE_MANAGER.userId]);
  });

  it('is for whoever has Workflow Settings: others are refused', async () => {
    const world = await approvalWorld(suite.app, {
      accessControl: true,
      designationModules: [
        moduleEntry('Settings', { VIEW: true }, [moduleEntry('Workflow Settings', { VIEW: true })]),
      ],
    });
    expect((await world.as(world.members.MANAGER, ListWorkflowSettings, {})).errors).toBeUndefined();
    const save = await world.as(world.members.MANAGER, SaveWorkflowSettings, { kind: 'PAYOUT', levels: [] });
    expect(save.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await world.as(world.members.DEALER_OWNER, ListWorkflowSettings, {})).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
  });
});

describe('the demo workflow', () => {
  it('approves fleet items by a service manager, then the owner or an admin', async () => {
    const world = await approvalWorld(suite.app);
    const serviceManagers = await world.newDesignation('Service Manager');
    const manager = await world.add('MANAGER', { designation_id: serviceManagers.id });
    await seedDemoWorkflows(world.db, {
      organization_id: world.org.id,
      serviceManagerDesignationId: serviceManagers.id,
      updated_by: world.members.OWNER.userId,
    });
    const [item] = (await world.ok(world.members.OWNER, ListWorkflowSettings, { kind: 'PRODUCT_FLEET' }))
      .items;
    expect(
      item.levels.map((level) => [
        level.rule,
        level.designations.map((d) => d.designation_name),
        level.roles,
      ]),
    ).toEqual([
      ['ANY', [serviceManagers.name], []],
      ['ANY', [], ['OWNER', 'ADMIN']],
    ]);
    expect(sortedIds(item.levels[0].preview.approvers)).toEqual([manager.userId]);
    expect(item.updated_by_name).toBe(await world.nameOf(world.members.OWNER));
  });
});
