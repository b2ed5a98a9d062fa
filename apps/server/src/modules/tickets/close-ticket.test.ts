import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CloseTicket,
  Get_Ticket_Details,
  SendTicketClosureOtp,
} from '@fieldport/contract/operations/tickets';
import { customer } from '../../db/schema/customers.ts';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { storedTicket, ticketWorld, type TicketWorld } from './ticket-test-kit.ts';

// DOMAIN.md "Closing with the customer's OTP".

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

/** The newest closure code mailed to the customer, as the customer reads it. */
async function mailedCode(): Promise<string> {
  const mail = (await mailsTo(app, world.customerEmail))
    .filter((entry) => entry.subject.startsWith('Closure code'))
    .at(-1);
  const code = mail?.body_text?.match(/Your closure code is (\d{4})\./)?.[1];
  if (!code) throw new Error('No closure code was mailed');
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

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

describe('closing with the customer’s code', () => {
  it('mails a 4-digit code kept only hashed for 24 hours, and closes with it, keeping who entered it and when', async () => {
    const row = await inProgress();
    const sent = await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    expect(sent).toEqual({ items: [], sent_to: world.customerEmail, by_sms: false });
    const code = await mailedCode();
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
      'The OTP is wrong. 2 attempts left.',
      'The OTP is wrong. 1 attempt left.',
      'The OTP is wrong 3 times, so the code no longer works. Send the customer a new code.',
    ]);
    const right = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: code });
    expect(right.errors?.[0]).toMatchObject({
      message:
        'The closure code was entered wrong 3 times and no longer works. Send the customer a new code.',
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
    await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.id });
    const second = await mailedCode();
    const codes = await codesOf(row.id);
    expect(codes.map((entry) => entry.voided_at !== null)).toEqual([true, false]);
    if (first !== second) {
      const old = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: first });
      expect(old.errors?.[0].message).toBe('The OTP is wrong. 2 attempts left.');
    }
    await world.ok('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: second });
    expect((await storedTicket(world.db, row.id)).row.state).toBe('CLOSED');
  });

  it('refuses an expired code, and a close when no code was sent', async () => {
    const row = await inProgress();
    const none = await world.as('TECHNICIAN', CloseTicket, { ticket_id: row.id, otp: '1234' });
    expect(none.errors?.[0]).toMatchObject({
      message: `No closure code is waiting for ticket ${row.ticket_number}. Send the customer a new code.`,
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
      message: 'The closure code has expired (a code lives 24 hours). Send the customer a new code.',
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
    const byAgentWithCode = await world.as('AGENT', CloseTicket, { ticket_id: row.id, otp: '1234' });
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
      message: 'otp: OTP is required',
      extensions: { field: 'otp' },
    });
  });
});
