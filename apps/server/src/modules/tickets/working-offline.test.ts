import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendanceCheckIn,
  AttendanceCheckOut,
  Get_Attendance_Status,
  Get_Ticket_Details,
  HoldOrResumeTicket,
  ReassignOrOpenTheAssignedTicket,
  TicketInteraction,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { deviceAction } from '../../db/schema/platform.ts';
import { ALREADY_RECEIVED, purgeDeviceActions } from '../../platform/device-actions.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TICKET_NOT_FOUND } from './ticket-rules.ts';
import { ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// Actions queued on the technician's phone and sent later with taken_at
// (docs/product.md#working-offline), as the field app sends them.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const MINUTE = 60_000;

/** A whole second `ms` from now, so that it reads back exactly. */
const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000);

/** The instant as a phone in India writes it: local time with its +05:30 offset. */
function asPhoneWrites(at: Date): string {
  const local = new Date(at.getTime() + 330 * MINUTE).toISOString().slice(0, 19);
  return `${local}+05:30`;
}

/** An accepted ticket of the world's technician, its timeline made `minutesAgo` minutes ago. */
const acceptedTicket = (minutesAgo: number) =>
  world.seed({
    state: 'ACCEPTED',
    technician_id: world.members.TECHNICIAN.membershipId,
    created_at: fromNow(-minutesAgo * MINUTE),
  });

async function details(who: string, ticketId: string) {
  return (await world.ok(who, Get_Ticket_Details, { ticket_id: ticketId })).items[0];
}

function organizationDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: world.org.time_zone }).format(at);
}

/**
 * How far back a day's check-in and check-out are taken so that all of them fall on one of the
 * organization's days: now, or two hours ago in the hour after its midnight (a run at 00:20 there
 * would otherwise take them on two days).
 */
function withinOneDay(): number {
  return organizationDay(fromNow(-60 * MINUTE)) === organizationDay(fromNow(0)) ? 0 : -120 * MINUTE;
}

/**
 * `ms` ago if that is still the organization's today, otherwise now (a whole second, which is on
 * today: its midnight falls on a whole second).
 */
function earlierToday(ms: number): Date {
  const earlier = fromNow(-ms);
  const now = fromNow(0);
  return organizationDay(earlier) === organizationDay(now) ? earlier : now;
}

describe('a ticket action sent later', () => {
  it('is recorded when it was taken, in the order taken, with when it was received', async () => {
    const row = await acceptedTicket(60);
    const startedAt = fromNow(-22 * MINUTE);
    const notedAt = fromNow(-20 * MINUTE);
    const heldAt = fromNow(-18 * MINUTE);
    const sentFrom = Date.now();

    const started = await world.as('TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
      taken_at: asPhoneWrites(startedAt),
    });
    expect(started.errors).toBeUndefined();
    expect(started.envelope?.status_message).toBe(
      `Ticket ${row.ticket_number} is in progress: ${world.subStage.name}`,
    );
    const note = await world.as('TECHNICIAN', TicketInteraction, {
      ticket_id: row.id,
      kind: 'NOTE',
      text: 'Compressor replaced',
      taken_at: asPhoneWrites(notedAt),
    });
    expect(note.envelope?.status_message).toBe('Note added');
    expect(note.envelope?.data.items[0]).toMatchObject({
      kind: 'NOTE',
      created_on: notedAt.toISOString(),
    });
    const held = await world.as('TECHNICIAN', HoldOrResumeTicket, {
      ticket_id: row.id,
      action: 'HOLD',
      reason: 'Waiting for the gas refill',
      taken_at: asPhoneWrites(heldAt),
    });
    expect(held.envelope?.status_message).toBe(`Ticket ${row.ticket_number} is on hold`);
    // Sent as taken: recorded now, after the queued ones.
    await world.ok('TECHNICIAN', HoldOrResumeTicket, { ticket_id: row.id, action: 'RESUME' });

    const ticket = await details('AGENT', row.id);
    expect(ticket.state).toBe('IN_PROGRESS');
    expect(Date.parse(ticket.updated_on)).toBeGreaterThanOrEqual(sentFrom - 1000);
    const [, , work, noted, hold, resumed] = ticket.timeline;
    expect(ticket.timeline.map((event) => event.kind)).toEqual([
      'CREATED',
      'ACCEPTED',
      'WORK_UPDATED',
      'NOTE',
      'HELD',
      'RESUMED',
    ]);
    expect(work).toMatchObject({
      from_state: 'ACCEPTED',
      to_state: 'IN_PROGRESS',
      created_on: startedAt.toISOString(),
      details: { wip_sub_stage_name: world.subStage.name },
    });
    expect(noted).toMatchObject({ text: 'Compressor replaced', created_on: notedAt.toISOString() });
    expect(hold).toMatchObject({
      from_state: 'IN_PROGRESS',
      to_state: 'ON_HOLD',
      created_on: heldAt.toISOString(),
    });
    for (const event of [work, noted, hold]) {
      expect(Date.parse(String(event.details?.received_at))).toBeGreaterThanOrEqual(sentFrom - 1000);
    }
    expect(resumed.details?.received_at).toBeUndefined();
    expect(Date.parse(resumed.created_on)).toBeGreaterThanOrEqual(sentFrom - 1000);
  });

  it('is never placed before the ticket’s latest entry', async () => {
    const row = await acceptedTicket(5);
    const accepted = (await details('TECHNICIAN', row.id)).timeline.at(-1)!;
    await world.ok('TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
      taken_at: asPhoneWrites(fromNow(-20 * MINUTE)),
    });
    const timeline = (await details('TECHNICIAN', row.id)).timeline;
    expect(timeline.map((event) => event.kind)).toEqual(['CREATED', 'ACCEPTED', 'WORK_UPDATED']);
    expect(timeline[2].created_on).toBe(accepted.created_on);
    expect(timeline[2].details?.received_at).toEqual(expect.any(String));
  });

  it('taken a little ahead of the server’s clock is recorded as now', async () => {
    const row = await acceptedTicket(60);
    const answer = await world.as('TECHNICIAN', TicketInteraction, {
      ticket_id: row.id,
      kind: 'CALL',
      text: 'Customer on the way home',
      taken_at: asPhoneWrites(fromNow(3 * MINUTE)),
    });
    expect(answer.envelope?.status_message).toBe('Call added');
    expect(Date.parse(answer.envelope!.data.items[0].created_on)).toBeLessThanOrEqual(Date.now());
  });

  it('taken in the future is refused on taken_at, and nothing is written', async () => {
    const row = await acceptedTicket(60);
    const before = await details('AGENT', row.id);
    const future = asPhoneWrites(fromNow(10 * MINUTE));
    const work = await world.as('TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
      taken_at: future,
    });
    const note = await world.as('TECHNICIAN', TicketInteraction, {
      ticket_id: row.id,
      kind: 'NOTE',
      text: 'From the future',
      taken_at: future,
    });
    for (const answer of [work, note]) {
      expect(answer.errors?.[0]).toMatchObject({
        message: "taken_at is in the future: check the phone's clock.",
        extensions: { code: 'BAD_USER_INPUT', field: 'taken_at' },
      });
    }
    expect(await details('AGENT', row.id)).toEqual(before);
  });

  it('taken more than 7 days ago is refused on taken_at, and nothing is written', async () => {
    const row = await acceptedTicket(60 * 24 * 9);
    const before = await details('AGENT', row.id);
    const answer = await world.as('TECHNICIAN', HoldOrResumeTicket, {
      ticket_id: row.id,
      action: 'HOLD',
      reason: 'Waiting for parts',
      taken_at: asPhoneWrites(fromNow(-(7 * 24 * 60 + 1) * MINUTE)),
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'This action was taken more than 7 days ago and can no longer be sent.',
      extensions: { code: 'BAD_USER_INPUT', field: 'taken_at' },
    });
    expect(await details('AGENT', row.id)).toEqual(before);
  });

  it('is checked against the ticket as it is now: one reassigned meanwhile refuses it', async () => {
    const row = await acceptedTicket(60);
    const takenAt = asPhoneWrites(fromNow(-10 * MINUTE));
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'ASSIGN',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
    });
    const before = await details('AGENT', row.id);
    const answer = await world.as('TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
      taken_at: takenAt,
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: TICKET_NOT_FOUND,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await details('AGENT', row.id)).toEqual(before);
  });

  it('with a taken_at that is not a time is refused by the contract', async () => {
    const row = await acceptedTicket(60);
    for (const takenAt of ['yesterday at 10', '2026-11-25T10:42:00']) {
      const answer = await world.as('TECHNICIAN', TicketInteraction, {
        ticket_id: row.id,
        kind: 'NOTE',
        text: 'Checked the wiring',
        taken_at: takenAt,
      });
      expect(answer.errors?.[0]).toMatchObject({
        message: 'taken_at must be a time such as 2026-11-25T10:42:00+05:30',
        extensions: { code: 'BAD_USER_INPUT', field: 'taken_at' },
      });
    }
    expect((await details('TECHNICIAN', row.id)).timeline).toHaveLength(2);
  });
});

describe('attendance sent later', () => {
  it('records the check-in and check-out when they were taken, and refuses a check-out before the check-in', async () => {
    const back = withinOneDay();
    const checkedInAt = fromNow(back - 30 * MINUTE);
    const checkedIn = await world.as('PARTNER_TECHNICIAN', AttendanceCheckIn, {
      taken_at: asPhoneWrites(checkedInAt),
    });
    expect(checkedIn.envelope?.status_message).toBe('Checked in');
    expect(checkedIn.envelope?.data.items[0]).toEqual({
      day: organizationDay(checkedInAt),
      checked_in_at: checkedInAt.toISOString(),
      checked_out_at: null,
      available: true,
    });

    const early = await world.as('PARTNER_TECHNICIAN', AttendanceCheckOut, {
      taken_at: asPhoneWrites(fromNow(back - 40 * MINUTE)),
    });
    expect(early.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^This check-out was taken at .+, before your check-in at .+, and cannot be sent\.$/,
      ),
      extensions: { code: 'CONFLICT', field: 'taken_at' },
    });

    const checkedOutAt = fromNow(back - 10 * MINUTE);
    const checkedOut = await world.as('PARTNER_TECHNICIAN', AttendanceCheckOut, {
      taken_at: asPhoneWrites(checkedOutAt),
    });
    expect(checkedOut.envelope?.status_message).toBe('Checked out');
    expect(checkedOut.envelope?.data.items[0]).toMatchObject({
      checked_in_at: checkedInAt.toISOString(),
      checked_out_at: checkedOutAt.toISOString(),
      available: false,
    });
  });

  it('counts on the organization’s day it was taken, with the same limits', async () => {
    const yesterday = fromNow(-26 * 60 * MINUTE);
    const checkedIn = await world.ok('FAR_TECHNICIAN', AttendanceCheckIn, {
      taken_at: asPhoneWrites(yesterday),
    });
    expect(checkedIn.items[0]).toMatchObject({
      day: organizationDay(yesterday),
      checked_in_at: yesterday.toISOString(),
    });
    const today = (await world.ok('FAR_TECHNICIAN', Get_Attendance_Status, {})).items[0];
    expect(today).toEqual({
      day: organizationDay(new Date()),
      checked_in_at: null,
      checked_out_at: null,
      available: false,
    });

    const tooOld = await world.as('FAR_TECHNICIAN', AttendanceCheckIn, {
      taken_at: asPhoneWrites(fromNow(-8 * 24 * 60 * MINUTE)),
    });
    expect(tooOld.errors?.[0]).toMatchObject({
      message: 'This action was taken more than 7 days ago and can no longer be sent.',
      extensions: { code: 'BAD_USER_INPUT', field: 'taken_at' },
    });
  });
});

describe('an action sent again with the same action_id', () => {
  const note = (ticketId: string, actionId: string, text = 'Compressor replaced') => ({
    ticket_id: ticketId,
    kind: 'NOTE',
    text,
    taken_at: asPhoneWrites(fromNow(-10 * MINUTE)),
    action_id: actionId,
  });
  const kinds = async (ticketId: string) =>
    (await details('AGENT', ticketId)).timeline.map((event) => event.kind);
  /** The action ids the server keeps for a member. */
  const receipts = async (who: string) =>
    (
      await world.db
        .select({ action_id: deviceAction.action_id, operation: deviceAction.operation })
        .from(deviceAction)
        .where(eq(deviceAction.user_id, world.members[who].userId))
    ).map((row) => `${row.operation} ${row.action_id}`);

  it('is applied once: a note is on the timeline once, and the second send answers success with it', async () => {
    const row = await acceptedTicket(60);
    const actionId = randomUUID();
    const first = await world.as('TECHNICIAN', TicketInteraction, note(row.id, actionId));
    expect(first.envelope?.status_message).toBe('Note added');
    const again = await world.as('TECHNICIAN', TicketInteraction, note(row.id, actionId));
    expect(again.errors).toBeUndefined();
    expect(again.envelope?.status_message).toBe(ALREADY_RECEIVED);
    expect(again.envelope?.data.items).toEqual(first.envelope?.data.items);
    expect(await kinds(row.id)).toEqual(['CREATED', 'ACCEPTED', 'NOTE']);
  });

  it('is applied once: a hold sent twice holds once, and answers the ticket as it is now', async () => {
    const row = await world.seed({
      state: 'IN_PROGRESS',
      technician_id: world.members.TECHNICIAN.membershipId,
      created_at: fromNow(-60 * MINUTE),
    });
    const hold = {
      ticket_id: row.id,
      action: 'HOLD',
      reason: 'Waiting for parts',
      taken_at: asPhoneWrites(fromNow(-5 * MINUTE)),
      action_id: randomUUID(),
    };
    await world.ok('TECHNICIAN', HoldOrResumeTicket, hold);
    await world.ok('TECHNICIAN', HoldOrResumeTicket, { ticket_id: row.id, action: 'RESUME' });
    const again = await world.as('TECHNICIAN', HoldOrResumeTicket, hold);
    expect(again.errors).toBeUndefined();
    expect(again.envelope?.status_message).toBe(ALREADY_RECEIVED);
    expect(again.envelope?.data.items[0]).toMatchObject({ ticket_id: row.id, state: 'IN_PROGRESS' });
    expect((await kinds(row.id)).filter((kind) => kind === 'HELD')).toHaveLength(1);
  });

  it('answers success, applying nothing, when the ticket was reassigned since it was applied', async () => {
    const row = await acceptedTicket(60);
    const start = {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
      taken_at: asPhoneWrites(fromNow(-10 * MINUTE)),
      action_id: randomUUID(),
    };
    await world.ok('TECHNICIAN', UpdateTicketWorkStatus, start);
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'ASSIGN',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
    });
    const before = await details('AGENT', row.id);
    const again = await world.as('TECHNICIAN', UpdateTicketWorkStatus, start);
    expect(again.errors).toBeUndefined();
    // The ticket as it is now: the reassignment made it ASSIGNED to the other technician.
    expect(again.envelope?.data.items[0]).toMatchObject({ ticket_id: row.id, state: before.state });
    expect(before.state).toBe('ASSIGNED');
    expect(await details('AGENT', row.id)).toEqual(before);
  });

  it('is applied once for a check-in, even sent again after the check-out', async () => {
    // Minutes ago, or now in the organization's first minutes of a day: both must fall on today,
    // which the status reads.
    const checkIn = { taken_at: asPhoneWrites(earlierToday(3 * MINUTE)), action_id: randomUUID() };
    const first = await world.as('TECHNICIAN', AttendanceCheckIn, checkIn);
    expect(first.envelope?.status_message).toBe('Checked in');
    const again = await world.as('TECHNICIAN', AttendanceCheckIn, checkIn);
    expect(again.errors).toBeUndefined();
    expect(again.envelope?.status_message).toBe(ALREADY_RECEIVED);
    expect(again.envelope?.data.items).toEqual(first.envelope?.data.items);

    const checkedOut = await world.ok('TECHNICIAN', AttendanceCheckOut, {
      taken_at: asPhoneWrites(earlierToday(2 * MINUTE)),
      action_id: randomUUID(),
    });
    // Applied again, it would open the day again; it answers the day as it is.
    const late = await world.ok('TECHNICIAN', AttendanceCheckIn, checkIn);
    expect(late.items).toEqual(checkedOut.items);
    expect((await world.ok('TECHNICIAN', Get_Attendance_Status, {})).items[0]).toMatchObject({
      checked_out_at: checkedOut.items[0].checked_out_at,
      available: false,
    });
  });

  it('is applied once when two sends of it arrive at the same time', async () => {
    const row = await acceptedTicket(60);
    const actionId = randomUUID();
    const answers = await Promise.all([
      world.as('TECHNICIAN', TicketInteraction, note(row.id, actionId)),
      world.as('TECHNICIAN', TicketInteraction, note(row.id, actionId)),
    ]);
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined]);
    expect(answers.map((answer) => answer.envelope?.status_message).sort()).toEqual(
      [ALREADY_RECEIVED, 'Note added'].sort(),
    );
    expect(await kinds(row.id)).toEqual(['CREATED', 'ACCEPTED', 'NOTE']);
  });

  it('with an action_id that is not a UUID is refused by the contract, and nothing is written', async () => {
    const row = await acceptedTicket(60);
    const kept = await receipts('SECOND_TECHNICIAN');
    const ticketBefore = await details('AGENT', row.id);
    const attendanceBefore = await world.ok('SECOND_TECHNICIAN', Get_Attendance_Status, {});
    const answers = [
      await world.as('TECHNICIAN', TicketInteraction, note(row.id, 'note-1')),
      await world.as('SECOND_TECHNICIAN', AttendanceCheckIn, { action_id: '12345' }),
    ];
    for (const answer of answers) {
      expect(answer.errors?.[0]).toMatchObject({
        message: 'action_id must be a UUID such as 3f2b8c1e-9d4a-4e7b-8a6c-2d1e0f9b7a54',
        extensions: { code: 'BAD_USER_INPUT', field: 'action_id' },
      });
    }
    expect(await details('AGENT', row.id)).toEqual(ticketBefore);
    expect(await world.ok('SECOND_TECHNICIAN', Get_Attendance_Status, {})).toEqual(attendanceBefore);
    expect(await receipts('SECOND_TECHNICIAN')).toEqual(kept);
  });

  it('is another action from another user or organization, and refused for another operation', async () => {
    const elsewhere = await ticketWorld(app);
    const actionId = randomUUID();
    const mine = await acceptedTicket(60);
    const theirs = await world.seed({
      state: 'ACCEPTED',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
      created_at: fromNow(-60 * MINUTE),
    });
    await world.ok('TECHNICIAN', TicketInteraction, note(mine.id, actionId, 'Mine'));
    const other = await world.as('SECOND_TECHNICIAN', TicketInteraction, note(theirs.id, actionId, 'Theirs'));
    expect(other.envelope?.status_message).toBe('Note added');
    expect(other.envelope?.data.items[0]).toMatchObject({ text: 'Theirs' });
    const otherOrganization = await elsewhere.as('TECHNICIAN', AttendanceCheckIn, {
      taken_at: asPhoneWrites(fromNow(-5 * MINUTE)),
      action_id: actionId,
    });
    expect(otherOrganization.envelope?.status_message).toBe('Checked in');
    expect(await kinds(mine.id)).toEqual(['CREATED', 'ACCEPTED', 'NOTE']);
    expect(await kinds(theirs.id)).toEqual(['CREATED', 'ACCEPTED', 'NOTE']);

    const reused = await world.as('TECHNICIAN', HoldOrResumeTicket, {
      ticket_id: mine.id,
      action: 'HOLD',
      reason: 'Waiting for parts',
      action_id: actionId,
    });
    expect(reused.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'action_id' },
    });
    expect(await kinds(mine.id)).toEqual(['CREATED', 'ACCEPTED', 'NOTE']);
  });

  it('is forgotten 8 days after it was received, by the daily purge', async () => {
    const row = await acceptedTicket(60);
    const [old, recent] = [randomUUID(), randomUUID()];
    await world.ok('TECHNICIAN', TicketInteraction, note(row.id, old, 'Old'));
    await world.ok('TECHNICIAN', TicketInteraction, note(row.id, recent, 'Recent'));
    await world.db
      .update(deviceAction)
      .set({ received_at: fromNow(-(8 * 24 * 60 + 1) * MINUTE) })
      .where(and(eq(deviceAction.user_id, world.members.TECHNICIAN.userId), eq(deviceAction.action_id, old)));
    await purgeDeviceActions(world.db);
    const kept = await receipts('TECHNICIAN');
    expect(kept).toContain(`TicketInteraction ${recent}`);
    expect(kept).not.toContain(`TicketInteraction ${old}`);
  });
});
