import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { TicketState } from '@fieldport/contract/ticket-states';
import { shiftDay } from '@fieldport/contract/fields';
import {
  GetDailyUserReport,
  GetMonthlyUserReport,
  GetProductivityReport,
  monthLabel,
  type ReportData,
} from '@fieldport/contract/operations/reports';
import { newId } from '../../db/ids.ts';
import { stockMovement } from '../../db/schema/inventory.ts';
import { ticket, ticketClosureOtp, ticketEvent } from '../../db/schema/tickets.ts';
import { seedComponent, seedStore } from '../../db/seed/inventory.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { getDailyUserReport, getProductivityReport } from './people-reports.ts';

// The reports about people (docs/reports.md) against figures counted here, in JavaScript, from the
// stored tickets, events, closure codes and stock movements: the report's SQL and these counts
// share nothing but the data.

let app: TestApp;
let world: TicketWorld;
const DAY = 86_400_000;
const now = Date.now();
const TIME_ZONE = 'Asia/Kolkata';

type Stored = typeof ticket.$inferSelect & { reopened: boolean; otp: boolean; parts: number };
let stored: Stored[] = [];
/** Codes sent per ticket, used or not. */
let codesOf: (ticketId: string) => number = () => 0;
/** Membership id -> person's name, and user id -> name, of the people the tickets name. */
const technicianNames = new Map<string, string>();
const userNames = new Map<string, string>();

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number) {
  let value = seed;
  return (n: number) => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return value % n;
  };
}

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  const technicians = ['TECHNICIAN', 'SECOND_TECHNICIAN', 'PARTNER_TECHNICIAN'].map(
    (who) => world.members[who],
  );
  const staff = ['OWNER', 'AGENT', 'TECHNICIAN'].map((who) => world.members[who]);
  const users = await world.db.query.user.findMany();
  for (const member of [...technicians, ...staff]) {
    const name = users.find((row) => row.id === member.userId)!.name;
    technicianNames.set(member.membershipId, name);
    userNames.set(member.userId, name);
  }
  const part = await seedComponent(world.db, {
    organization_id: world.org.id,
    name: `Capacitor ${world.tag}`,
    part_number: `CAP-${world.tag}`,
    price_paise: 45_000,
  });
  const store = await seedStore(world.db, {
    organization_id: world.org.id,
    name: `Store ${world.tag}`,
    address: '1, Main Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  });

  const pick = generator(11);
  const states: TicketState[] = [
    'OPEN',
    'ASSIGNED',
    'IN_PROGRESS',
    'CLOSED',
    'CLOSED',
    'CLOSED',
    'DISCARDED',
  ];
  for (let index = 0; index < 70; index += 1) {
    const state = states[pick(states.length)];
    const createdAt = new Date(now - pick(70 * 24) * 3_600_000 - 60_000);
    const technician = pick(4) === 0 ? null : technicians[pick(technicians.length)];
    const partner =
      technician?.membershipId === world.members.PARTNER_TECHNICIAN.membershipId || pick(3) === 0;
    const row = await world.seed({
      state,
      created_at: createdAt,
      created_by: staff[pick(2)].userId,
      technician_id: technician?.membershipId ?? null,
      partner_party_id: partner ? world.partner.id : null,
    });
    const closedAt =
      state === 'CLOSED' ? new Date(Math.min(now, createdAt.getTime() + pick(10 * 24) * 3_600_000)) : null;
    await world.db
      .update(ticket)
      .set({
        territory_id: [world.territories.bengaluru.id, world.territories.mumbai.id][pick(2)],
        closed_at: closedAt,
        closed_by:
          state === 'CLOSED' ? [staff[pick(staff.length)].userId, null][pick(5) === 0 ? 1 : 0] : null,
        assigned_at:
          technician && state !== 'OPEN' ? new Date(createdAt.getTime() + pick(48) * 3_600_000) : null,
      })
      .where(eq(ticket.id, row.id));
    if (state === 'CLOSED' && pick(3) === 0)
      await world.db.insert(ticketEvent).values({
        id: newId(),
        organization_id: world.org.id,
        ticket_id: row.id,
        kind: 'REOPENED',
        from_state: 'CLOSED',
        to_state: 'ASSIGNED',
        created_at: createdAt,
      });
    // Codes sent; some entered (used), some left unused or voided: only a used one closed the ticket.
    for (let code = index % 3; code > 0; code -= 1) {
      const used = state === 'CLOSED' && code === 1 && index % 5 < 2;
      await world.db.insert(ticketClosureOtp).values({
        id: newId(),
        organization_id: world.org.id,
        ticket_id: row.id,
        code_hash: 'not-a-code',
        sent_to: world.customerEmail,
        expires_at: new Date(now + DAY),
        used_at: used ? closedAt : null,
        voided_at: used ? null : pick(2) === 0 ? createdAt : null,
      });
    }
    // Parts issued to the ticket, and some of them consumed on it: only CONSUME rows count.
    // By the ticket's index, not the generator: its low bits alternate with the other choices.
    if (index % 3 !== 2) {
      const consumed = index % 4;
      const issued = consumed + 1;
      const group = newId();
      const movement = {
        organization_id: world.org.id,
        store_id: store.id,
        component_id: part.id,
        balance_after: 0,
        unit_cost_paise: 30_000,
        ticket_id: row.id,
        movement_group_id: group,
      };
      await world.db.insert(stockMovement).values([
        {
          ...movement,
          id: newId(),
          movement_type: 'ISSUE',
          quantity: -issued,
          value_paise: -issued * 30_000,
        },
        {
          ...movement,
          id: newId(),
          movement_type: 'CONSUME',
          quantity: 0,
          value_paise: 0,
          consumed_quantity: consumed,
          consumed_value_paise: consumed * 30_000,
        },
      ]);
    }
  }
  const rows = await world.db.select().from(ticket).where(eq(ticket.organization_id, world.org.id));
  const events = await world.db
    .select()
    .from(ticketEvent)
    .where(eq(ticketEvent.organization_id, world.org.id));
  const codes = await world.db
    .select()
    .from(ticketClosureOtp)
    .where(eq(ticketClosureOtp.organization_id, world.org.id));
  const movements = await world.db
    .select()
    .from(stockMovement)
    .where(eq(stockMovement.organization_id, world.org.id));
  codesOf = (ticketId) => codes.filter((code) => code.ticket_id === ticketId).length;
  stored = rows.map((row) => ({
    ...row,
    reopened: events.some((event) => event.ticket_id === row.id && event.kind === 'REOPENED'),
    otp: codes.some((code) => code.ticket_id === row.id && code.used_at !== null),
    parts: movements
      .filter((movement) => movement.ticket_id === row.id && movement.movement_type === 'CONSUME')
      .reduce((sum, movement) => sum + (movement.consumed_quantity ?? 0), 0),
  }));
});
afterAll(async () => {
  await app?.close();
});

// The organization's calendar, in JavaScript.
const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
const monthOf = (at: Date) => dayOf(at).slice(0, 7);
const today = dayOf(new Date(now));
const thisMonth = today.slice(0, 7);
const monthsAgo = (n: number) => {
  const [year, month] = thisMonth.split('-').map(Number);
  const index = year * 12 + month - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const percent = (part: number, whole: number) => (part * 100) / whole;
const daysToClose = (row: Stored) => (row.closed_at!.getTime() - row.created_at.getTime()) / DAY;
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('productivity', () => {
  const from = dayOf(new Date(now - 40 * DAY));
  const input = { from_date: from, to_date: today, page_size: 100 };
  const closedIn = (tickets: Stored[]) =>
    tickets.filter(
      (row) => row.state === 'CLOSED' && dayOf(row.closed_at!) >= from && dayOf(row.closed_at!) <= today,
    );

  /** Every technician's row, and the no-technician row, as counted here from the tickets. */
  function check(data: ReportData, tickets: Stored[]) {
    const closed = closedIn(tickets);
    const groups = new Map<string | null, Stored[]>();
    for (const row of closed) groups.set(row.technician_id, [...(groups.get(row.technician_id) ?? []), row]);
    expect(data.total_count).toBe(groups.size);
    for (const [technicianId, mine] of groups) {
      const name = technicianId ? technicianNames.get(technicianId)! : 'No technician';
      const row = data.rows.find((entry) => entry.technician_name === name);
      expect(row, name).toBeDefined();
      expect(row!.closed, name).toBe(mine.length);
      expect(row!.avg_days_to_close, name).toBeCloseTo(average(mine.map(daysToClose)), 1);
      expect(row!.reopen_rate, name).toBeCloseTo(
        percent(mine.filter((ticket) => ticket.reopened).length, mine.length),
        1,
      );
      expect(row!.otp_closure_rate, name).toBeCloseTo(
        percent(mine.filter((ticket) => ticket.otp).length, mine.length),
        1,
      );
      expect(row!.parts_consumed, name).toBe(mine.reduce((sum, ticket) => sum + ticket.parts, 0));
    }
    expect(data.totals).toMatchObject({
      technician_name: 'Total',
      closed: closed.length,
      parts_consumed: closed.reduce((sum, ticket) => sum + ticket.parts, 0),
    });
    expect(data.chart.series.map((series) => series.key)).toEqual(['closed']);
    expect(data.chart.labels).toHaveLength(groups.size);
  }

  it("counts each technician's closed tickets, days to close, reopens, OTP closures and parts", async () => {
    // The data must exercise every figure, or the checks prove little.
    const closed = closedIn(stored);
    expect(closed.some((row) => row.reopened)).toBe(true);
    expect(closed.some((row) => row.otp)).toBe(true);
    expect(closed.some((row) => !row.otp && codesOf(row.id) > 0)).toBe(true);
    expect(closed.some((row) => row.parts > 0)).toBe(true);
    expect(closed.some((row) => row.technician_id === null)).toBe(true);

    check(await world.ok('OWNER', GetProductivityReport, input), stored);
    check(
      await world.ok('OWNER', GetProductivityReport, { ...input, territory_id: world.territories.mumbai.id }),
      stored.filter((row) => row.territory_id === world.territories.mumbai.id),
    );
    check(
      await world.ok('OWNER', GetProductivityReport, { ...input, partner_party_id: world.partner.id }),
      stored.filter((row) => row.partner_party_id === world.partner.id),
    );
  });

  it("counts a partner's users only their partner's tickets, and refuses them the screen their menu lacks", async () => {
    // A partner's menu has no Productivity Report (packages/contract/src/menus.ts): the server
    // refuses the call; the report's rows, asked for with the partner's user as caller, are still
    // walled to the partner's tickets (visibleTickets), should a designation ever grant it.
    const refused = await world.as('SERVICE_PARTNER', GetProductivityReport, input);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const caller = await callerOfMembership(world.db, world.members.SERVICE_PARTNER.membershipId, 'test');
    const rows = await getProductivityReport.report.rows(
      world.db,
      caller,
      GetProductivityReport.input.parse(input),
    );
    const theirs = closedIn(stored.filter((row) => row.partner_party_id === world.partner.id));
    expect(rows.reduce((sum, row) => sum + Number(row.closed), 0)).toBe(theirs.length);
    expect(theirs.length).toBeLessThan(closedIn(stored).length);
  });

  it('refuses a bad period, naming the field', async () => {
    const backwards = await world.as('OWNER', GetProductivityReport, { from_date: today, to_date: from });
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'from_date must not be after to_date',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const bad = await world.as('OWNER', GetProductivityReport, { from_date: '2026-02-30', to_date: today });
    expect(bad.errors?.[0]?.message).toContain('from_date');
    const long = await world.as('OWNER', GetProductivityReport, { from_date: '2024-01-01', to_date: today });
    expect(long.errors?.[0]?.message).toBe('to_date: The period must be at most 366 days');
  });

  it('exports every row with the totals as .xlsx', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/exports/GetProductivityReport.xlsx?from_date=${from}&to_date=${today}`,
      headers: { cookie: await world.cookieOf('OWNER') },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Technician');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(2).value).toBe(closedIn(stored).length);
  });
});

describe('users by month', () => {
  it('counts per user per month the tickets raised, assigned and closed, and the days to close', async () => {
    const months = [2, 1, 0].map(monthsAgo);
    const data = await world.ok('OWNER', GetMonthlyUserReport, {
      from_month: months[0],
      to_month: months[2],
      page_size: 100,
    });
    const technicianUser = new Map(
      Object.values(world.members).map((member) => [member.membershipId, member.userId]),
    );
    const expected = new Map<string, { created: number; assigned: number; closed: Stored[] }>();
    const entry = (userId: string, month: string) => {
      const key = `${userNames.get(userId)} · ${monthLabel(month)}`;
      if (!expected.has(key)) expected.set(key, { created: 0, assigned: 0, closed: [] });
      return expected.get(key)!;
    };
    for (const row of stored) {
      if (row.created_by && months.includes(monthOf(row.created_at)))
        entry(row.created_by, monthOf(row.created_at)).created += 1;
      if (row.technician_id && row.assigned_at && months.includes(monthOf(row.assigned_at)))
        entry(technicianUser.get(row.technician_id)!, monthOf(row.assigned_at)).assigned += 1;
      if (row.state === 'CLOSED' && row.closed_by && months.includes(monthOf(row.closed_at!)))
        entry(row.closed_by, monthOf(row.closed_at!)).closed.push(row);
    }
    expect(data.total_count).toBe(expected.size);
    for (const [key, figures] of expected) {
      const row = data.rows.find((candidate) => `${candidate.user_name} · ${candidate.month}` === key);
      expect(row, key).toMatchObject({
        created: figures.created,
        assigned: figures.assigned,
        closed: figures.closed.length,
      });
      if (figures.closed.length === 0) expect(row!.avg_days_to_close, key).toBeNull();
      else expect(row!.avg_days_to_close, key).toBeCloseTo(average(figures.closed.map(daysToClose)), 1);
    }
    // Months in order, the oldest first.
    const order = data.rows.map((row) => months.map(monthLabel).indexOf(String(row.month)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('refuses a period that runs backwards, naming the field', async () => {
    const backwards = await world.as('OWNER', GetMonthlyUserReport, {
      from_month: thisMonth,
      to_month: monthsAgo(1),
    });
    expect(backwards.errors?.[0]?.message).toBe('from_month must not be after to_month');
  });
});

describe('users by day', () => {
  const dayWords = (day: string) =>
    new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const from = shiftDay(today, -20);
  const inPeriod = (at: Date | null) => at !== null && dayOf(at) >= from && dayOf(at) <= today;

  /** Per user per day, counted here from the tickets, over the tickets a caller sees. */
  function expectedOf(tickets: Stored[]) {
    const technicianUser = new Map(
      Object.values(world.members).map((member) => [member.membershipId, member.userId]),
    );
    const expected = new Map<string, { created: number; assigned: number; closed: Stored[] }>();
    const entry = (userId: string, at: Date) => {
      const key = `${userNames.get(userId)} · ${dayWords(dayOf(at))}`;
      if (!expected.has(key)) expected.set(key, { created: 0, assigned: 0, closed: [] });
      return expected.get(key)!;
    };
    for (const row of tickets) {
      if (row.created_by && inPeriod(row.created_at)) entry(row.created_by, row.created_at).created += 1;
      if (row.technician_id && inPeriod(row.assigned_at))
        entry(technicianUser.get(row.technician_id)!, row.assigned_at!).assigned += 1;
      if (row.state === 'CLOSED' && row.closed_by && inPeriod(row.closed_at))
        entry(row.closed_by, row.closed_at!).closed.push(row);
    }
    return expected;
  }

  function check(data: ReportData, expected: ReturnType<typeof expectedOf>) {
    expect(data.total_count).toBe(expected.size);
    for (const [key, figures] of expected) {
      const row = data.rows.find((candidate) => `${candidate.user_name} · ${candidate.day}` === key);
      expect(row, key).toMatchObject({
        created: figures.created,
        assigned: figures.assigned,
        closed: figures.closed.length,
      });
      if (figures.closed.length === 0) expect(row!.avg_days_to_close, key).toBeNull();
      else expect(row!.avg_days_to_close, key).toBeCloseTo(average(figures.closed.map(daysToClose)), 1);
    }
    const sum = (pick: (figures: { created: number; assigned: number; closed: Stored[] }) => number) =>
      [...expected.values()].reduce((total, figures) => total + pick(figures), 0);
    expect(data.totals).toMatchObject({
      user_name: 'Total',
      created: sum((figures) => figures.created),
      assigned: sum((figures) => figures.assigned),
      closed: sum((figures) => figures.closed.length),
    });
  }

  it('counts per user per day the tickets raised, assigned and closed, and the days to close', async () => {
    const input = { from_date: from, to_date: today, page_size: 100 };
    const expected = expectedOf(stored);
    // Several days and users, with each figure, or the checks prove little.
    expect(expected.size).toBeGreaterThan(5);
    expect([...expected.values()].some((figures) => figures.closed.length > 0)).toBe(true);
    const data = await world.ok('OWNER', GetDailyUserReport, input);
    check(data, expected);
    // Days in order, the oldest first.
    const days: string[] = [];
    for (let day = from; day <= today; day = shiftDay(day, 1)) days.push(dayWords(day));
    const order = data.rows.map((row) => days.indexOf(String(row.day)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    check(
      await world.ok('OWNER', GetDailyUserReport, { ...input, territory_id: world.territories.mumbai.id }),
      expectedOf(stored.filter((row) => row.territory_id === world.territories.mumbai.id)),
    );
  });

  it("is the Monthly User Report by day: the same figures summed over the month's days", async () => {
    const first = `${thisMonth}-01`;
    const [daily, monthly] = await Promise.all([
      world.ok('OWNER', GetDailyUserReport, { from_date: first, to_date: today, page_size: 100 }),
      world.ok('OWNER', GetMonthlyUserReport, { from_month: thisMonth, to_month: thisMonth, page_size: 100 }),
    ]);
    for (const key of ['created', 'assigned', 'closed'])
      expect(daily.totals[key], key).toBe(monthly.totals[key]);
  });

  it("walls a partner's users to their partner's tickets, and refuses them the screen their menu lacks", async () => {
    const input = { from_date: from, to_date: today };
    const refused = await world.as('SERVICE_PARTNER', GetDailyUserReport, input);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const caller = await callerOfMembership(world.db, world.members.SERVICE_PARTNER.membershipId, 'test');
    const rows = await getDailyUserReport.report.rows(
      world.db,
      caller,
      GetDailyUserReport.input.parse(input),
    );
    const theirs = expectedOf(stored.filter((row) => row.partner_party_id === world.partner.id));
    expect(rows.length).toBe(theirs.size);
    expect(rows.reduce((sum, row) => sum + Number(row.created), 0)).toBe(
      [...theirs.values()].reduce((sum, figures) => sum + figures.created, 0),
    );
    expect(theirs.size).toBeLessThan(expectedOf(stored).size);
  });

  it('refuses a period longer than 62 days, naming the field', async () => {
    const long = await world.as('OWNER', GetDailyUserReport, {
      from_date: shiftDay(today, -62),
      to_date: today,
    });
    expect(long.errors?.[0]?.message).toBe('to_date: The period must be at most 62 days');
  });
});
