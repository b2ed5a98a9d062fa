import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import {
  GetAttendanceSummary,
  ListAttendanceHistory,
  type ReportData,
} from '@fieldport/contract/operations/reports';
import { newId } from '../../db/ids.ts';
import { member, user } from '../../db/schema/identity.ts';
import { technicianAttendance } from '../../db/schema/tickets.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// The Attendance Report (docs/reports.md#attendance) against days counted here, in JavaScript, from
// the stored check-ins and memberships: the report's code and these counts share nothing but the data.

let app: TestApp;
let world: TicketWorld;
const TIME_ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;
const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
const today = dayOf(new Date());
const from = shiftDay(today, -20);
/** An instant of a day at a time of the organization (India has no daylight saving: +05:30). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

interface Technician {
  membershipId: string;
  userId: string;
  name: string;
  party_id: string | null;
  joined: string;
  active: boolean;
}
let technicians: Technician[] = [];
let stored: (typeof technicianAttendance.$inferSelect)[] = [];

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  const ids = ['TECHNICIAN', 'SECOND_TECHNICIAN', 'PARTNER_TECHNICIAN'].map(
    (who) => world.members[who].membershipId,
  );
  // Members of 40 days' standing, so that the period's working days without a check-in are absences.
  await world.db
    .update(member)
    .set({ createdAt: new Date(Date.now() - 40 * 24 * HOUR) })
    .where(inArray(member.id, ids));
  // A pattern per technician and day: on time, late, not checked out, or away (no row); some days
  // on Sundays too, and one check-in at 10:00 sharp (not late) and one at 10:00:30 (late).
  const times = [
    ['09:30', '18:15'],
    ['10:20', '18:45'],
    ['09:55', null],
    null,
    ['08:45', '17:05'],
    ['10:00', '19:00'],
  ] as const;
  for (const [index, membershipId] of ids.entries()) {
    for (let offset = 0; offset <= 20; offset += 1) {
      const day = shiftDay(from, offset);
      if (day >= today) continue;
      const pattern = times[(offset + index * 2) % times.length];
      if (!pattern) continue;
      const checkedIn =
        offset === 1 && index === 0 ? new Date(at(day, '10:00').getTime() + 30_000) : at(day, pattern[0]);
      await world.db.insert(technicianAttendance).values({
        id: newId(),
        organization_id: world.org.id,
        member_id: membershipId,
        day,
        checked_in_at: checkedIn,
        checked_out_at: pattern[1] ? at(day, pattern[1]) : null,
      });
    }
  }
  const people = await world.db
    .select({
      membershipId: member.id,
      userId: member.userId,
      name: user.name,
      party_id: member.party_id,
      created: member.createdAt,
      status: member.status,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, world.org.id), eq(member.role, 'TECHNICIAN')));
  stored = await world.db
    .select()
    .from(technicianAttendance)
    .where(eq(technicianAttendance.organization_id, world.org.id));
  // Counted from the membership's day, or the first check-in when that came earlier.
  technicians = people.map((person) => ({
    ...person,
    joined: [
      dayOf(person.created),
      ...stored.filter((row) => row.member_id === person.membershipId).map((row) => row.day),
    ].sort()[0],
    active: person.status === 'ACTIVE',
  }));
});
afterAll(async () => {
  await app?.close();
});

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const shown = new Intl.DateTimeFormat('en-IN', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

interface ExpectedDay {
  technician: Technician;
  day: string;
  checked_in: string | null;
  checked_out: string | null;
  hours: number | null;
  late: boolean;
  status: string;
}

/** The days as counted here: a row's check-in after 10:00:00 is late; a working day before today without one, absent. */
function expectedDays(of: (technician: Technician) => boolean, first = from, last = today): ExpectedDay[] {
  const days: ExpectedDay[] = [];
  for (const technician of technicians.filter(of)) {
    for (let day = first; day <= last; day = shiftDay(day, 1)) {
      const row = stored.find((entry) => entry.member_id === technician.membershipId && entry.day === day);
      if (row) {
        const late = clock.format(row.checked_in_at) > '10:00:00';
        days.push({
          technician,
          day,
          checked_in: shown.format(row.checked_in_at),
          checked_out: row.checked_out_at ? shown.format(row.checked_out_at) : null,
          hours: row.checked_out_at
            ? Math.round(((row.checked_out_at.getTime() - row.checked_in_at.getTime()) / HOUR) * 10) / 10
            : null,
          late,
          status: row.checked_out_at ? (late ? 'Late' : 'Present') : 'Not checked out',
        });
      } else if (
        technician.active &&
        day < today &&
        day >= technician.joined &&
        new Date(`${day}T12:00:00Z`).getUTCDay() !== 0
      ) {
        days.push({
          technician,
          day,
          checked_in: null,
          checked_out: null,
          hours: null,
          late: false,
          status: 'Absent',
        });
      }
    }
  }
  return days;
}

function checkDays(data: ReportData, expected: ExpectedDay[]) {
  expect(data.total_count).toBe(expected.length);
  for (const day of expected) {
    const row = data.rows.find(
      (entry) => entry.technician_name === day.technician.name && entry.day === dayWords(day.day),
    );
    expect(row, `${day.technician.name} ${day.day}`).toEqual({
      technician_name: day.technician.name,
      day: dayWords(day.day),
      checked_in: day.checked_in,
      checked_out: day.checked_out,
      hours: day.hours,
      status: day.status,
    });
  }
  const hours = expected.reduce((sum, day) => sum + (day.hours ?? 0), 0);
  expect(data.totals.technician_name).toBe('Total');
  expect(data.totals.hours).toBeCloseTo(hours, 5);
}

const all = { from_date: from, to_date: today, page_size: 100 };

describe('attendance by day', () => {
  it("shows every technician's days: check-in and out in the organization's time, hours and status", async () => {
    const expected = expectedDays(() => true);
    // The data must exercise every status and the boundary of late, or the checks prove little.
    for (const status of ['Present', 'Late', 'Absent', 'Not checked out'])
      expect(
        expected.some((day) => day.status === status),
        status,
      ).toBe(true);
    expect(expected.some((day) => day.checked_in === '10:00 am' && day.status === 'Present')).toBe(true);
    expect(stored.some((row) => clock.format(row.checked_in_at) === '10:00:30')).toBe(true);
    // No absence on a Sunday, nor today.
    expect(
      expected.some((day) => day.status === 'Absent' && new Date(`${day.day}T12:00:00Z`).getUTCDay() === 0),
    ).toBe(false);

    const data = await world.ok('OWNER', ListAttendanceHistory, all);
    checkDays(data, expected);
    // The chart: hours per day over the technicians, the days in order.
    const dayList = [...new Set(expected.map((day) => day.day))].sort();
    expect(data.chart.labels).toEqual(dayList.map((day) => dayWords(day).replace(/ \d{4}$/, '')));
    const perDay = dayList.map((day) =>
      expected.filter((entry) => entry.day === day).reduce((sum, entry) => sum + (entry.hours ?? 0), 0),
    );
    data.chart.series[0].values.forEach((value, index) => expect(value).toBeCloseTo(perDay[index], 5));
  });

  it('filters by technician and by service partner', async () => {
    const second = world.members.SECOND_TECHNICIAN;
    checkDays(
      await world.ok('OWNER', ListAttendanceHistory, { ...all, technician_user_id: second.userId }),
      expectedDays((technician) => technician.userId === second.userId),
    );
    checkDays(
      await world.ok('OWNER', ListAttendanceHistory, { ...all, partner_party_id: world.partner.id }),
      expectedDays((technician) => technician.party_id === world.partner.id),
    );
  });

  it("shows a partner's users their partner's technicians only, and a dealer's users none", async () => {
    const theirs = expectedDays((technician) => technician.party_id === world.partner.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThan(expectedDays(() => true).length);
    checkDays(await world.ok('SERVICE_PARTNER', ListAttendanceHistory, all), theirs);
    checkDays(await world.ok('PARTNER_AGENT', ListAttendanceHistory, all), theirs);
    // Asking for another technician by name does not get past the wall.
    checkDays(
      await world.ok('SERVICE_PARTNER', ListAttendanceHistory, {
        ...all,
        technician_user_id: world.members.TECHNICIAN.userId,
      }),
      [],
    );
    checkDays(await world.ok('DEALER_OWNER', ListAttendanceHistory, all), []);
    // A technician's menu has no Attendance Report.
    const refused = await world.as('TECHNICIAN', ListAttendanceHistory, all);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a period longer than 62 days, naming the field', async () => {
    const long = await world.as('OWNER', ListAttendanceHistory, {
      from_date: shiftDay(today, -62),
      to_date: today,
    });
    expect(long.errors?.[0]?.message).toBe('to_date: The period must be at most 62 days');
    const backwards = await world.as('OWNER', ListAttendanceHistory, { from_date: today, to_date: from });
    expect(backwards.errors?.[0]?.message).toBe('from_date must not be after to_date');
  });
});

describe('attendance summary', () => {
  it("sums each technician's days present, late, absent and not checked out, and the hours", async () => {
    const data = await world.ok('OWNER', GetAttendanceSummary, all);
    const expected = expectedDays(() => true);
    const names = [...new Set(expected.map((day) => day.technician.name))];
    expect(data.total_count).toBe(names.length);
    for (const name of names) {
      const mine = expected.filter((day) => day.technician.name === name);
      const row = data.rows.find((entry) => entry.technician_name === name);
      expect(row, name).toMatchObject({
        present: mine.filter((day) => day.status !== 'Absent').length,
        late: mine.filter((day) => day.late).length,
        absent: mine.filter((day) => day.status === 'Absent').length,
        not_checked_out: mine.filter((day) => day.status === 'Not checked out').length,
      });
      expect(row!.hours, name).toBeCloseTo(
        mine.reduce((sum, day) => sum + (day.hours ?? 0), 0),
        5,
      );
    }
    expect(data.totals).toMatchObject({
      technician_name: 'Total',
      present: expected.filter((day) => day.status !== 'Absent').length,
      absent: expected.filter((day) => day.status === 'Absent').length,
    });
    expect(data.chart.series.map((series) => series.key)).toEqual(['present', 'late', 'absent']);

    const partner = await world.ok('SERVICE_PARTNER', GetAttendanceSummary, all);
    const theirs = expectedDays((technician) => technician.party_id === world.partner.id);
    expect(partner.rows.map((row) => row.technician_name)).toEqual([
      ...new Set(theirs.map((day) => day.technician.name)),
    ]);
  });

  it('exports the days with the hours totalled as .xlsx', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/exports/ListAttendanceHistory.xlsx?from_date=${from}&to_date=${today}`,
      headers: { cookie: await world.cookieOf('OWNER') },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Technician');
    const expected = expectedDays(() => true);
    expect(sheet.rowCount).toBe(expected.length + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(Number(last.getCell(5).value)).toBeCloseTo(
      expected.reduce((sum, day) => sum + (day.hours ?? 0), 0),
      5,
    );
  });
});
