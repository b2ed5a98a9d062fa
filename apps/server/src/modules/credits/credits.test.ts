import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq, sum } from 'drizzle-orm';
import {
  CREDITS_MESSAGES,
  GetCreditBalance,
  ListCreditTransactions,
  RechargeCredits,
} from '@fieldport/contract/operations/credits';
import { CreateAssignedTicketV2 } from '@fieldport/contract/operations/tickets';
import { creditAccount, creditEntry } from '../../db/schema/credits.ts';
import { organization } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { PaymentProvider } from '../../platform/payments.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketInput, ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { addCredits } from './credits.ts';

// Credits (docs/credits.md): spent on each new ticket, never below zero, bought through a payment
// provider. The provider here is a fake behind the product's interface; the product ships none.

/** A gateway that charges whatever it is asked, except amounts it is told to decline. */
function fakeGateway() {
  const charged: { amount_paise: number; idempotency_key: string }[] = [];
  let decline: string | null = null;
  const provider: PaymentProvider = {
    name: 'Test gateway',
    async charge(request) {
      if (decline) return { ok: false, reason: decline };
      charged.push({ amount_paise: request.amount_paise, idempotency_key: request.idempotency_key });
      return { ok: true, reference: `pay_${charged.length}` };
    },
  };
  return { provider, charged, decline: (reason: string | null) => void (decline = reason) };
}

const gateway = fakeGateway();
let app: TestApp;
let withoutProvider: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CREDIT_PRICE_PAISE: '1250' }, { payments: gateway.provider });
  withoutProvider = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await withoutProvider?.close();
});

/** A ticket world whose organization uses credits; its service costs `credits` per ticket. */
async function creditWorld(on: TestApp, credits = 2) {
  const world = await ticketWorld(on);
  await world.db
    .update(organization)
    .set({ enable_credits_recharge: true })
    .where(eq(organization.id, world.org.id));
  await world.db.update(service).set({ credits }).where(eq(service.id, world.service.id));
  return world;
}

async function ledgerOf(world: TicketWorld) {
  const [entries] = await world.db
    .select({ n: count(), total: sum(creditEntry.credits) })
    .from(creditEntry)
    .where(eq(creditEntry.organization_id, world.org.id));
  const [account] = await world.db
    .select({ balance: creditAccount.balance })
    .from(creditAccount)
    .where(eq(creditAccount.organization_id, world.org.id));
  return { entries: entries.n, total: Number(entries.total ?? 0), balance: account?.balance ?? 0 };
}

async function ticketCount(world: TicketWorld) {
  const [row] = await world.db
    .select({ n: count() })
    .from(ticket)
    .where(eq(ticket.organization_id, world.org.id));
  return row.n;
}

describe('credits', () => {
  it('are bought through the provider at the price of a credit, and each new ticket spends its service’s', async () => {
    const world = await creditWorld(app);
    const recharged = await world.as('OWNER', RechargeCredits, { credits: 5 });
    expect(recharged.envelope?.status_message).toBe('5 credits added');
    expect(recharged.envelope?.data.items[0]).toEqual({
      credits_enabled: true,
      balance: 5,
      price_per_credit_paise: 1250,
      provider_name: 'Test gateway',
    });
    expect(gateway.charged.at(-1)?.amount_paise).toBe(6250);

    const created = (await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world))).items[0];
    await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world));
    const page = await world.ok('OWNER', ListCreditTransactions, {});
    expect(page.items.map((entry) => [entry.kind, entry.credits, entry.balance_after])).toEqual([
      ['SPEND', -2, 1],
      ['SPEND', -2, 3],
      ['RECHARGE', 5, 5],
    ]);
    expect(page.items[1]).toMatchObject({
      ticket_id: created.ticket_id,
      ticket_number: created.ticket_number,
    });
    expect(page.items[2]).toMatchObject({ amount_paise: 6250, reference: 'pay_' + gateway.charged.length });
    // Searched by the ticket's number, or by the payment's reference.
    const byTicket = await world.ok('OWNER', ListCreditTransactions, { search: created.ticket_number });
    expect(byTicket.items.map((entry) => entry.ticket_id)).toEqual([created.ticket_id]);
    const byReference = await world.ok('OWNER', ListCreditTransactions, { search: page.items[2].reference });
    expect(byReference.items.map((entry) => entry.kind)).toEqual(['RECHARGE']);

    // One credit left, two needed: refused naming both, and nothing written.
    const before = { tickets: await ticketCount(world), ledger: await ledgerOf(world) };
    const short = await world.as('AGENT', CreateAssignedTicketV2, ticketInput(world));
    expect(short.errors?.[0]).toMatchObject({
      message: CREDITS_MESSAGES.shortForStaff(2, 1),
      extensions: { code: 'CONFLICT', field: 'service_id' },
    });
    expect({ tickets: await ticketCount(world), ledger: await ledgerOf(world) }).toEqual(before);
    // A dealer's user is not told the organization's balance.
    const dealer = await world.as(
      'DEALER_OWNER',
      CreateAssignedTicketV2,
      ticketInput(world, {
        customer_id: world.dealerCustomer.id,
        location_id: world.dealerCustomer.locations[0].id,
      }),
    );
    expect(dealer.errors?.[0].message).toBe(CREDITS_MESSAGES.shortForParty);
  });

  it('are never spent below zero by tickets created at the same moment', async () => {
    const world = await creditWorld(app, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        async (topUp, perTicket, attempts) => {
          await world.db.update(service).set({ credits: perTicket }).where(eq(service.id, world.service.id));
          if (topUp > 0) {
            await addCredits(world.db, world.org.id, {
              kind: 'OPENING',
              credits: topUp,
              amount_paise: null,
              provider: null,
              reference: null,
              created_by: null,
            });
          }
          const start = (await ledgerOf(world)).balance;
          const answers = await Promise.all(
            Array.from({ length: attempts }, () =>
              world.as('AGENT', CreateAssignedTicketV2, ticketInput(world)),
            ),
          );
          const created = answers.filter((answer) => answer.envelope).length;
          expect(
            answers
              .filter((answer) => !answer.envelope)
              .every((answer) => answer.errors?.[0].extensions?.code === 'CONFLICT'),
          ).toBe(true);
          expect(created).toBe(Math.min(attempts, Math.floor(start / perTicket)));
          const after = await ledgerOf(world);
          expect(after.balance).toBe(start - created * perTicket);
          expect(after.balance).toBeGreaterThanOrEqual(0);
          // The balance is the sum of the ledger.
          expect(after.total).toBe(after.balance);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('are not bought when the payment fails, nor without a provider, nor by an organization without credits', async () => {
    const world = await creditWorld(app);
    gateway.decline('card declined by the bank');
    try {
      const declined = await world.as('OWNER', RechargeCredits, { credits: 10 });
      expect(declined.errors?.[0]).toMatchObject({
        message: CREDITS_MESSAGES.paymentFailed('card declined by the bank'),
        extensions: { code: 'CONFLICT' },
      });
    } finally {
      gateway.decline(null);
    }
    expect(await ledgerOf(world)).toEqual({ entries: 0, total: 0, balance: 0 });

    const bare = await creditWorld(withoutProvider);
    const balance = await bare.ok('OWNER', GetCreditBalance, {});
    expect(balance.items[0]).toMatchObject({ provider_name: null, balance: 0, price_per_credit_paise: 1000 });
    const refused = await bare.as('OWNER', RechargeCredits, { credits: 10 });
    expect(refused.errors?.[0]).toMatchObject({
      message: CREDITS_MESSAGES.noProvider,
      extensions: { code: 'CONFLICT' },
    });

    const plain = await ticketWorld(app);
    // Without credits the Transactions item is not in the menu: the server refuses.
    const off = await plain.as('OWNER', RechargeCredits, { credits: 10 });
    expect(off.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Without credits a ticket spends nothing.
    await plain.db.update(service).set({ credits: 3 }).where(eq(service.id, plain.service.id));
    await plain.ok('AGENT', CreateAssignedTicketV2, ticketInput(plain));
    expect(await ledgerOf(plain)).toEqual({ entries: 0, total: 0, balance: 0 });
  });

  it('refuses a recharge of no credits or too many, naming the field', async () => {
    const world = await creditWorld(app);
    const none = await world.as('OWNER', RechargeCredits, { credits: 0 });
    expect(none.errors?.[0]).toMatchObject({
      message: 'credits: Credits must be a whole number from 1 to 1,00,000',
      extensions: { code: 'BAD_USER_INPUT', field: 'credits' },
    });
  });
});
