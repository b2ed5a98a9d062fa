import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CreateAdditionalPart,
  CreateCustomerCategory,
  CreateEscalationNotification,
  CreateWipSubStage,
  ListCustomerCategories,
  ListEscalationNotifications,
  ListServiceTypes,
  ListWipStates,
  ListWipSubStages,
  UpdateAdditionalPart,
  UpdateWipSubStage,
} from '@fieldport/contract/operations/settings';
import { closureRemark, wipSubStage } from '../../db/schema/settings.ts';
import {
  DEMO_SETTINGS,
  DEMO_WIP_STATES,
  seedDemoSettings,
  seedNamedMaster,
  seedWipState,
} from '../../db/seed/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { bulkDelete, bulkUpdate } from '../../platform/bulk.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function owner(roles: Parameters<typeof seedTestOrganization>[1] = {}) {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER'], ...roles });
  return { ...seeded, cookie: await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD) };
}

describe('WIP states and sub-stages', () => {
  it('lists each state with its sub-stages in their order', async () => {
    const { org, cookie } = await owner();
    await seedWipState(app.database.db, {
      organization_id: org.id,
      name: 'Repair',
      display_order: 2,
      sub_stages: ['Repair in progress', 'Testing'],
    });
    const diagnosis = await seedWipState(app.database.db, {
      organization_id: org.id,
      name: 'Diagnosis',
      display_order: 1,
    });
    await call(app, cookie, CreateWipSubStage, {
      wip_state_id: diagnosis.id,
      wip_sub_stage_name: 'Awaiting customer approval',
      wip_sub_stage_order: 2,
    });
    await call(app, cookie, CreateWipSubStage, {
      wip_state_id: diagnosis.id,
      wip_sub_stage_name: 'Inspection',
      wip_sub_stage_order: 1,
    });

    const states = (await call(app, cookie, ListWipStates, {})).envelope!.data.items;
    expect(
      states.map((state) => [state.wip_state_name, state.wip_sub_stages.map((s) => s.wip_sub_stage_name)]),
    ).toEqual([
      ['Diagnosis', ['Inspection', 'Awaiting customer approval']],
      ['Repair', ['Repair in progress', 'Testing']],
    ]);
    const stages = (await call(app, cookie, ListWipSubStages, { wip_state_id: diagnosis.id })).envelope!.data;
    expect(stages.total_count).toBe(2);
    expect(stages.items[0]).toMatchObject({ wip_state_name: 'Diagnosis', wip_sub_stage_name: 'Inspection' });
  });

  it('keeps sub-stage names unique within a state only, with a message that says so', async () => {
    const { org, cookie } = await owner();
    const diagnosis = await seedWipState(app.database.db, {
      organization_id: org.id,
      name: 'Diagnosis',
      display_order: 1,
      sub_stages: ['Inspection'],
    });
    const repair = await seedWipState(app.database.db, {
      organization_id: org.id,
      name: 'Repair',
      display_order: 2,
    });
    const elsewhere = await call(app, cookie, CreateWipSubStage, {
      wip_state_id: repair.id,
      wip_sub_stage_name: 'Inspection',
      wip_sub_stage_order: 1,
    });
    expect(elsewhere.errors).toBeUndefined();
    const again = await call(app, cookie, CreateWipSubStage, {
      wip_state_id: diagnosis.id,
      wip_sub_stage_name: 'inspection',
      wip_sub_stage_order: 2,
    });
    expect(again.errors?.[0]).toMatchObject({
      message: "A WIP sub-stage named 'inspection' already exists in this WIP state.",
      extensions: { code: 'CONFLICT', field: 'wip_sub_stage_name' },
    });
  });

  it("refuses a sub-stage under another organization's state, naming wip_state_id, and moves none there", async () => {
    const { org, cookie } = await owner();
    const other = await seedTestOrganization(app.database.db, { roles: [] });
    const foreign = await seedWipState(app.database.db, {
      organization_id: other.org.id,
      name: 'Theirs',
      display_order: 1,
    });
    const mine = await seedWipState(app.database.db, {
      organization_id: org.id,
      name: 'Mine',
      display_order: 1,
      sub_stages: ['Stage'],
    });

    const created = await call(app, cookie, CreateWipSubStage, {
      wip_state_id: foreign.id,
      wip_sub_stage_name: 'Sneaky',
      wip_sub_stage_order: 1,
    });
    expect(created.errors?.[0]).toMatchObject({
      message: 'WIP state not found. Choose a WIP state from the list.',
      extensions: { code: 'BAD_USER_INPUT', field: 'wip_state_id' },
    });
    const moved = await call(app, cookie, UpdateWipSubStage, {
      wip_sub_stage_id: mine.sub_stages[0].id,
      wip_state_id: foreign.id,
      wip_sub_stage_name: 'Stage',
      wip_sub_stage_order: 1,
    });
    expect(moved.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const rows = await app.database.db
      .select()
      .from(wipSubStage)
      .where(eq(wipSubStage.wip_state_id, foreign.id));
    expect(rows).toEqual([]);
  });
});

describe('escalation notification rules', () => {
  it('takes a state, hours, roles and addresses, and filters by state', async () => {
    const { cookie } = await owner();
    const answer = await call(app, cookie, CreateEscalationNotification, {
      escalation_notification_name: 'On hold too long',
      ticket_state: 'ON_HOLD',
      after_hours: 72,
      notify_roles: ['ADMIN', 'STORE_MANAGER'],
      notify_emails: ['  Service.Head@Example.com '],
    });
    expect(answer.envelope!.data.items[0]).toMatchObject({
      ticket_state: 'ON_HOLD',
      after_hours: 72,
      notify_roles: ['ADMIN', 'STORE_MANAGER'],
      notify_emails: ['service.head@example.com'],
    });
    await call(app, cookie, CreateEscalationNotification, {
      escalation_notification_name: 'Unassigned',
      ticket_state: 'OPEN',
      after_hours: 4,
      notify_emails: ['desk@example.com'],
    });
    const onHold = (await call(app, cookie, ListEscalationNotifications, { ticket_state: 'ON_HOLD' }))
      .envelope!.data;
    expect(onHold.items.map((item) => item.escalation_notification_name)).toEqual(['On hold too long']);
  });

  it.each([
    [{ ticket_state: 'CLOSED' }, 'ticket_state'],
    [{ after_hours: 0 }, 'after_hours'],
    [{ after_hours: 1.5 }, 'after_hours'],
    [{ notify_roles: ['JANITOR'] }, 'notify_roles.0'],
    [{ notify_emails: ['not-an-address'] }, 'notify_emails.0'],
    [{ notify_emails: ['a@x.com', 'A@x.com'] }, 'notify_emails'],
  ])('refuses %j naming %s', async (change, field) => {
    const { cookie } = await owner();
    const answer = await call(app, cookie, CreateEscalationNotification, {
      escalation_notification_name: 'Rule',
      ticket_state: 'OPEN',
      after_hours: 4,
      notify_roles: ['MANAGER'],
      ...change,
    });
    expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(answer.errors?.[0].message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('additional parts', () => {
  it('keeps part codes unique per organization (upper-cased) and prices in paise', async () => {
    const { cookie } = await owner();
    const first = await call(app, cookie, CreateAdditionalPart, {
      additional_part_name: 'Outdoor unit stand',
      part_code: 'ac-stand',
      additional_part_price: 120_050,
    });
    expect(first.envelope!.data.items[0]).toMatchObject({
      part_code: 'AC-STAND',
      additional_part_price: 120_050,
    });
    const clash = await call(app, cookie, CreateAdditionalPart, {
      additional_part_name: 'Wall stand',
      part_code: 'AC-Stand',
      additional_part_price: 100,
    });
    expect(clash.errors?.[0]).toMatchObject({
      message: "An additional part with part code 'AC-STAND' already exists.",
      extensions: { code: 'CONFLICT', field: 'part_code' },
    });
    const fraction = await call(app, cookie, UpdateAdditionalPart, {
      additional_part_id: first.envelope!.data.items[0].additional_part_id,
      additional_part_name: 'Outdoor unit stand',
      part_code: 'AC-STAND',
      additional_part_price: 10.5,
    });
    expect(fraction.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'additional_part_price',
    });
  });
});

describe('screens that read a master without managing it', () => {
  it('let a co-ordinator list customer categories and service types, never change them', async () => {
    const { org, members } = await owner({ roles: ['OWNER', 'AGENT'] });
    await seedNamedMaster(app.database.db, 'customerCategory', {
      organization_id: org.id,
      name: 'Residential',
    });
    const agent = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    const listed = await call(app, agent, ListCustomerCategories, { status: 'ACTIVE' });
    expect(listed.envelope!.data.items.map((item) => item.customer_category_name)).toEqual(['Residential']);
    expect((await call(app, agent, ListServiceTypes, {})).errors).toBeUndefined();
    const created = await call(app, agent, CreateCustomerCategory, { customer_category_name: 'VIP' });
    expect(created.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the demo settings', () => {
  it('seeds every master of an organization through the lists people see', async () => {
    const { org, cookie } = await owner();
    await seedDemoSettings(app.database.db, org.id, 'agent@example.com');
    const categories = (await call(app, cookie, ListCustomerCategories, {})).envelope!.data;
    expect(categories.items.map((item) => item.customer_category_name).sort()).toEqual(
      [...DEMO_SETTINGS.customerCategory].sort(),
    );
    const states = (await call(app, cookie, ListWipStates, {})).envelope!.data.items;
    expect(states.map((state) => state.wip_state_name)).toEqual(DEMO_WIP_STATES.map((state) => state.name));
    expect(states[0].wip_sub_stages.map((stage) => stage.wip_sub_stage_name)).toEqual([
      'Inspection',
      'Awaiting customer approval',
    ]);
  });
});

describe('bulk writes', () => {
  it('refuse an empty filter and keep to the caller organization', async () => {
    const db = app.database.db;
    const mine = await seedTestOrganization(db, { roles: [] });
    const theirs = await seedTestOrganization(db, { roles: [] });
    const a = await seedNamedMaster(db, 'closureRemark', { organization_id: mine.org.id, name: 'A' });
    await seedNamedMaster(db, 'closureRemark', { organization_id: mine.org.id, name: 'B' });
    const foreign = await seedNamedMaster(db, 'closureRemark', { organization_id: theirs.org.id, name: 'A' });
    const caller = { organization: mine.org } as Caller;

    await expect(bulkUpdate(db, closureRemark, caller, { status: 'INACTIVE' }, [])).rejects.toThrow(
      /empty filter/,
    );
    await expect(bulkDelete(db, closureRemark, caller, [undefined])).rejects.toThrow(/empty filter/);
    const statuses = await db
      .select({ status: closureRemark.status })
      .from(closureRemark)
      .where(eq(closureRemark.organization_id, mine.org.id));
    expect(statuses.every((row) => row.status === 'ACTIVE')).toBe(true);

    const changed = await bulkUpdate(db, closureRemark, caller, { status: 'INACTIVE' }, [
      eq(closureRemark.name, 'A'),
    ]);
    expect(changed).toBe(1);
    const [row] = await db.select().from(closureRemark).where(eq(closureRemark.id, a.id));
    expect(row.status).toBe('INACTIVE');
    const [untouched] = await db.select().from(closureRemark).where(eq(closureRemark.id, foreign.id));
    expect(untouched.status).toBe('ACTIVE');
    expect(await bulkDelete(db, closureRemark, caller, [eq(closureRemark.name, 'B')])).toBe(1);
  });
});
