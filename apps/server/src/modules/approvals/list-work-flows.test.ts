import { beforeAll, describe, expect, it } from 'vitest';
import { DecideWorkflowRequest, ListWorkFlows } from '@fieldport/contract/operations/approvals';
import { approvalsTestApp, approvalWorld, type ApprovalWorld } from './approvals.test-kit.ts';

// ListWorkFlows (docs/approvals.md#who-sees-what): waiting for me, mine, all I may see; by kind,
// state and day; paged in SQL.

const suite = approvalsTestApp('PRODUCT_FLEET', 'FLEET_TAGGING');

/** A day of the organization's time zone (Asia/Kolkata by default), `offset` days from today. */
function orgDay(offset = 0): string {
  const day = new Date(Date.now() + offset * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(day);
}

let world: ApprovalWorld;
let requests: Record<'alpha' | 'tagging' | 'gamma' | 'approved', { id: string }>;

beforeAll(async () => {
  world = await approvalWorld(suite.app);
  await world.workflow('PRODUCT_FLEET', [{ rule: 'ANY', roles: ['MANAGER'] }]);
  const alpha = await world.raise(world.members.DEALER_OWNER, { summary: 'Fleet alpha AC' });
  const tagging = await world.raise(world.members.DEALER_OWNER, {
    kind: 'FLEET_TAGGING',
    summary: 'Tag beta',
  });
  const gamma = await world.raise(world.members.AGENT, { summary: 'Fleet gamma fridge' });
  const approved = await world.raise(world.members.AGENT, { summary: 'Fleet delta washer' });
  await world.ok(world.members.MANAGER, DecideWorkflowRequest, {
    request_id: approved.id,
    level: 1,
    decision: 'APPROVE',
    comment: 'Checked',
  });
  requests = { alpha, tagging, gamma, approved };
});

const ids = (page: { items: { request_id: string }[] }) => page.items.map((item) => item.request_id).sort();
const of = (...names: (keyof typeof requests)[]) => names.map((name) => requests[name].id).sort();

describe('the views', () => {
  it('waiting for me: the requests whose current level the caller may decide now', async () => {
    const manager = await world.ok(world.members.MANAGER, ListWorkFlows, {});
    expect(ids(manager)).toEqual(of('alpha', 'gamma'));
    expect(manager.items.every((item) => item.can_decide)).toBe(true);
    // Without a workflow, fleet tagging waits for the owner and admins.
    expect(ids(await world.ok(world.members.OWNER, ListWorkFlows, { view: 'WAITING_FOR_ME' }))).toEqual(
      of('tagging'),
    );
    expect(
      ids(await world.ok(world.members.DEALER_OWNER, ListWorkFlows, { view: 'WAITING_FOR_ME' })),
    ).toEqual([]);
  });

  it('mine: the requests the caller raised, which they may withdraw while pending', async () => {
    const dealer = await world.ok(world.members.DEALER_OWNER, ListWorkFlows, { view: 'MINE' });
    expect(ids(dealer)).toEqual(of('alpha', 'tagging'));
    expect(dealer.items.every((item) => item.can_withdraw && !item.can_decide)).toBe(true);
    const agent = await world.ok(world.members.AGENT, ListWorkFlows, {
      view: 'MINE',
      sort_by: 'state',
      sort_order: 'asc',
    });
    expect(agent.items.map((item) => [item.summary, item.state, item.can_withdraw])).toEqual([
      ['Fleet delta washer', 'APPROVED', false],
      ['Fleet gamma fridge', 'PENDING', true],
    ]);
  });

  it('all: every request of the kinds whose approvals screen the caller has, and their own', async () => {
    expect(ids(await world.ok(world.members.OWNER, ListWorkFlows, { view: 'ALL' }))).toEqual(
      of('alpha', 'tagging', 'gamma', 'approved'),
    );
    // A dealer's users have no approvals screen: their own only, and a colleague's not at all.
    expect(ids(await world.ok(world.members.DEALER_OWNER, ListWorkFlows, { view: 'ALL' }))).toEqual(
      of('alpha', 'tagging'),
    );
    expect(ids(await world.ok(world.members.DEALER_AGENT, ListWorkFlows, { view: 'ALL' }))).toEqual([]);
    expect(ids(await world.ok(world.members.TECHNICIAN, ListWorkFlows, { view: 'ALL' }))).toEqual([]);
    // Another organization sees none of them.
    const other = await approvalWorld(suite.app);
    expect(ids(await other.ok(other.members.OWNER, ListWorkFlows, { view: 'ALL' }))).toEqual([]);
  });
});

describe('filters, search and pages', () => {
  it('filters by kind and state, with each item’s decisions', async () => {
    const fleet = await world.ok(world.members.OWNER, ListWorkFlows, { view: 'ALL', kind: 'PRODUCT_FLEET' });
    expect(ids(fleet)).toEqual(of('alpha', 'gamma', 'approved'));
    const approved = await world.ok(world.members.OWNER, ListWorkFlows, { view: 'ALL', state: 'APPROVED' });
    expect(approved.items).toEqual([
      expect.objectContaining({
        request_id: requests.approved.id,
        state: 'APPROVED',
        can_decide: false,
        ended_on: expect.any(String),
        decisions: [
          {
            decision_id: expect.any(String),
            level: 1,
            decision: 'APPROVE',
            comment: 'Checked',
            decided_by_user_id: world.members.MANAGER.userId,
            decided_by_name: await world.nameOf(world.members.MANAGER),
            decided_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          },
        ],
      }),
    ]);
  });

  it('filters by the days of the organization, searches the summary, and pages', async () => {
    const all = (input: Record<string, unknown>) =>
      world.ok(world.members.OWNER, ListWorkFlows, { view: 'ALL', ...input });
    expect((await all({ created_from: orgDay(), created_to: orgDay() })).total_count).toBe(4);
    expect((await all({ created_from: orgDay(1) })).total_count).toBe(0);
    expect((await all({ created_to: orgDay(-1) })).total_count).toBe(0);
    expect(ids(await all({ search: 'GAMMA' }))).toEqual(of('gamma'));
    const page = await all({ page_size: 10, page: 1, sort_by: 'created_on', sort_order: 'asc' });
    expect(page).toMatchObject({ total_count: 4, total_capped: false, page: 1, page_size: 10 });
    expect(page.items.map((item) => item.summary)).toEqual([
      'Fleet alpha AC',
      'Tag beta',
      'Fleet gamma fridge',
      'Fleet delta washer',
    ]);
  });

  it('names the field of a bad filter', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ view: 'EVERYTHING' }, 'view', 'view must be one of WAITING_FOR_ME, MINE, ALL'],
      [
        { kind: 'CAR' },
        'kind',
        'kind must be one of PRODUCT_FLEET, FLEET_TAGGING, COMPONENT_REQUEST, PURCHASE_ORDER, QUOTATION, FGR, PAYOUT',
      ],
      [{ state: 'OPEN' }, 'state', 'state must be one of PENDING, APPROVED, REJECTED, WITHDRAWN'],
      [
        { created_from: orgDay(1), created_to: orgDay() },
        'created_to',
        'created_from must not be after created_to',
      ],
      [{ page_size: 7 }, 'page_size', 'page_size must be one of 10, 25, 50, 100'],
    ];
    for (const [input, field, message] of cases) {
      const answer = await world.as(world.members.OWNER, ListWorkFlows, input);
      expect(answer.errors?.[0], field).toMatchObject({
        message: message.includes(field) ? message : `${field}: ${message}`,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
  });
});
