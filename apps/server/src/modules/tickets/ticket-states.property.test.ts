import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { OperationDef } from '@fieldport/contract/operation';
import {
  AcceptOrRejectTicket,
  ClaimTicket,
  CloseTicket,
  ReleaseTicket,
  DiscardTicket,
  HoldOrResumeTicket,
  PartiallyCloseTicket,
  ReCreateTicket,
  ReassignOrOpenTheAssignedTicket,
  SendTicketClosureOtp,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { TRANSITIONS, type TicketAction } from '@fieldport/contract/ticket-transitions';
import { TICKET_STATES } from '@fieldport/contract/ticket-states';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { storedTicket, ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// Random sequences of every operation, by every kind of caller, through the API: whatever the
// order, no ticket reaches a state docs/product.md#ticket-transitions does not allow from where it
// was, a refused call changes nothing, and no ticket closes without a verified code or a
// co-ordinator's reason.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

interface Step {
  name: string;
  who: string;
  op: OperationDef;
  input: (id: string, number: string) => Promise<Record<string, unknown>>;
}

const sync = (make: (id: string) => Record<string, unknown>) => async (id: string) => make(id);

async function mailedCode(ticketNumber: string): Promise<string> {
  const mail = (await mailsTo(app, world.customerEmail))
    .filter((entry) => entry.subject === `Closure code for your service request ${ticketNumber}`)
    .at(-1);
  return mail?.body_text?.match(/Your closure code is (\d{6})\./)?.[1] ?? '000000';
}

const STEPS: Step[] = [
  {
    name: 'assign',
    who: 'AGENT',
    op: ReassignOrOpenTheAssignedTicket,
    input: sync((id) => ({
      ticket_id: id,
      action: 'ASSIGN',
      technician_id: world.members.TECHNICIAN.membershipId,
    })),
  },
  { name: 'claim', who: 'TECHNICIAN', op: ClaimTicket, input: sync((id) => ({ ticket_id: id })) },
  {
    name: 'claim by another',
    who: 'SECOND_TECHNICIAN',
    op: ClaimTicket,
    input: sync((id) => ({ ticket_id: id })),
  },
  { name: 'release', who: 'TECHNICIAN', op: ReleaseTicket, input: sync((id) => ({ ticket_id: id })) },
  {
    name: 'release by another',
    who: 'SECOND_TECHNICIAN',
    op: ReleaseTicket,
    input: sync((id) => ({ ticket_id: id })),
  },
  {
    name: 'accept',
    who: 'TECHNICIAN',
    op: AcceptOrRejectTicket,
    input: sync((id) => ({ ticket_id: id, action: 'ACCEPT' })),
  },
  {
    name: 'reject',
    who: 'TECHNICIAN',
    op: AcceptOrRejectTicket,
    input: sync((id) => ({ ticket_id: id, action: 'REJECT', reason: 'Not today' })),
  },
  {
    name: 'work',
    who: 'TECHNICIAN',
    op: UpdateTicketWorkStatus,
    input: sync((id) => ({ ticket_id: id, wip_sub_stage_id: world.subStage.id })),
  },
  {
    name: 'hold',
    who: 'TECHNICIAN',
    op: HoldOrResumeTicket,
    input: sync((id) => ({ ticket_id: id, action: 'HOLD', reason: 'Waiting for parts' })),
  },
  {
    name: 'resume',
    who: 'TECHNICIAN',
    op: HoldOrResumeTicket,
    input: sync((id) => ({ ticket_id: id, action: 'RESUME' })),
  },
  {
    name: 'partially close',
    who: 'TECHNICIAN',
    op: PartiallyCloseTicket,
    input: sync((id) => ({ ticket_id: id, closure_remark_id: world.remark.id })),
  },
  {
    name: 'send code',
    who: 'TECHNICIAN',
    op: SendTicketClosureOtp,
    input: sync((id) => ({ ticket_id: id })),
  },
  {
    name: 'close with the code',
    who: 'TECHNICIAN',
    op: CloseTicket,
    input: async (id, number) => ({ ticket_id: id, otp: await mailedCode(number) }),
  },
  {
    name: 'close with a wrong code',
    who: 'TECHNICIAN',
    op: CloseTicket,
    input: async (id, number) => ({
      ticket_id: id,
      otp: String((Number(await mailedCode(number)) + 1) % 1_000_000).padStart(6, '0'),
    }),
  },
  {
    name: 'technician closes with a reason',
    who: 'TECHNICIAN',
    op: CloseTicket,
    input: sync((id) => ({ ticket_id: id, reason: 'Customer is happy' })),
  },
  {
    name: 'co-ordinator closes with a reason',
    who: 'AGENT',
    op: CloseTicket,
    input: sync((id) => ({ ticket_id: id, reason: 'Confirmed by phone' })),
  },
  {
    name: 'dealer closes with a reason',
    who: 'DEALER_OWNER',
    op: CloseTicket,
    input: sync((id) => ({ ticket_id: id, reason: 'Confirmed by phone' })),
  },
  {
    name: 'discard',
    who: 'AGENT',
    op: DiscardTicket,
    input: sync((id) => ({ ticket_id: id, reason: 'Duplicate' })),
  },
  {
    name: 'reopen',
    who: 'AGENT',
    op: ReassignOrOpenTheAssignedTicket,
    input: sync((id) => ({ ticket_id: id, action: 'REOPEN', reason: 'Customer called back' })),
  },
  {
    name: 're-create',
    who: 'AGENT',
    op: ReCreateTicket,
    input: sync((id) => ({ ticket_id: id, reason: 'Came back' })),
  },
];

/** The transition each timeline entry records, when it records one. */
const ACTION_OF_EVENT: Record<string, TicketAction> = {
  ASSIGNED: 'ASSIGN',
  CLAIMED: 'CLAIM',
  RELEASED: 'RELEASE',
  ACCEPTED: 'ACCEPT',
  REJECTED: 'REJECT',
  WORK_UPDATED: 'UPDATE_WORK',
  HELD: 'HOLD',
  RESUMED: 'RESUME',
  PARTIALLY_CLOSED: 'PARTIALLY_CLOSE',
  CLOSED: 'CLOSE',
  DISCARDED: 'DISCARD',
  REOPENED: 'REOPEN',
};

describe('any sequence of operations', () => {
  it('keeps every ticket in the states its transitions allow, and closes only with a verified code or a reason', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Any starting state (the technician's, or floating when OPEN), so that short sequences
        // reach the closing steps too.
        fc.constantFrom(...TICKET_STATES),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: STEPS.length - 1 }), { minLength: 1, maxLength: 12 }),
        async (start, floating, steps) => {
          const row = await world.seed(
            start === 'OPEN'
              ? { state: 'OPEN', is_floating: floating }
              : { state: start, technician_id: world.members.TECHNICIAN.membershipId },
          );
          // The seed's own entries are a shortcut to the starting state: only the operations' are checked.
          const seeded = (await storedTicket(world.db, row.id)).events.length;
          for (const index of steps) {
            const step = STEPS[index];
            const before = await storedTicket(world.db, row.id);
            const answer = await world.as(step.who, step.op, await step.input(row.id, row.ticket_number));
            const after = await storedTicket(world.db, row.id);
            expect(TICKET_STATES).toContain(after.row.state);
            if (answer.errors) {
              // Refused: nothing changed but what a refused code leaves (a wrong code's count and
              // entry, or the entry of a code the limits did not send).
              expect(after.row, `${step.name} was refused yet changed the ticket`).toEqual(before.row);
              const added = after.events.slice(before.events.length).map((event) => event.kind);
              expect(
                added.every((kind) => kind === 'OTP_REFUSED' || kind === 'OTP_SEND_REFUSED'),
                `${step.name} left ${added}`,
              ).toBe(true);
            } else if (after.row.state !== before.row.state) {
              const allowed = Object.values(TRANSITIONS).some(
                (transition) =>
                  transition.from.includes(before.row.state) && transition.to.includes(after.row.state),
              );
              expect(allowed, `${step.name}: ${before.row.state} -> ${after.row.state}`).toBe(true);
            }
          }
          const { row: final, events: all } = await storedTicket(world.db, row.id);
          const events = all.slice(seeded);
          for (const event of events) {
            const action = ACTION_OF_EVENT[event.kind];
            if (!action || !event.from_state) continue;
            expect(TRANSITIONS[action].from, `${event.kind} from ${event.from_state}`).toContain(
              event.from_state,
            );
            expect(TRANSITIONS[action].to, `${event.kind} to ${event.to_state}`).toContain(event.to_state);
          }
          // Every close in the timeline had a verified code or a co-ordinator's reason.
          const codes = await world.db
            .select()
            .from(ticketClosureOtp)
            .where(eq(ticketClosureOtp.ticket_id, row.id));
          const closes = events.filter((event) => event.kind === 'CLOSED');
          for (const close of closes) {
            const by = (close.details as { closed_with?: string }).closed_with;
            if (by === 'OTP') {
              expect(codes.some((code) => code.used_at && code.used_by === close.actor_user_id)).toBe(true);
            } else {
              expect(by).toBe('REASON');
              expect(close.text).toBeTruthy();
              expect(close.actor_user_id).toBe(world.members.AGENT.userId);
            }
          }
          if (final.state === 'CLOSED' && start !== 'CLOSED') {
            expect(['OTP', 'REASON']).toContain(final.closed_with);
            if (final.closed_with === 'REASON') expect(final.closure_reason).toBeTruthy();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
