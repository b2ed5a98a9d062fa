import { and, eq, isNull, lte, type SQL } from 'drizzle-orm';
import {
  AttendanceCheckIn,
  AttendanceCheckOut,
  Get_Attendance_Status,
  type AttendanceStatus,
} from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { technicianAttendance } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { ALREADY_RECEIVED, receiveDeviceAction } from '../../platform/device-actions.ts';
import { actionTimeOf } from '../../platform/taken-at.ts';
import { newId } from '../../db/ids.ts';
import { organizationDayOf, todayOf } from './ticket-scope.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * A technician's attendance: one row per technician and day of the
 * organization; checked in and not yet out counts as available for automatic assignment.
 * Only technicians call these: their access is 'My Work', in technicians' menus only. A check-in
 * or check-out sent later counts at the time it was taken, on that time's day; one sent again with
 * the same action_id is answered with the attendance as it is, not applied twice
 * (docs/product.md#working-offline).
 */

/** The caller's own attendance rows that also meet `conditions`. */
function ownAttendance(caller: Caller, ...conditions: SQL[]) {
  return and(
    inOrganization(technicianAttendance, caller),
    eq(technicianAttendance.member_id, caller.membership.id),
    ...conditions,
  );
}

async function todayRow(db: Db, caller: Caller, day: string) {
  const [row] = await db
    .select()
    .from(technicianAttendance)
    .where(ownAttendance(caller, eq(technicianAttendance.day, day)));
  return row;
}

/**
 * The attendance an action sent again acted on, as it is now (the day's row it wrote, or today's
 * when it has gone).
 */
async function answerAgain(db: Db, caller: Caller, recordId: string | null) {
  const [row] = recordId
    ? await db
        .select()
        .from(technicianAttendance)
        .where(ownAttendance(caller, eq(technicianAttendance.id, recordId)))
    : [];
  const day = row?.day ?? todayOf(caller);
  const status = toStatus(day, row ?? (await todayRow(db, caller, day)));
  return { data: { items: [status] }, message: ALREADY_RECEIVED };
}

function toStatus(day: string, row: typeof technicianAttendance.$inferSelect | undefined): AttendanceStatus {
  return {
    day,
    checked_in_at: row?.checked_in_at.toISOString() ?? null,
    checked_out_at: row?.checked_out_at?.toISOString() ?? null,
    available: Boolean(row && !row.checked_out_at),
  };
}

const timeOf = (caller: Caller, at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: caller.organization.time_zone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

export const getAttendanceStatus = defineHandler(Get_Attendance_Status, async (_input, { db, caller }) => {
  const day = todayOf(caller);
  return { data: { items: [toStatus(day, await todayRow(db, caller, day))] } };
});

/** Checking in again after checking out the same day opens the day again. */
export const attendanceCheckIn = defineHandler(AttendanceCheckIn, async (input, context) => {
  const { db, caller } = context;
  context.auditTarget = caller.membership.id;
  const receipt = await receiveDeviceAction(db, caller, AttendanceCheckIn.name, input.action_id);
  if (receipt.repeated) return answerAgain(db, caller, receipt.recordId);
  const { takenAt } = actionTimeOf(input.taken_at);
  const day = organizationDayOf(caller, takenAt);
  const existing = await todayRow(db, caller, day);
  if (existing && !existing.checked_out_at) {
    throw conflict(`You checked in today at ${timeOf(caller, existing.checked_in_at)} already.`);
  }
  if (existing) {
    await db
      .update(technicianAttendance)
      .set({ checked_out_at: null })
      .where(eq(technicianAttendance.id, existing.id));
  } else {
    await db
      .insert(technicianAttendance)
      .values({
        id: newId(),
        organization_id: caller.organization.id,
        member_id: caller.membership.id,
        day,
        checked_in_at: takenAt,
      })
      .onConflictDoNothing();
  }
  const row = await todayRow(db, caller, day);
  if (row) await receipt.applied(row.id);
  return { data: { items: [toStatus(day, row)] }, message: 'Checked in' };
});

export const attendanceCheckOut = defineHandler(AttendanceCheckOut, async (input, context) => {
  const { db, caller } = context;
  context.auditTarget = caller.membership.id;
  const receipt = await receiveDeviceAction(db, caller, AttendanceCheckOut.name, input.action_id);
  if (receipt.repeated) return answerAgain(db, caller, receipt.recordId);
  const { takenAt } = actionTimeOf(input.taken_at);
  const day = organizationDayOf(caller, takenAt);
  const [row] = await db
    .update(technicianAttendance)
    .set({ checked_out_at: takenAt })
    .where(
      ownAttendance(
        caller,
        eq(technicianAttendance.day, day),
        isNull(technicianAttendance.checked_out_at),
        lte(technicianAttendance.checked_in_at, takenAt),
      ),
    )
    .returning();
  if (!row) {
    const existing = await todayRow(db, caller, day);
    if (existing && !existing.checked_out_at) {
      throw conflict(
        `This check-out was taken at ${timeOf(caller, takenAt)}, before your check-in at ${timeOf(caller, existing.checked_in_at)}, and cannot be sent.`,
        'taken_at',
      );
    }
    throw conflict(
      existing
        ? `You checked out today at ${timeOf(caller, existing.checked_out_at!)} already.`
        : 'You have not checked in today. Check in first.',
    );
  }
  await receipt.applied(row.id);
  return { data: { items: [toStatus(day, row)] }, message: 'Checked out' };
});
