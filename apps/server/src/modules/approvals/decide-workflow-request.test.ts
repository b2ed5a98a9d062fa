import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CheckUserForWorkflowApproval,
  DecideWorkflowRequest,
  GetWorkflowRequest,
  WithdrawWorkflowRequest,
} from '@fieldport/contract/operations/approvals';
import { member } from '../../db/schema/identity.ts';
import { conflict } from '../../platform/errors.ts';
import { mailsTo } from '../../test/harness.ts';
import { approvalsTestApp, approvalWorld } from './approvals.test-kit.ts';

// docs/approvals.md: levels (ANY, ALL), the end of a request, who may decide, two decisions at once.

const suite = approvalsTestApp('PRODUCT_FLEET');

const approve = (request_id: string, level: number, comment: string | null = null) => ({
  request_id,
  level,
  decision: 'APPROVE',
  comment,
});
const reject = (request_id: string, level: number, comment: string | null) => ({
  request_id,
  level,
  decision: 'REJECT',
  comment,
});

describe('levels', () => {
  it('climbs ANY, then ALL, then ANY level by level to APPROVED, calling the approved hook once', async () => {
    const world = await approvalWorld(suite.app);
    const managers = await world.newDesignation('Service Manager');
    const m1 = await world.add('MANAGER', { designation_id: managers.id });
    const m2 = await world.add('MANAGER', { designation_id: managers.id });
    const a1 = await world.add('AGENT', { designation_id: world.designation.id });
    const a2 = await world.add('AGENT', { designation_id: world.designation.id });
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ANY', designation_ids: [managers.id] },
      { rule: 'ALL', user_ids: [a1.userId, a2.userId] },
      { rule: 'ANY', roles: ['OWNER'] },
    ]);
    // A dealer's user adds a fleet item: it waits for approval.
    const requester = world.members.DEALER_OWNER;
    const request = await world.raise(requester, { summary: 'Split AC 1.5 t, serial SN-100' });
    expect(request).toMatchObject({ state: 'PENDING', current_level: 1, level_count: 3, source: 'WORKFLOW' });
    // Level 1's approvers are told; level 2's not yet.
    expect((await mailsTo(suite.app, m1.email)).map((mail) => mail.subject)).toEqual([
      'Approval needed: Product fleet item Split AC 1.5 t, serial SN-100',
    ]);
    expect(await mailsTo(suite.app, a1.email)).toEqual([]);

    const first = await world.ok(m1, DecideWorkflowRequest, approve(request.id, 1));
    expect(first.items[0]).toMatchObject({ state: 'PENDING', current_level: 2 });
    // The other manager saw level 1 too: told who decided it, and nothing of theirs is kept.
    const late = await world.as(m2, DecideWorkflowRequest, approve(request.id, 1));
    expect(late.errors?.[0]).toMatchObject({
      message: `This request was already decided at level 1 by ${await world.nameOf(m1)} (approved): it now waits at level 2.`,
      extensions: { code: 'CONFLICT', field: 'level' },
    });
    const again = await world.as(m1, DecideWorkflowRequest, approve(request.id, 1));
    expect(again.errors?.[0]).toMatchObject({
      message: 'You already approved this request at level 1: it now waits at level 2.',
      extensions: { code: 'CONFLICT', field: 'level' },
    });
    expect(await mailsTo(suite.app, a1.email)).toHaveLength(1);

    // ALL: the level waits for both agents; one may not approve twice.
    const half = await world.as(a1, DecideWorkflowRequest, approve(request.id, 2, 'Serial checked'));
    expect(half.envelope?.status_message).toBe('Approved. Level 2 waits for its other approvers.');
    expect(half.envelope?.data.items[0]).toMatchObject({
      state: 'PENDING',
      current_level: 2,
      can_decide: false,
    });
    expect(half.envelope?.data.items[0].waiting_for.map((person) => person.user_id)).toEqual([a2.userId]);
    const twice = await world.as(a1, DecideWorkflowRequest, approve(request.id, 2));
    expect(twice.errors?.[0]).toMatchObject({
      message: 'You already approved this request at level 2.',
      extensions: { code: 'CONFLICT' },
    });
    await world.ok(a2, DecideWorkflowRequest, approve(request.id, 2));
    expect((await world.stored(request.id)).current_level).toBe(3);
    expect(suite.watched().callsFor(request.id)).toEqual([]);

    const last = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 3));
    expect(last.envelope?.status_message).toBe('Approved. The request is approved.');
    const details = last.envelope!.data.items[0];
    expect(details).toMatchObject({ state: 'APPROVED', current_level: 3, ended_on: expect.any(String) });
    expect(details.levels.map((level) => [level.level, level.rule, level.state])).toEqual([
      [1, 'ANY', 'APPROVED'],
      [2, 'ALL', 'APPROVED'],
      [3, 'ANY', 'APPROVED'],
    ]);
    expect(
      details.decisions.map((decision) => [decision.level, decision.decided_by_user_id, decision.comment]),
    ).toEqual([
      [1, m1.userId, null],
      [2, a1.userId, 'Serial checked'],
      [2, a2.userId, null],
      [3, world.members.OWNER.userId, null],
    ]);
    // The record changes once, when the request ends, in the deciding owner's name.
    expect(suite.watched().callsFor(request.id)).toEqual([
      expect.objectContaining({ hook: 'approved', state: 'APPROVED', by: world.members.OWNER.userId }),
    ]);
    expect((await mailsTo(suite.app, requester.email)).map((mail) => mail.subject)).toEqual([
      'Your approval request is approved: Product fleet item Split AC 1.5 t, serial SN-100',
    ]);
    // Raised, and each decision, in the audit log.
    expect(await world.audited('RaiseWorkflowRequest', request.id)).toHaveLength(1);
    expect(await world.audited('DecideWorkflowRequest', request.id)).toHaveLength(4);
  });

  it('ends REJECTED at any level, with the comment, calling the rejected hook once', async () => {
    const world = await approvalWorld(suite.app);
    const requester = world.members.AGENT;
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ANY', roles: ['MANAGER'] },
      { rule: 'ANY', roles: ['ADMIN'] },
    ]);
    const request = await world.raise(requester);
    await world.ok(world.members.MANAGER, DecideWorkflowRequest, approve(request.id, 1));

    const withoutComment = await world.as(
      world.members.ADMIN,
      DecideWorkflowRequest,
      reject(request.id, 2, ' '),
    );
    expect(withoutComment.errors?.[0]).toMatchObject({
      message: 'comment: Comment is required to reject a request: say why',
      extensions: { code: 'BAD_USER_INPUT', field: 'comment' },
    });
    const rejected = await world.ok(
      world.members.ADMIN,
      DecideWorkflowRequest,
      reject(request.id, 2, 'The invoice does not match the serial'),
    );
    expect(rejected.items[0]).toMatchObject({ state: 'REJECTED', current_level: 2, can_decide: false });
    expect(rejected.items[0].levels.map((level) => level.state)).toEqual(['APPROVED', 'REJECTED']);
    expect(suite.watched().callsFor(request.id)).toEqual([expect.objectContaining({ hook: 'rejected' })]);
    const [outcome] = await mailsTo(suite.app, requester.email);
    expect(outcome.subject).toMatch(/^Your approval request is rejected/);
    expect(outcome.body_text).toContain('Comment: The invoice does not match the serial');

    // Nothing more is decided on an ended request.
    const after = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 2));
    expect(after.errors?.[0]).toMatchObject({
      message: `This request was already decided at level 2 by ${await world.nameOf(world.members.ADMIN)} (rejected): it is rejected.`,
      extensions: { code: 'CONFLICT' },
    });
    expect(await world.decisions(request.id)).toHaveLength(2);
  });

  it('rejects at level 1 without ever reaching level 2', async () => {
    const world = await approvalWorld(suite.app);
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ALL', roles: ['MANAGER', 'STORE_MANAGER'] },
      { rule: 'ANY', roles: ['OWNER'] },
    ]);
    const request = await world.raise(world.members.AGENT);
    await world.ok(world.members.STORE_MANAGER, DecideWorkflowRequest, approve(request.id, 1));
    const rejected = await world.ok(
      world.members.MANAGER,
      DecideWorkflowRequest,
      reject(request.id, 1, 'Duplicate'),
    );
    expect(rejected.items[0].levels.map((level) => level.state)).toEqual(['REJECTED', 'NOT_REACHED']);
    expect(await mailsTo(suite.app, world.members.OWNER.email)).toEqual([]);
    expect(
      suite
        .watched()
        .callsFor(request.id)
        .map((entry) => entry.hook),
    ).toEqual(['rejected']);
  });

  it('undoes the decision when the kind refuses the change, and keeps the request pending', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.AGENT);
    suite.watched().failNext(conflict('The fleet item changed meanwhile: open it again.'));
    const refused = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 1));
    expect(refused.errors?.[0]).toMatchObject({
      message: 'The fleet item changed meanwhile: open it again.',
      extensions: { code: 'CONFLICT' },
    });
    expect(await world.stored(request.id)).toMatchObject({ state: 'PENDING', ended_at: null });
    expect(await world.decisions(request.id)).toEqual([]);
    expect(await world.audited('DecideWorkflowRequest', request.id)).toEqual([]);
    expect(await mailsTo(suite.app, world.members.AGENT.email)).toEqual([]);
  });
});

describe('who may decide', () => {
  it('refuses a wrong approver on the server and writes nothing', async () => {
    const world = await approvalWorld(suite.app);
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ANY', roles: ['MANAGER'] }]);
    const request = await world.raise(world.members.DEALER_OWNER);
    // Staff who see the request but are not named.
    for (const who of [world.members.AGENT, world.members.OWNER]) {
      const answer = await world.as(who, DecideWorkflowRequest, approve(request.id, 1));
      expect(answer.errors?.[0]).toMatchObject({
        message: `You are not an approver of level 1 of this request: it waits for ${await world.nameOf(world.members.MANAGER)}.`,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    // Roles without an approvals screen are refused by the operation's right.
    for (const who of [world.members.TECHNICIAN, world.members.DEALER_AGENT, world.members.SERVICE_PARTNER]) {
      const answer = await world.as(who, DecideWorkflowRequest, approve(request.id, 1));
      expect(answer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await world.decisions(request.id)).toEqual([]);
    expect(await world.audited('DecideWorkflowRequest', request.id)).toEqual([]);
    expect(await world.stored(request.id)).toMatchObject({ state: 'PENDING', current_level: 1 });
  });

  it('never lets the requester approve their own request, even when the level names them', async () => {
    const world = await approvalWorld(suite.app);
    const other = await world.add('MANAGER', { designation_id: world.designation.id });
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ALL', roles: ['MANAGER'] }]);
    const request = await world.raise(world.members.MANAGER);
    const own = await world.as(world.members.MANAGER, DecideWorkflowRequest, approve(request.id, 1));
    expect(own.errors?.[0]).toMatchObject({
      message: 'You raised this request: another approver must decide it.',
      extensions: { code: 'FORBIDDEN' },
    });
    // ALL counts the named approvers other than the requester: the other manager completes it.
    const approved = await world.ok(other, DecideWorkflowRequest, approve(request.id, 1));
    expect(approved.items[0].state).toBe('APPROVED');
  });

  it('lets the owner or an admin approve once a kind without a workflow', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.ADMIN, { kind: 'PRODUCT_FLEET' });
    expect(request).toMatchObject({ source: 'DEFAULT', level_count: 1 });
    const details = await world.ok(world.members.OWNER, GetWorkflowRequest, { request_id: request.id });
    expect(details.items[0].levels).toEqual([
      expect.objectContaining({ level: 1, rule: 'ANY', roles: ['OWNER', 'ADMIN'], state: 'CURRENT' }),
    ]);
    // The requesting admin is left out; the owner alone is waited for.
    expect(details.items[0].waiting_for.map((person) => person.user_id)).toEqual([
      world.members.OWNER.userId,
    ]);
    const manager = await world.as(world.members.MANAGER, DecideWorkflowRequest, approve(request.id, 1));
    expect(manager.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const approved = await world.ok(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 1));
    expect(approved.items[0].state).toBe('APPROVED');
    expect(
      suite
        .watched()
        .callsFor(request.id)
        .map((entry) => entry.hook),
    ).toEqual(['approved']);
  });

  it('falls back to the owner and admins when a level names nobody who can approve', async () => {
    const world = await approvalWorld(suite.app);
    const empty = await world.newDesignation('Nobody holds it');
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ALL', designation_ids: [empty.id] }]);
    const request = await world.raise(world.members.AGENT);
    const details = (await world.ok(world.members.ADMIN, GetWorkflowRequest, { request_id: request.id }))
      .items[0];
    expect(details.falls_back).toBe(true);
    expect(details.waiting_for.map((person) => person.user_type).sort()).toEqual(['ADMIN', 'OWNER']);
    expect(await mailsTo(suite.app, world.members.OWNER.email)).toHaveLength(1);
    const approved = await world.ok(world.members.ADMIN, DecideWorkflowRequest, approve(request.id, 1));
    expect(approved.items[0].state).toBe('APPROVED');
  });

  it('falls back when the last undecided approver of an ALL level leaves', async () => {
    const world = await approvalWorld(suite.app);
    const leaving = await world.add('STORE_MANAGER', { designation_id: world.designation.id });
    await world.workflow('PRODUCT_FLEET', [
      { rule: 'ALL', user_ids: [world.members.MANAGER.userId, leaving.userId] },
    ]);
    const request = await world.raise(world.members.AGENT);
    await world.ok(world.members.MANAGER, DecideWorkflowRequest, approve(request.id, 1));
    await world.db.update(member).set({ status: 'INACTIVE' }).where(eq(member.id, leaving.membershipId));
    const approved = await world.ok(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 1));
    expect(approved.items[0].state).toBe('APPROVED');
  });

  it('refuses a decision for a level the request has not reached, naming the field', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.AGENT);
    const ahead = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 2));
    expect(ahead.errors?.[0]).toMatchObject({
      message: 'This request waits at level 1, not level 2.',
      extensions: { code: 'BAD_USER_INPUT', field: 'level' },
    });
    const zero = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 0));
    expect(zero.errors?.[0]).toMatchObject({
      message: 'level must be a whole number from 1 to 10',
      extensions: { code: 'BAD_USER_INPUT', field: 'level' },
    });
    const decision = await world.as(world.members.OWNER, DecideWorkflowRequest, {
      ...approve(request.id, 1),
      decision: 'MAYBE',
    });
    expect(decision.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'decision' } });
  });
});

describe('two decisions at once', () => {
  it('counts exactly one of two approvers deciding an ANY level at the same moment', async () => {
    const world = await approvalWorld(suite.app);
    const first = await world.add('MANAGER', { designation_id: world.designation.id });
    const second = await world.add('MANAGER', { designation_id: world.designation.id });
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ANY', user_ids: [first.userId, second.userId] }]);
    const request = await world.raise(world.members.AGENT);
    // Both may decide (and are signed in) before they decide at once.
    for (const who of [first, second]) {
      const check = await world.ok(who, CheckUserForWorkflowApproval, { request_id: request.id });
      expect(check.items[0].may_decide).toBe(true);
    }
    // Each call is its own operation and transaction (on PostgreSQL, its own connection).
    const answers = await Promise.all(
      [first, second].map((who) => world.as(who, DecideWorkflowRequest, approve(request.id, 1, 'OK'))),
    );
    const won = answers.filter((answer) => answer.envelope);
    const lost = answers.filter((answer) => answer.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = answers[0].envelope ? first : second;
    expect(lost[0].errors?.[0]).toMatchObject({
      message: `This request was already decided at level 1 by ${await world.nameOf(winner)} (approved): it is approved.`,
      extensions: { code: 'CONFLICT' },
    });
    expect((await world.decisions(request.id)).map((row) => row.member_id)).toEqual([winner.membershipId]);
    expect(suite.watched().callsFor(request.id)).toHaveLength(1);
    expect(await world.audited('DecideWorkflowRequest', request.id)).toHaveLength(1);
    expect(await mailsTo(suite.app, world.members.AGENT.email)).toHaveLength(1);
  });

  it('counts both approvers of an ALL level deciding at once', async () => {
    const world = await approvalWorld(suite.app);
    const first = await world.add('MANAGER', { designation_id: world.designation.id });
    const second = await world.add('MANAGER', { designation_id: world.designation.id });
    await world.workflow('PRODUCT_FLEET', [{ rule: 'ALL', user_ids: [first.userId, second.userId] }]);
    const request = await world.raise(world.members.AGENT);
    for (const who of [first, second])
      await world.ok(who, CheckUserForWorkflowApproval, { request_id: request.id });
    const answers = await Promise.all(
      [first, second].map((who) => world.as(who, DecideWorkflowRequest, approve(request.id, 1))),
    );
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined]);
    expect(await world.stored(request.id)).toMatchObject({ state: 'APPROVED' });
    expect(await world.decisions(request.id)).toHaveLength(2);
    expect(suite.watched().callsFor(request.id)).toHaveLength(1);
  });
});

describe('withdrawing', () => {
  it('lets the requester alone withdraw a pending request, once', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.DEALER_OWNER);
    const other = await world.as(world.members.OWNER, WithdrawWorkflowRequest, { request_id: request.id });
    expect(other.errors?.[0]).toMatchObject({
      message: 'Only the person who raised this request may withdraw it.',
      extensions: { code: 'FORBIDDEN' },
    });
    // Another user of the same dealer cannot even see it.
    const colleague = await world.as(world.members.DEALER_AGENT, WithdrawWorkflowRequest, {
      request_id: request.id,
    });
    expect(colleague.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const withdrawn = await world.ok(world.members.DEALER_OWNER, WithdrawWorkflowRequest, {
      request_id: request.id,
      reason: 'Wrong serial number',
    });
    expect(withdrawn.items[0]).toMatchObject({
      state: 'WITHDRAWN',
      withdraw_reason: 'Wrong serial number',
      can_withdraw: false,
      can_decide: false,
    });
    expect(withdrawn.items[0].levels.map((level) => level.state)).toEqual(['WITHDRAWN']);
    expect(
      suite
        .watched()
        .callsFor(request.id)
        .map((entry) => entry.hook),
    ).toEqual(['withdrawn']);
    expect(await world.audited('WithdrawWorkflowRequest', request.id)).toHaveLength(1);

    const again = await world.as(world.members.DEALER_OWNER, WithdrawWorkflowRequest, {
      request_id: request.id,
    });
    expect(again.errors?.[0]).toMatchObject({
      message: 'This request is already withdrawn.',
      extensions: { code: 'CONFLICT' },
    });
    const decided = await world.as(world.members.OWNER, DecideWorkflowRequest, approve(request.id, 1));
    expect(decided.errors?.[0]).toMatchObject({
      message: 'This request is already withdrawn.',
      extensions: { code: 'CONFLICT' },
    });
    // The record may be raised again once the request ended.
    const again2 = await world.raise(world.members.DEALER_OWNER, { record_id: request.record_id });
    expect(again2.state).toBe('PENDING');
  });

  it('refuses a second pending request for the same record', async () => {
    const world = await approvalWorld(suite.app);
    const request = await world.raise(world.members.AGENT);
    await expect(world.raise(world.members.MANAGER, { record_id: request.record_id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'This product fleet item already waits for approval. Wait for that decision, or withdraw that request first.',
    });
  });
});

describe('the walls', () => {
  it('keeps another organization out: it can neither see nor decide a request', async () => {
    const world = await approvalWorld(suite.app);
    const other = await approvalWorld(suite.app);
    const request = await world.raise(world.members.AGENT);
    const notFound = {
      message: 'Approval request not found. It may not be yours to see; refresh the list and try again.',
      extensions: { code: 'NOT_FOUND' },
    };
    expect(
      (await other.as(other.members.OWNER, GetWorkflowRequest, { request_id: request.id })).errors?.[0],
    ).toMatchObject(notFound);
    expect(
      (await other.as(other.members.OWNER, DecideWorkflowRequest, approve(request.id, 1))).errors?.[0],
    ).toMatchObject(notFound);
    expect(await world.decisions(request.id)).toEqual([]);
  });
});
