import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { TicketState } from '@fieldport/contract/ticket-states';
import {
  GetMonthlyTicketReport,
  GetPartnersClosedTicketReport,
  GetServiceTypeReport,
  GetTicketAgingReport,
  monthLabel,
  type ReportData,
} from '@fieldport/contract/operations/reports';
import { newId } from '../../db/ids.ts';
import { organization } from '../../db/schema/identity.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// The ticket reports (docs/reports.md) against figures counted here, in JavaScript, from the stored
// tickets: the report's SQL and these counts share nothing but the data.

let app: TestApp;
let world: TicketWorld;
const DAY = 86_400_000;
const now = Date.now();
const TIME_ZONE = 'Asia/Kolkata';

interface Stored {
  id: string;
  state: TicketState;
  created_at: Date;
  closed_at: Date | null;
  updated_at: Date;
  partner_party_id: string | null;
  dealer_party_id: string | null;
  territory_id: string | null;
  service_type_id: string | null;
  is_foc: boolean;
  service_charge_paise: number;
  partner_amount_paise: number | null;
  held: boolean;
}
let stored: Stored[] = [];
const serviceTypes: { id: string; name: string }[] = [];

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
  await world.db
    .update(organization)
    .set({ is_enable_partners_monthly_closed_ticket_report_tab: true })
    .where(eq(organization.id, world.org.id));
  for (const name of ['Installation', 'Repair'])
    serviceTypes.push(
      await seedNamedMaster(world.db, 'serviceType', {
        organization_id: world.org.id,
        name: `${name} ${world.tag}`,
      }),
    );

  const pick = generator(7);
  const states: TicketState[] = [
    'OPEN',
    'ASSIGNED',
    'ACCEPTED',
    'IN_PROGRESS',
    'ON_HOLD',
    'CLOSED',
    'CLOSED',
    'CLOSED',
    'DISCARDED',
  ];
  for (let index = 0; index < 80; index += 1) {
    const state = states[pick(states.length)];
    const createdAt = new Date(now - pick(80 * 24) * 3_600_000 - 60_000);
    const partner = pick(3) === 0 ? null : world.partner.id;
    const row = await world.seed({
      state,
      created_at: createdAt,
      partner_party_id: partner,
      dealer_party_id: pick(2) === 0 ? world.dealer.id : null,
      partner_amount_paise: state === 'CLOSED' && partner && pick(4) !== 0 ? 10_000 + pick(50) * 100 : null,
    });
    const closedAt =
      state === 'CLOSED' ? new Date(Math.min(now, createdAt.getTime() + pick(10 * 24) * 3_600_000)) : null;
    await world.db
      .update(ticket)
      .set({
        territory_id: [world.territories.bengaluru.id, world.territories.mumbai.id, null][pick(3)],
        service_type_id: [serviceTypes[0].id, serviceTypes[1].id, null][pick(3)],
        is_foc: pick(4) === 0,
        service_charge_paise: pick(5) * 25_000,
        closed_at: closedAt,
        updated_at: state === 'DISCARDED' ? new Date(createdAt.getTime() + pick(5) * DAY) : createdAt,
      })
      .where(eq(ticket.id, row.id));
    if (state === 'CLOSED' && pick(3) === 0) {
      await world.db.insert(ticketEvent).values({
        id: newId(),
        organization_id: world.org.id,
        ticket_id: row.id,
        kind: 'HELD',
        from_state: 'IN_PROGRESS',
        to_state: 'ON_HOLD',
        created_at: createdAt,
      });
    }
  }
  const rows = await world.db.select().from(ticket).where(eq(ticket.organization_id, world.org.id));
  const events = await world.db
    .select()
    .from(ticketEvent)
    .where(eq(ticketEvent.organization_id, world.org.id));
  const held = new Set(events.filter((event) => event.kind === 'HELD').map((event) => event.ticket_id));
  stored = rows.map((row) => ({ ...row, held: held.has(row.id) }) as Stored);
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
const ACTIVE = new Set(['OPEN', 'ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD']);
const rowOf = (data: ReportData, key: string, value: string) => data.rows.find((row) => row[key] === value);

describe('ticket aging', () => {
  it('counts active tickets by age bucket per partner, with totals, as counted from the tickets', async () => {
    const data = await world.ok('OWNER', GetTicketAgingReport, { group_by: 'PARTNER', page_size: 100 });
    const active = stored.filter((row) => ACTIVE.has(row.state));
    // Ages are taken a little after the report ran: keep the tickets clear of a bucket's edge.
    const bucketOf = (row: Stored) => {
      const days = (now - row.created_at.getTime()) / DAY;
      return days < 1
        ? 'age_0_1'
        : days < 3
          ? 'age_1_3'
          : days < 7
            ? 'age_3_7'
            : days < 15
              ? 'age_7_15'
              : 'age_over_15';
    };
    for (const [partnerId, name] of [
      [world.partner.id, world.partner.name],
      [null, 'Not with a partner'],
    ] as const) {
      const mine = active.filter((row) => row.partner_party_id === partnerId);
      const row = rowOf(data, 'group_name', name)!;
      expect(row.total, name).toBe(mine.length);
      for (const bucket of ['age_0_1', 'age_1_3', 'age_3_7', 'age_7_15', 'age_over_15'])
        expect(row[bucket], `${name} ${bucket}`).toBe(
          mine.filter((ticket) => bucketOf(ticket) === bucket).length,
        );
    }
    expect(data.totals).toMatchObject({ group_name: 'Total', total: active.length });
    expect(data.chart.labels).toHaveLength(data.total_count);
    expect(data.chart.series.map((series) => series.label)).toEqual([
      '0-1 days',
      '1-3 days',
      '3-7 days',
      '7-15 days',
      '> 15 days',
    ]);
  });

  it("shows a dealer's users their dealer's tickets only, by territory", async () => {
    const data = await world.ok('DEALER_OWNER', GetTicketAgingReport, {
      group_by: 'TERRITORY',
      page_size: 100,
    });
    const theirs = stored.filter((row) => ACTIVE.has(row.state) && row.dealer_party_id === world.dealer.id);
    expect(data.totals.total).toBe(theirs.length);
    expect(rowOf(data, 'group_name', world.territories.mumbai.name)?.total ?? 0).toBe(
      theirs.filter((row) => row.territory_id === world.territories.mumbai.id).length,
    );
    expect(theirs.length).toBeLessThan(stored.filter((row) => ACTIVE.has(row.state)).length);
  });
});

describe('monthly tickets', () => {
  it('counts raised, closed and discarded per month, the days to close and first-time fixes', async () => {
    const data = await world.ok('OWNER', GetMonthlyTicketReport, {
      from_month: monthsAgo(3),
      to_month: thisMonth,
      page_size: 100,
    });
    expect(data.rows.map((row) => row.month)).toEqual([3, 2, 1, 0].map((n) => monthLabel(monthsAgo(n))));
    for (const month of [3, 2, 1, 0].map(monthsAgo)) {
      const closed = stored.filter((row) => row.state === 'CLOSED' && monthOf(row.closed_at!) === month);
      const row = rowOf(data, 'month', monthLabel(month))!;
      expect(row.created, month).toBe(stored.filter((ticket) => monthOf(ticket.created_at) === month).length);
      expect(row.closed, month).toBe(closed.length);
      expect(row.discarded, month).toBe(
        stored.filter((ticket) => ticket.state === 'DISCARDED' && monthOf(ticket.updated_at) === month)
          .length,
      );
      if (closed.length === 0) {
        expect(row.avg_days_to_close).toBeNull();
        continue;
      }
      const days = closed
        .map((ticket) => (ticket.closed_at!.getTime() - ticket.created_at.getTime()) / DAY)
        .sort((a, b) => a - b);
      const average = days.reduce((sum, value) => sum + value, 0) / days.length;
      expect(row.avg_days_to_close).toBeCloseTo(average, 1);
      // The 90th percentile, interpolated between the two nearest as PostgreSQL's percentile_cont.
      const position = 0.9 * (days.length - 1);
      const p90 =
        days[Math.floor(position)] +
        (days[Math.ceil(position)] - days[Math.floor(position)]) * (position % 1);
      expect(row.p90_days_to_close).toBeCloseTo(p90, 1);
      const fixed = closed.filter((ticket) => !ticket.held).length;
      expect(row.first_time_fix_rate).toBeCloseTo((fixed * 100) / closed.length, 1);
    }
    expect(data.totals.created).toBe(stored.filter((row) => monthOf(row.created_at) >= monthsAgo(3)).length);
  });

  it('refuses a period that runs backwards or past two years, naming the field', async () => {
    const backwards = await world.as('OWNER', GetMonthlyTicketReport, {
      from_month: thisMonth,
      to_month: monthsAgo(1),
    });
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'from_month must not be after to_month',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const long = await world.as('OWNER', GetMonthlyTicketReport, {
      from_month: monthsAgo(24),
      to_month: thisMonth,
    });
    expect(long.errors?.[0]?.message).toBe('to_month: The period must be at most 24 months');
    const bad = await world.as('OWNER', GetMonthlyTicketReport, {
      from_month: '2026-13',
      to_month: thisMonth,
    });
    expect(bad.errors?.[0]?.message).toBe('from_month must be a month such as 2026-11');
  });
});

describe('service types', () => {
  it('counts raised, closed and free tickets and sums the charges of the paid ones, per service type', async () => {
    const from = dayOf(new Date(now - 30 * DAY));
    const input = { from_date: from, to_date: today, page_size: 100 };
    const inPeriod = (at: Date | null) => at !== null && dayOf(at) >= from && dayOf(at) <= today;
    const check = (data: ReportData, tickets: Stored[]) => {
      for (const type of [...serviceTypes, { id: null, name: 'No service type' }]) {
        const mine = tickets.filter((row) => row.service_type_id === type.id);
        const closed = mine.filter((row) => row.state === 'CLOSED' && inPeriod(row.closed_at));
        const expected = {
          created: mine.filter((row) => inPeriod(row.created_at)).length,
          closed: closed.length,
          free_of_charge: closed.filter((row) => row.is_foc).length,
          revenue: closed
            .filter((row) => !row.is_foc)
            .reduce((sum, row) => sum + row.service_charge_paise, 0),
        };
        const row = rowOf(data, 'service_type_name', type.name);
        if (expected.created + expected.closed === 0) expect(row, type.name).toBeUndefined();
        else expect(row, type.name).toMatchObject(expected);
      }
    };
    check(await world.ok('OWNER', GetServiceTypeReport, input), stored);
    check(
      await world.ok('OWNER', GetServiceTypeReport, {
        ...input,
        territory_id: world.territories.bengaluru.id,
      }),
      stored.filter((row) => row.territory_id === world.territories.bengaluru.id),
    );
    // A dealer's users: their dealer's tickets only.
    check(
      await world.ok('DEALER_OWNER', GetServiceTypeReport, input),
      stored.filter((row) => row.dealer_party_id === world.dealer.id),
    );
  });
});

describe("partners' closed tickets", () => {
  it("counts each partner's closed tickets per month and sums their frozen amounts", async () => {
    const data = await world.ok('OWNER', GetPartnersClosedTicketReport, {
      from_month: monthsAgo(3),
      to_month: thisMonth,
      page_size: 100,
    });
    for (const month of [3, 2, 1, 0].map(monthsAgo)) {
      const closed = stored.filter(
        (row) =>
          row.state === 'CLOSED' &&
          row.partner_party_id === world.partner.id &&
          monthOf(row.closed_at!) === month,
      );
      const row = data.rows.find(
        (entry) => entry.partner_name === world.partner.name && entry.month === monthLabel(month),
      );
      if (closed.length === 0) {
        expect(row, month).toBeUndefined();
        continue;
      }
      expect(row, month).toMatchObject({
        closed: closed.length,
        priced: closed.filter((ticket) => ticket.partner_amount_paise !== null).length,
        partner_amount: closed.reduce((sum, ticket) => sum + (ticket.partner_amount_paise ?? 0), 0),
      });
    }
  });

  it('is refused to those whose menus lack the report: a dealer, and everyone when the organization switched the tab off', async () => {
    const dealer = await world.as('DEALER_OWNER', GetPartnersClosedTicketReport, {
      from_month: thisMonth,
      to_month: thisMonth,
    });
    expect(dealer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await world.db
      .update(organization)
      .set({ is_enable_partners_monthly_closed_ticket_report_tab: false })
      .where(eq(organization.id, world.org.id));
    try {
      const owner = await world.as('OWNER', GetPartnersClosedTicketReport, {
        from_month: thisMonth,
        to_month: thisMonth,
      });
      expect(owner.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await world.db
        .update(organization)
        .set({ is_enable_partners_monthly_closed_ticket_report_tab: true })
        .where(eq(organization.id, world.org.id));
    }
  });
});

describe('export', () => {
  it('streams a report as .xlsx with every row and the totals, for the EXPORT right', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/GetTicketAgingReport.xlsx?group_by=STATE',
      headers: { cookie: await world.cookieOf('OWNER') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Group');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(7).value).toBe(stored.filter((row) => ACTIVE.has(row.state)).length);

    const bad = await app.app.inject({
      method: 'GET',
      url: '/api/exports/GetTicketAgingReport.xlsx?group_by=CITY',
      headers: { cookie: await world.cookieOf('OWNER') },
    });
    expect(bad.statusCode).toBe(400);
  });
});
