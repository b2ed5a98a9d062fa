import { and, eq } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import {
  GeneratePayout,
  GetPayout,
  ListInvoice,
  ListPayoutTickets,
  PreviewPayout,
  RecordPayoutPayment,
  type PayoutItem,
} from '@fieldport/contract/operations/payouts';
import { payout, payoutLine, payoutPayment } from '../../db/schema/payouts.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';

// Payouts of organization A's service partner for the walls of graphql/permission-matrix.test.ts:
// B's owner and A's other partner are kept out; A's owner is the rightful caller, and A's own
// partner may read its payouts but never generate or pay one (docs/payouts.md#who).

// Each fixture's tickets close on a day of their own, long ago, so that no two payouts share them.
let day = 0;
function nextPeriod() {
  day += 1;
  const at = new Date(Date.UTC(2001, 0, 1) + day * 86_400_000);
  const iso = at.toISOString().slice(0, 10);
  return { at: new Date(`${iso}T06:30:00Z`), period_from: iso, period_to: iso };
}

async function closedPricedTicket(world: FixtureWorld) {
  const period = nextPeriod();
  const { row, state } = await ticketOfA(world, 'partner', {
    state: 'CLOSED',
    created_at: period.at,
    partner_amount_paise: 45_000,
  });
  return { row, period, ticketState: state };
}

async function arrangePayout(world: FixtureWorld, approved: boolean) {
  const { row, period, ticketState } = await closedPricedTicket(world);
  const data = (await world.asOwner(GeneratePayout, {
    party_id: world.a.partner.id,
    period_from: period.period_from,
    period_to: period.period_to,
  })) as { items: PayoutItem[] };
  const item = data.items[0];
  if (approved) {
    // Approved as the workflow would have it (the owner may not approve their own payout).
    await world.db
      .update(payout)
      .set({ state: 'APPROVED' })
      .where(and(eq(payout.organization_id, world.a.org.id), eq(payout.id, item.payout_id)));
  }
  const state = async () => ({
    payout: await world.db.select().from(payout).where(eq(payout.id, item.payout_id)),
    lines: await world.db.select().from(payoutLine).where(eq(payoutLine.payout_id, item.payout_id)),
    payments: await world.db.select().from(payoutPayment).where(eq(payoutPayment.payout_id, item.payout_id)),
    ticket: await ticketState(),
  });
  return { item, row, state };
}

const partnerTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'partner' });
const traces = (item: PayoutItem) => [item.payout_id, item.invoice_number];

export const payoutInvoiceFixtures: FixtureRegistry = {
  [PreviewPayout.name]: {
    async arrange(world) {
      const { row, period, ticketState } = await closedPricedTicket(world);
      return partnerTarget({
        input: { party_id: world.a.partner.id, period_from: period.period_from, period_to: period.period_to },
        traces: [row.id, row.ticket_number, world.a.partner.name],
        state: ticketState,
      });
    },
  },
  [GeneratePayout.name]: {
    async arrange(world) {
      const { row, period, ticketState } = await closedPricedTicket(world);
      return partnerTarget({
        input: { party_id: world.a.partner.id, period_from: period.period_from, period_to: period.period_to },
        traces: [row.id, row.ticket_number, world.a.partner.name],
        state: async () => ({
          payouts: await world.db.select().from(payout).where(eq(payout.party_id, world.a.partner.id)),
          ticket: await ticketState(),
        }),
      });
    },
  },
  [ListInvoice.name]: {
    async arrange(world) {
      const { item, state } = await arrangePayout(world, false);
      return partnerTarget({ input: { search: item.invoice_number }, traces: traces(item), state });
    },
  },
  [GetPayout.name]: {
    async arrange(world) {
      const { item, state } = await arrangePayout(world, false);
      return partnerTarget({ input: { payout_id: item.payout_id }, traces: traces(item), state });
    },
  },
  [ListPayoutTickets.name]: {
    async arrange(world) {
      const { item, row, state } = await arrangePayout(world, false);
      return partnerTarget({
        input: { payout_id: item.payout_id },
        traces: [row.id, row.ticket_number],
        state,
      });
    },
  },
  [RecordPayoutPayment.name]: {
    async arrange(world) {
      const { item, state } = await arrangePayout(world, true);
      return partnerTarget({
        input: {
          payout_id: item.payout_id,
          amount: 10_000,
          paid_on: dayIn(world.a.org.time_zone),
          mode: 'NEFT',
          reference: 'UTR-FIXTURE',
        },
        traces: traces(item),
        state,
      });
    },
  },
};
