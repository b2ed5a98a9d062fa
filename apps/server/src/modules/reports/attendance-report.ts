import { and, asc, eq, gte, inArray, lte, min, type SQL } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  ATTENDANCE_DAY_START,
  ATTENDANCE_WEEKLY_OFF,
  GetAttendanceSummary,
  ListAttendanceHistory,
  type AttendanceDayStatus,
  type ReportRow,
} from '@fieldport/contract/operations/reports';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { technicianAttendance } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Handler } from '../../platform/handler.ts';
import { dayWords, todayOf } from '../../platform/organization-days.ts';
import { defineReport } from '../../platform/reports.ts';
import { callerKind } from '../tickets/ticket-scope.ts';
import { chartDay, summedChart } from './summed-chart.ts';

// The Attendance Report (docs/reports.md#attendance): each technician's days from their check-ins
// and check-outs (technician_attendance, written by tickets/attendance.ts), by day or summed over
// the period. The technicians are the caller's: a party's users see their party's technicians only.

type Input = ParsedInputOf<typeof ListAttendanceHistory>;

/** One technician's day as the report reads it. */
export interface AttendanceDay {
  member_id: string;
  technician_name: string;
  day: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  /** Hours from check-in to check-out, one decimal; null without a check-out. */
  hours: number | null;
  late: boolean;
  status: AttendanceDayStatus;
}

/** The technicians (members of role Technician) the caller may see, as the input narrows them. */
function technicianConditions(caller: Caller, input: Input): SQL {
  const kind = callerKind(caller);
  return and(
    eq(member.organizationId, caller.organization.id),
    eq(member.role, 'TECHNICIAN'),
    // Staff see every technician; a party's users their party's (a dealer has none); anyone else
    // only themselves.
    kind === 'STAFF'
      ? undefined
      : caller.party
        ? eq(member.party_id, caller.party.id)
        : eq(member.id, caller.membership.id),
    input.partner_party_id ? eq(member.party_id, input.partner_party_id) : undefined,
    input.technician_user_id ? eq(member.userId, input.technician_user_id) : undefined,
  )!;
}

const clocks = new Map<string, { time: Intl.DateTimeFormat; seconds: Intl.DateTimeFormat }>();
/** The organization's clock: '09:42 am' as the screens read it, '09:42:10' to compare. */
function clockOf(timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = {
      time: new Intl.DateTimeFormat('en-IN', { timeZone, hour: '2-digit', minute: '2-digit' }),
      seconds: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The weekday of a calendar day, 0 for Sunday. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * Every day of the period for each technician the caller may see: a day with a check-in is
 * Present, Late (checked in after ATTENDANCE_DAY_START) or Not checked out; a working day before
 * today without one is Absent, from the day the technician's membership was made or their first
 * check-in, whichever came first (an active technician's only); the weekly day off and days still to come without a check-in are not shown.
 */
export async function attendanceDays(db: Db, caller: Caller, input: Input): Promise<AttendanceDay[]> {
  const timeZone = caller.organization.time_zone;
  const clock = clockOf(timeZone);
  const today = todayOf(caller);
  const technicians = await db
    .select({ id: member.id, name: user.name, status: member.status, created_at: member.createdAt })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(technicianConditions(caller, input))
    .orderBy(asc(user.name), asc(member.id));
  if (technicians.length === 0) return [];
  const stored = await db
    .select()
    .from(technicianAttendance)
    .where(
      and(
        eq(technicianAttendance.organization_id, caller.organization.id),
        inArray(
          technicianAttendance.member_id,
          technicians.map((technician) => technician.id),
        ),
        gte(technicianAttendance.day, input.from_date),
        lte(technicianAttendance.day, input.to_date),
      ),
    );
  const byKey = new Map(stored.map((row) => [`${row.member_id} ${row.day}`, row]));
  // Each technician's first check-in ever: one who checked in before their membership's day (a
  // membership made again, or data brought in) counts from then.
  const firsts = await db
    .select({ member_id: technicianAttendance.member_id, first: min(technicianAttendance.day) })
    .from(technicianAttendance)
    .where(
      and(
        eq(technicianAttendance.organization_id, caller.organization.id),
        inArray(
          technicianAttendance.member_id,
          technicians.map((technician) => technician.id),
        ),
      ),
    )
    .groupBy(technicianAttendance.member_id);
  const firstOf = new Map(firsts.map((row) => [row.member_id, row.first]));
  const days: AttendanceDay[] = [];
  for (const technician of technicians) {
    const made = dayOfInstant(technician.created_at, timeZone);
    const first = firstOf.get(technician.id);
    const joined = first && first < made ? first : made;
    for (let day = input.from_date; day <= input.to_date; day = shiftDay(day, 1)) {
      const row = byKey.get(`${technician.id} ${day}`);
      if (row) {
        const late = clock.seconds.format(row.checked_in_at) > `${ATTENDANCE_DAY_START}:00`;
        const hours = row.checked_out_at
          ? Math.round((row.checked_out_at.getTime() - row.checked_in_at.getTime()) / 360_000) / 10
          : null;
        days.push({
          member_id: technician.id,
          technician_name: technician.name,
          day,
          checked_in_at: row.checked_in_at,
          checked_out_at: row.checked_out_at,
          hours,
          late,
          status: !row.checked_out_at ? 'Not checked out' : late ? 'Late' : 'Present',
        });
      } else if (
        technician.status === 'ACTIVE' &&
        day < today &&
        day >= joined &&
        weekdayOf(day) !== ATTENDANCE_WEEKLY_OFF
      ) {
        days.push({
          member_id: technician.id,
          technician_name: technician.name,
          day,
          checked_in_at: null,
          checked_out_at: null,
          hours: null,
          late: false,
          status: 'Absent',
        });
      }
    }
  }
  return days;
}

const dayOfInstant = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

export async function attendanceRows(db: Db, caller: Caller, input: Input): Promise<ReportRow[]> {
  const clock = clockOf(caller.organization.time_zone);
  const time = (at: Date | null) => (at ? clock.time.format(at) : null);
  return (await attendanceDays(db, caller, input)).map((day) => ({
    technician_name: day.technician_name,
    day: dayWords(day.day),
    checked_in: time(day.checked_in_at),
    checked_out: time(day.checked_out_at),
    hours: day.hours,
    status: day.status,
  }));
}

/** Per technician over the period: the days by status and the hours, from the same days. */
export async function attendanceSummaryRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetAttendanceSummary>,
): Promise<ReportRow[]> {
  const summary = new Map<
    string,
    { name: string; present: number; late: number; absent: number; not_checked_out: number; hours: number }
  >();
  for (const day of await attendanceDays(db, caller, input)) {
    const figures = summary.get(day.member_id) ?? {
      name: day.technician_name,
      present: 0,
      late: 0,
      absent: 0,
      not_checked_out: 0,
      hours: 0,
    };
    if (day.status === 'Absent') figures.absent += 1;
    else figures.present += 1;
    if (day.late) figures.late += 1;
    if (day.status === 'Not checked out') figures.not_checked_out += 1;
    figures.hours += day.hours ?? 0;
    summary.set(day.member_id, figures);
  }
  return [...summary.values()].map(({ name, ...figures }) => ({
    technician_name: name,
    ...figures,
    hours: Math.round(figures.hours * 10) / 10,
  }));
}

export const listAttendanceHistory = defineReport(ListAttendanceHistory, {
  rows: attendanceRows,
  // Hours per day over the technicians shown.
  chart: { of: (rows) => summedChart(ListAttendanceHistory.name, rows, chartDay, ['hours']) },
});

export const getAttendanceSummary = defineReport(GetAttendanceSummary, {
  rows: attendanceSummaryRows,
  chart: { labelOf: (row) => String(row.technician_name), series: ['present', 'late', 'absent'] },
});

export const attendanceReportHandlers: Handler[] = [listAttendanceHistory, getAttendanceSummary] as Handler[];
