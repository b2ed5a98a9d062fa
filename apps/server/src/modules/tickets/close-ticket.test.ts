import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CloseTicket,
  Get_Ticket_Details,
  SendTicketClosureOtp,
} from '@fieldport/contract/operations/tickets';
import { customer } from '../../db/schema/customers.ts';
import { organization } from '../../db/schema/identity.ts';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { call, mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { auditOf, storedTicket, ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// docs/tickets.md#closing-with-the-customers-closure-code.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

/** The closure codes mailed to the customer (of one ticket, when given), oldest first, as the customer reads them. */
async function mailedCodes(of: TicketWorld = world, ticketNumber?: string): Promise<string[]> {
  return (await mailsTo(app, of.customerEmail))
    .filter((entry) =>
      ticketNumber
        ? entry.subject === `Closure code for your service request ${ticketNumber}`
        : entry.subject.startsWith('Closure code'),
    )
    .map((entry) => entry.body_text?.match(/Your closure code is (\d+)\./)?.[1] ?? '');
}

/** The newest closure code mailed to the customer. */
async function mailedCode(of: TicketWorld = world, ticketNumber?: string): Promise<string> {
  const code = (await mailedCodes(of, ticketNumber)).at(-1);
  if (!code) throw new Error('No closure code was mailed');
  return code;
}

/** Another code of the same length: a guess that is wrong. */
const wrong = (code: string, by = 1) => String((Number(code) + by) % 1_000_000).padStart(6, '0');

async function inProgress() {
  return world.seed({ state: 'IN_PROGRESS', technician_id: world.members.TECHNICIAN.membershipId });
}

async function codesOf(ticketId: string) {
  return world.db
    .select()
    .from(ticketClosureOtp)
    .where(eq(ticketClosureOtp.ticket_id, ticketId))
    .orderBy(ticketClosureOtp.created_at);
}

/** Moves the ticket's clock on: its codes were sent `ms` earlier than they were. */
async function timePasses(of: TicketWorld, ticketId: string, ms: number) {
  await of.db
    .update(ticketClosureOtp)
    .set({ created_at: sql`${ticketClosureOtp.created_at} - make_interval(secs => ${ms / 1000})` })
    .where(eq(ticketClosureOtp.ticket_id, ticketId));
}

const aMinutePasses = (of: TicketWorld, ticketId: string) => timePasses(of, ticketId, 61_000);

describe('closing with the customer’s code', () => {
  it('mails a 6-digit code kept only hashed for 24 hours, and closes with it, keeping who entered it and when', async () => {
    const row = await inProgress();
    const sent = await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    expect(sent).toEqual({ items: [], sent_to: world.customerEmail, by_sms: false });
    const code = await mailedCode();
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await codesOf(row.id);
    expect(stored.code_hash).not.toContain(code);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeGreaterThan(
      24 * 3600 * 1000 - 5000,
    );
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeLessThanOrEqual(
      24 * 3600 * 1000 + 5000,
    );
    expect(
      (await world.ok('TECHNICIAN', Get_Ticket_Details, { ticket_id: row.id })).items[0].otp_pending,
    ).toBe(true);

    const closed = (await world.ok('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: code })).items[0];
    expect(closed).toMatchObject({ state: 'CLOSED', closed_with: 'OTP' });
    const after = await storedTicket(world.db, row.id);
    expect(after.row).toMatchObject({ closed_by: world.members.TECHNICIAN.userId, closure_reason: null });
    expect(after.events.at(-1)).toMatchObject({
      kind: 'CLOSED',
      from_state: 'IN_PROGRESS',
      to_state: 'CLOSED',
      actor_user_id: world.members.TECHNICIAN.userId,
      details: { closed_with: 'OTP', otp_entered_by: expect.any(String), otp_entered_at: expect.any(String) },
    });
    const [used] = await codesOf(row.id);
    expect(used).toMatchObject({ used_by: world.members.TECHNICIAN.userId, used_at: expect.any(Date) });
    const subjects = (await mailsTo(app, world.customerEmail)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your service request is closed (${row.ticket_number})`);
  });

  it('counts wrong entries although the close fails, and voids the code at the third', async () => {
    const row = await inProgress();
    await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const code = await mailedCode();
    const messages: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: wrong(code) });
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'otp' });
      messages.push(answer.errors![0].message);
    }
    expect(messages).toEqual([
      'The closure code is wrong. 2 attempts left.',
      'The closure code is wrong. 1 attempt left.',
      'The closure code is wrong 3 times, so it no longer works. Send the customer a new closure code.',
    ]);
    const right = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: code });
    expect(right.errors?.[0]).toMatchObject({
      message:
        'The closure code was entered wrong 3 times and no longer works. Send the customer a new closure code.',
      extensions: { code: 'CONFLICT', field: 'otp' },
    });
    const after = await storedTicket(world.db, row.id);
    expect(after.row.state).toBe('IN_PROGRESS');
    expect(after.events.filter((event) => event.kind === 'OTP_REFUSED')).toHaveLength(3);
    const [voided] = await codesOf(row.id);
    expect(voided).toMatchObject({ attempts: 3, voided_at: expect.any(Date), used_at: null });
    expect(
      (await world.ok('TECHNICIAN', Get_Ticket_Details, { ticket_id: row.id })).items[0].otp_pending,
    ).toBe(false);
  });

  it('voids the old code when a new one is sent', async () => {
    const row = await inProgress();
    await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const first = await mailedCode();
    await aMinutePasses(world, row.id);
    await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const second = await mailedCode();
    const codes = await codesOf(row.id);
    expect(codes.map((entry) => entry.voided_at !== null)).toEqual([true, false]);
    if (first !== second) {
      const old = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: first });
      expect(old.errors?.[0].message).toBe('The closure code is wrong. 2 attempts left.');
    }
    await world.ok('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: second });
    expect((await storedTicket(world.db, row.id)).row.state).toBe('CLOSED');
  });

  it('refuses an expired code, and a close when no code was sent', async () => {
    const row = await inProgress();
    const none = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: '123456' });
    expect(none.errors?.[0]).toMatchObject({
      message: `No closure code is waiting for ticket ${row.ticket_number}. Send the customer a new closure code.`,
      extensions: { code: 'CONFLICT', field: 'otp' },
    });
    await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const code = await mailedCode();
    // A day has passed.
    await world.db
      .update(ticketClosureOtp)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(ticketClosureOtp.ticket_id, row.id));
    const expired = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: code });
    expect(expired.errors?.[0]).toMatchObject({
      message: 'The closure code has expired (a code lives 24 hours). Send the customer a new closure code.',
      extensions: { code: 'CONFLICT' },
    });
    expect((await storedTicket(world.db, row.id)).row.state).toBe('IN_PROGRESS');
  });

  it('cannot send a code to a customer without an email; a co-ordinator then closes with a reason, marked on the ticket', async () => {
    const row = await inProgress();
    await world.db.update(customer).set({ email: null }).where(eq(customer.id, world.customer.id));
    try {
      const refused = await world.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
      expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(refused.errors?.[0].message).toContain('has no email address');
    } finally {
      await world.db
        .update(customer)
        .set({ email: world.customerEmail })
        .where(eq(customer.id, world.customer.id));
    }
    const byAgentWithCode = await world.as('AGENT', CloseTicket, { ticket_id: row.id, otp: '123456' });
    expect(byAgentWithCode.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const closed = (
      await world.ok('AGENT', CloseTicket, { ticket_id: row.id, reason: 'Customer confirmed by phone' })
    ).items[0];
    expect(closed).toMatchObject({ state: 'CLOSED', closed_with: 'REASON' });
    expect((await storedTicket(world.db, row.id)).row).toMatchObject({
      closure_reason: 'Customer confirmed by phone',
      closed_by: world.members.AGENT.userId,
    });
    const bothMissing = await world.as('AGENT', CloseTicket, { ticket_id: row.id });
    expect(bothMissing.errors?.[0]).toMatchObject({
      message: 'otp: Closure code is required',
      extensions: { field: 'otp' },
    });
  });
});

describe('security finding 1: the assigned technician can brute-force the customer’s closure code', () => {
  // docs/security.md#closing-a-ticket-with-the-customers-code: 6 digits; wrong entries counted
  // in the same locked transaction as the check (the 4th guess of a code is refused whatever the
  // timing); one new code a minute and at most 5 a day, then only a co-ordinator's close with a
  // reason. The organization is in Tokyo (UTC+9, no summer time), so that its times are told apart
  // from the server's.
  let tokyo: TicketWorld;
  beforeAll(async () => {
    tokyo = await ticketWorld(app);
    await tokyo.db
      .update(organization)
      .set({ time_zone: 'Asia/Tokyo' })
      .where(eq(organization.id, tokyo.org.id));
  });

  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  /** An instant as a Tokyo wall clock reads it: '14:32', or with the day '25 Nov, 14:32'. */
  function inTokyo(at: Date, withDay = false): string {
    const local = new Date(at.getTime() + 9 * 3_600_000);
    const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
    return withDay ? `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]}, ${time}` : time;
  }
  const wholeMinute = (at: number) => Math.floor(at / 60_000) * 60_000;

  async function inProgressIn(of: TicketWorld) {
    return of.seed({ state: 'IN_PROGRESS', technician_id: of.members.TECHNICIAN.membershipId });
  }

  async function codesOfIn(of: TicketWorld, ticketId: string) {
    return of.db
      .select()
      .from(ticketClosureOtp)
      .where(and(eq(ticketClosureOtp.organization_id, of.org.id), eq(ticketClosureOtp.ticket_id, ticketId)))
      .orderBy(ticketClosureOtp.created_at, ticketClosureOtp.id);
  }

  it('checks exactly 3 of 50 parallel wrong guesses at one code; the others and the right code find it void', async () => {
    const row = await inProgressIn(tokyo);
    await tokyo.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const code = await mailedCode(tokyo, row.ticket_number);
    expect(code).toMatch(/^\d{6}$/);
    const cookie = await tokyo.cookieOf('TECHNICIAN');

    // All at once: on PostgreSQL each call has its own connection and transaction.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(app, cookie, CloseTicket, { ticket_id: row.id, otp: wrong(code, index + 1) }),
      ),
    );

    const messages = answers.map((answer) => {
      expect(answer.envelope).toBeUndefined();
      return answer.errors![0].message;
    });
    const checked = messages.filter((message) => message.startsWith('The closure code is wrong'));
    expect(checked.sort()).toEqual([
      'The closure code is wrong 3 times, so it no longer works. Send the customer a new closure code.',
      'The closure code is wrong. 1 attempt left.',
      'The closure code is wrong. 2 attempts left.',
    ]);
    const refused = answers.filter(
      (answer) => !answer.errors![0].message.startsWith('The closure code is wrong'),
    );
    expect(refused).toHaveLength(47);
    for (const answer of refused) {
      expect(answer.errors![0]).toMatchObject({
        message:
          'The closure code was entered wrong 3 times and no longer works. Send the customer a new closure code.',
        extensions: { code: 'CONFLICT', field: 'otp' },
      });
    }

    const right = await call(app, cookie, CloseTicket, { ticket_id: row.id, otp: code });
    expect(right.errors?.[0]).toMatchObject({
      message:
        'The closure code was entered wrong 3 times and no longer works. Send the customer a new closure code.',
      extensions: { code: 'CONFLICT', field: 'otp' },
    });
    const after = await storedTicket(tokyo.db, row.id);
    expect(after.row.state).toBe('IN_PROGRESS');
    expect(after.events.filter((event) => event.kind === 'OTP_REFUSED')).toHaveLength(3);
    expect(await codesOfIn(tokyo, row.id)).toEqual([
      expect.objectContaining({ attempts: 3, voided_at: expect.any(Date), used_at: null }),
    ]);
    // The three checked guesses are audited with their refusal; the rest wrote nothing.
    const audited = (await auditOf(tokyo.db, tokyo.org.id, 'CloseTicket')).filter(
      (entry) => entry.target === row.id,
    );
    expect(audited).toHaveLength(3);
    for (const entry of audited) {
      expect(entry.changes).toMatchObject({
        otp: '[redacted]',
        refused: expect.stringMatching(/^The closure code is wrong/),
      });
    }
  }, 60_000);

  it('lets a loop of new codes and wrong guesses have at most 5 codes in 24 hours, and says when the next can be sent', async () => {
    const row = await inProgressIn(tokyo);
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      // Two minutes pass between rounds: the once-a-minute rule never stops this loop.
      await timePasses(tokyo, row.id, 120_000);
      const sent = await tokyo.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
      if (sent.errors) {
        expect(sent.errors[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
        outcomes.push('refused');
        continue;
      }
      outcomes.push('sent');
      const code = await mailedCode(tokyo, row.ticket_number);
      const guess = await tokyo.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: wrong(code) });
      expect(guess.errors?.[0].message).toBe('The closure code is wrong. 2 attempts left.');
    }
    expect(outcomes).toEqual([...Array(5).fill('sent'), ...Array(5).fill('refused')]);
    expect(await mailedCodes(tokyo, row.ticket_number)).toHaveLength(5);
    expect(await codesOfIn(tokyo, row.id)).toHaveLength(5);

    // The oldest of the five was sent 23 hours ago on a whole minute: the next may go 24 hours after it.
    const oldest = new Date(wholeMinute(Date.now()) - 23 * 3_600_000);
    const [first] = await codesOfIn(tokyo, row.id);
    await tokyo.db
      .update(ticketClosureOtp)
      .set({ created_at: oldest })
      .where(eq(ticketClosureOtp.id, first.id));
    const refused = await tokyo.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const next = inTokyo(new Date(oldest.getTime() + 24 * 3_600_000), true);
    const message = `Ticket ${row.ticket_number} has had 5 closure codes in the last 24 hours. The next can be sent at ${next}; until then a co-ordinator can close the ticket with a reason.`;
    expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: 'TOO_MANY_REQUESTS' } });

    // Each refusal is on the ticket's timeline as the ticket page shows it, and in the audit log.
    const details = (await tokyo.ok('AGENT', Get_Ticket_Details, { ticket_id: row.id })).items[0];
    const refusals = details.timeline.filter((event) => event.kind === 'OTP_SEND_REFUSED');
    expect(refusals).toHaveLength(6);
    expect(refusals.at(-1)).toMatchObject({
      text: message,
      actor_name: expect.any(String),
      details: { next_code_at: new Date(oldest.getTime() + 24 * 3_600_000).toISOString() },
    });
    const audited = (await auditOf(tokyo.db, tokyo.org.id, 'SendTicketClosureOtp')).filter(
      (entry) => entry.target === row.id,
    );
    expect(audited.filter((entry) => (entry.changes as { refused?: string }).refused)).toHaveLength(6);

    // A co-ordinator can still close it with a reason.
    expect(details.allowed_actions).toContain('CLOSE_WITH_REASON');
    const closed = await tokyo.ok('AGENT', CloseTicket, {
      ticket_id: row.id,
      reason: 'Customer confirmed by phone',
    });
    expect(closed.items[0]).toMatchObject({ state: 'CLOSED', closed_with: 'REASON' });
  });

  it('sends a new code once the oldest of the five is 24 hours old (a rolling day)', async () => {
    const row = await inProgressIn(tokyo);
    for (let round = 0; round < 5; round += 1) {
      await timePasses(tokyo, row.id, 120_000);
      await tokyo.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    }
    await timePasses(tokyo, row.id, 120_000);
    expect(
      (await tokyo.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id })).errors?.[0].extensions
        ?.code,
    ).toBe('TOO_MANY_REQUESTS');
    // 24 hours after the first code, four of the five are still inside the day.
    const [first] = await codesOfIn(tokyo, row.id);
    await tokyo.db
      .update(ticketClosureOtp)
      .set({ created_at: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(ticketClosureOtp.id, first.id));
    await tokyo.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const code = await mailedCode(tokyo, row.ticket_number);
    expect(code).toMatch(/^\d{6}$/);
    await timePasses(tokyo, row.id, 120_000);
    expect(
      (await tokyo.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id })).errors?.[0].extensions
        ?.code,
    ).toBe('TOO_MANY_REQUESTS');
    await tokyo.ok('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: code });
  });

  it('refuses a second code within the minute, saying when, and keeps the refusal on the timeline', async () => {
    const row = await inProgressIn(tokyo);
    await tokyo.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    // The code went out on a whole minute, within half a minute of now.
    const sentAt = new Date(wholeMinute(Date.now() + 30_000));
    await tokyo.db
      .update(ticketClosureOtp)
      .set({ created_at: sentAt })
      .where(eq(ticketClosureOtp.ticket_id, row.id));

    const again = await tokyo.as('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const message = `A new closure code can be sent at ${inTokyo(new Date(sentAt.getTime() + 60_000))}. Codes can be sent once a minute.`;
    expect(again.errors?.[0]).toMatchObject({ message, extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(await mailedCodes(tokyo, row.ticket_number)).toHaveLength(1);
    const codes = await codesOfIn(tokyo, row.id);
    expect(codes).toEqual([expect.objectContaining({ voided_at: null, used_at: null })]);

    const { events } = await storedTicket(tokyo.db, row.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'OTP_SEND_REFUSED',
      text: message,
      actor_user_id: tokyo.members.TECHNICIAN.userId,
      details: { next_code_at: new Date(sentAt.getTime() + 60_000).toISOString() },
    });
    const audited = (await auditOf(tokyo.db, tokyo.org.id, 'SendTicketClosureOtp')).filter(
      (entry) => entry.target === row.id,
    );
    expect(audited.map((entry) => (entry.changes as { refused?: string }).refused ?? null)).toEqual([
      null,
      message,
    ]);

    // Once the minute is over the code goes, and the first one no longer works.
    await timePasses(tokyo, row.id, 120_000);
    await tokyo.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    expect((await codesOfIn(tokyo, row.id)).map((code) => code.voided_at !== null)).toEqual([true, false]);
  });
});
