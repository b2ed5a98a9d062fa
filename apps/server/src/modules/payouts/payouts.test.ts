import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DecideWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { gstinCheckCharacter } from '@fieldport/contract/gst';
import {
  GetOrganizationSettings,
  UpdateOrganizationSettings,
} from '@fieldport/contract/operations/organization';
import {
  GeneratePayout,
  GetPayout,
  ListInvoice,
  ListPayoutTickets,
  PAYOUTS_MESSAGES,
  PreviewPayout,
  RecordPayoutPayment,
  payoutInvoicePdfPath,
  type PayoutItem,
} from '@fieldport/contract/operations/payouts';
import { ListServicePartners, UpdateServicePartner } from '@fieldport/contract/operations/people';
import { CloseTicket, ReassignOrOpenTheAssignedTicket } from '@fieldport/contract/operations/tickets';
import { organization } from '../../db/schema/identity.ts';
import { payout } from '../../db/schema/payouts.ts';
import { party } from '../../db/schema/platform.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// Payouts (docs/payouts.md#payouts): a partner's closed tickets of a period at their frozen
// amounts, one invoice with exact GST, approved through the workflow, paid in parts; a partner
// reads only its own.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A valid GSTIN of a state: the state's code, a PAN-like body and its check character. */
const gstinOf = (stateCode: string, body = 'ABCDE1234F1Z') => {
  const first14 = `${stateCode}${body}`;
  return first14 + gstinCheckCharacter(first14);
};
const KARNATAKA = gstinOf('29');
const MAHARASHTRA = gstinOf('27', 'PQRST6789K1Z');

/** A ticket world with an admin, who generates payouts (the owner approves: never one's own). */
async function payoutWorld(): Promise<TicketWorld> {
  const world = await ticketWorld(app);
  const admin = await addTestMember(world.db, { organizationId: world.org.id, role: 'ADMIN' });
  world.members.ADMIN = admin;
  return world;
}

/** A closed ticket of the world's partner, closed at `at`, with its frozen amount (null: not priced). */
const closedTicket = (world: TicketWorld, at: Date, amount: number | null, partnerId = world.partner.id) =>
  world.seed({ state: 'CLOSED', partner_party_id: partnerId, created_at: at, partner_amount_paise: amount });

/** 10:00 in Kolkata on a day. */
const onDay = (day: string) => new Date(`${day}T04:30:00Z`);

const generate = async (world: TicketWorld, input: Record<string, unknown>): Promise<PayoutItem> =>
  (await world.ok('ADMIN', GeneratePayout, { party_id: world.partner.id, ...input })).items[0];

const approve = (world: TicketWorld, item: PayoutItem) =>
  world.ok('OWNER', DecideWorkflowRequest, {
    request_id: item.workflow_request_id,
    level: 1,
    decision: 'APPROVE',
    comment: 'Checked against the closed tickets',
  });

describe('generating a payout', () => {
  let world: TicketWorld;
  beforeAll(async () => {
    world = await payoutWorld();
  });

  it('takes exactly the closed, priced tickets of the period not yet on a payout, at their frozen amounts', async () => {
    // Generated runs, each on days of its own, long ago: tickets in and out of the period, priced or not.
    let start = '1990-01-01';
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amount: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
            // 0: the day before the period, 1 and 2: in it, 3: the day after.
            day: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (tickets) => {
          const days = [0, 1, 2, 3].map((offset) => shiftDay(start, offset));
          start = shiftDay(start, 5);
          for (const entry of tickets) await closedTicket(world, onDay(days[entry.day]), entry.amount);
          const payable = tickets.filter(
            (entry) => entry.amount !== null && entry.day >= 1 && entry.day <= 2,
          );
          const notPriced = tickets.filter(
            (entry) => entry.amount === null && entry.day >= 1 && entry.day <= 2,
          );
          const period = { period_from: days[1], period_to: days[2] };
          const preview = (await world.ok('ADMIN', PreviewPayout, { party_id: world.partner.id, ...period }))
            .items[0];
          expect(preview.ticket_count).toBe(payable.length);
          expect(preview.not_priced_count).toBe(notPriced.length);
          const sum = payable.reduce((total, entry) => total + entry.amount!, 0);
          expect(preview.ticket_amount).toBe(sum);
          if (payable.length === 0) {
            const refused = (
              await world.as('ADMIN', GeneratePayout, { party_id: world.partner.id, ...period })
            ).errors?.[0];
            expect(refused?.message).toContain('is waiting for a payout');
            return;
          }
          const item = await generate(world, period);
          // The partner is not registered for GST: no tax, the payout is the sum of the frozen amounts.
          expect(item.ticket_count).toBe(payable.length);
          expect(item.taxable_amount).toBe(sum);
          expect(item.total_amount).toBe(sum);
          expect(item.supply).toBeNull();
          // A second payout of the same period finds nothing left to pay.
          const again = (await world.as('ADMIN', GeneratePayout, { party_id: world.partner.id, ...period }))
            .errors;
          expect(again?.[0].message).toContain('is waiting for a payout');
        },
      ),
      { numRuns: 12 },
    );
  });

  it('splits 18% GST per line within the state, and charges IGST across, exact to the paisa', async () => {
    await world.db.update(organization).set({ gstin: KARNATAKA }).where(eq(organization.id, world.org.id));
    const amounts = [33_333, 45_001, 1];
    // Per line: 18% of ₹333.33 = ₹59.9994 -> ₹60.00; of ₹450.01 = ₹81.0018 -> ₹81.00; of ₹0.01 -> ₹0.00.
    const taxes = [6_000, 8_100, 0];
    for (const [gstin, day] of [
      [KARNATAKA, '1995-06-10'],
      [MAHARASHTRA, '1995-07-10'],
    ] as const) {
      await world.db.update(party).set({ gstin }).where(eq(party.id, world.partner.id));
      for (const amount of amounts) await closedTicket(world, onDay(day), amount);
      const item = await generate(world, {
        period_from: day,
        period_to: day,
        extras: [{ description: 'Travel to Hosur', amount: 50_000 }],
      });
      const tax = taxes.reduce((sum, value) => sum + value, 0) + 9_000;
      expect(item.taxable_amount).toBe(33_333 + 45_001 + 1 + 50_000);
      expect(item.cgst_amount + item.sgst_amount + item.igst_amount).toBe(tax);
      expect(item.total_amount).toBe(item.taxable_amount + tax);
      if (gstin === KARNATAKA) {
        expect(item.supply).toBe('INTRA_STATE');
        // Each line's odd paisa goes to CGST: here every line's tax is even.
        expect([item.cgst_amount, item.sgst_amount, item.igst_amount]).toEqual([tax / 2, tax / 2, 0]);
      } else {
        expect(item.supply).toBe('INTER_STATE');
        expect(item.partner_state).toBe('Maharashtra');
        expect([item.cgst_amount, item.sgst_amount, item.igst_amount]).toEqual([0, 0, tax]);
      }
      expect(item.extra_count).toBe(1);
      const details = (await world.ok('ADMIN', GetPayout, { payout_id: item.payout_id })).items[0];
      expect(details.extras.map((line) => [line.description, line.taxable, line.tax_rate])).toEqual([
        ['Travel to Hosur', 50_000, 18],
      ]);
      const lines = (await world.ok('ADMIN', ListPayoutTickets, { payout_id: item.payout_id })).items;
      expect(lines.map((line) => line.taxable).sort((a, b) => a - b)).toEqual([1, 33_333, 45_001]);
      expect(lines.reduce((sum, line) => sum + line.cgst + line.sgst + line.igst, 0)).toBe(6_000 + 8_100);
    }
    await world.db.update(party).set({ gstin: null }).where(eq(party.id, world.partner.id));
  });

  it('refuses a period to come, an unknown partner, and a registered partner while the organization has no GSTIN', async () => {
    const today = dayIn(world.org.time_zone);
    const future = await world.as('ADMIN', GeneratePayout, {
      party_id: world.partner.id,
      period_from: today,
      period_to: shiftDay(today, 1),
    });
    expect(future.errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.periodInFuture(today),
      extensions: { field: 'period_to' },
    });
    const backwards = await world.as('ADMIN', GeneratePayout, {
      party_id: world.partner.id,
      period_from: '1996-02-02',
      period_to: '1996-02-01',
    });
    expect(backwards.errors?.[0].message).toBe('period_to: Period to must not be before Period from');
    const dealer = await world.as('ADMIN', GeneratePayout, {
      party_id: world.dealer.id,
      period_from: '1996-02-01',
      period_to: '1996-02-01',
    });
    expect(dealer.errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.partnerNotFound,
      extensions: { field: 'party_id' },
    });

    const registered = await seedParty(world.db, {
      organization_id: world.org.id,
      kind: 'SERVICE_PARTNER',
      name: unique('Registered partner '),
    });
    await world.db.update(party).set({ gstin: KARNATAKA }).where(eq(party.id, registered.id));
    await world.db.update(organization).set({ gstin: null }).where(eq(organization.id, world.org.id));
    await closedTicket(world, onDay('1996-03-01'), 10_000, registered.id);
    const before = await world.db.select().from(payout).where(eq(payout.party_id, registered.id));
    const noGstin = await world.as('ADMIN', GeneratePayout, {
      party_id: registered.id,
      period_from: '1996-03-01',
      period_to: '1996-03-01',
    });
    expect(noGstin.errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.organizationGstinMissing(registered.name),
      extensions: { field: 'party_id' },
    });
    expect(await world.db.select().from(payout).where(eq(payout.party_id, registered.id))).toEqual(before);
  });

  it('names the tickets no rate card priced when nothing in the period can be paid', async () => {
    await closedTicket(world, onDay('1997-01-15'), null);
    const refused = await world.as('ADMIN', GeneratePayout, {
      party_id: world.partner.id,
      period_from: '1997-01-01',
      period_to: '1997-01-31',
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.nothingToPay(world.partner.name, '01 Jan 1997', '31 Jan 1997', 1),
      extensions: { field: 'period_to' },
    });
  });
});

describe('approving and paying a payout', () => {
  let world: TicketWorld;
  beforeAll(async () => {
    world = await payoutWorld();
  });

  it('is approved by the owner, never by the one who generated it nor by someone without the approvals', async () => {
    await closedTicket(world, onDay('2001-05-05'), 80_000);
    const item = await generate(world, { period_from: '2001-05-01', period_to: '2001-05-31' });
    expect(item.state).toBe('PENDING');
    expect(item.invoice_number).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);

    // Not paid while it waits.
    const early = await world.as('ADMIN', RecordPayoutPayment, {
      payout_id: item.payout_id,
      amount: 10_000,
      paid_on: dayIn(world.org.time_zone),
      mode: 'NEFT',
      reference: 'UTR1',
    });
    expect(early.errors?.[0].message).toBe(
      PAYOUTS_MESSAGES.notApproved(item.invoice_number, 'Waiting for approval'),
    );

    for (const who of ['ADMIN', 'AGENT']) {
      const refused = await world.as(who, DecideWorkflowRequest, {
        request_id: item.workflow_request_id,
        level: 1,
        decision: 'APPROVE',
      });
      expect(refused.errors?.[0].extensions?.code).toMatch(/FORBIDDEN|CONFLICT/);
    }
    expect((await world.ok('ADMIN', GetPayout, { payout_id: item.payout_id })).items[0].state).toBe(
      'PENDING',
    );
    await approve(world, item);
    expect((await world.ok('ADMIN', GetPayout, { payout_id: item.payout_id })).items[0].state).toBe(
      'APPROVED',
    );
  });

  it('records payments up to the balance, never a day to come, and the partner sees it paid', async () => {
    await closedTicket(world, onDay('2001-06-05'), 50_000);
    await closedTicket(world, onDay('2001-06-20'), 25_000);
    const item = await generate(world, { period_from: '2001-06-01', period_to: '2001-06-30' });
    await approve(world, item);
    const today = dayIn(world.org.time_zone);
    const pay = (values: Record<string, unknown>) =>
      world.as('ADMIN', RecordPayoutPayment, {
        payout_id: item.payout_id,
        paid_on: today,
        mode: 'NEFT',
        reference: 'UTR-001',
        ...values,
      });
    expect((await pay({ amount: 75_001 })).errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.overpaid('₹750.00'),
      extensions: { field: 'amount' },
    });
    expect((await pay({ amount: 100, paid_on: shiftDay(today, 1) })).errors?.[0]).toMatchObject({
      message: PAYOUTS_MESSAGES.paidInFuture,
      extensions: { field: 'paid_on' },
    });
    expect((await pay({ amount: 100, reference: ' ' })).errors?.[0].message).toBe(
      'reference: Reference is required: the UTR, cheque or voucher number',
    );
    const first = await pay({ amount: 50_000 });
    expect(first.envelope?.status_message).toBe(
      PAYOUTS_MESSAGES.paid('₹500.00', item.invoice_number, '₹250.00'),
    );
    expect(first.envelope?.data.items[0].payment_status).toBe('PARTLY_PAID');
    const second = await pay({ amount: 25_000, mode: 'UPI', reference: 'UPI-778' });
    expect(second.envelope?.data.items[0]).toMatchObject({
      paid_amount: 75_000,
      balance_amount: 0,
      payment_status: 'PAID',
    });

    // The partner's owner reads its own payout, with the payments, and may not pay or generate.
    const own = (await world.ok('SERVICE_PARTNER', GetPayout, { payout_id: item.payout_id })).items[0];
    expect(own.payments.map((payment) => [payment.amount, payment.mode, payment.reference])).toEqual([
      [50_000, 'NEFT', 'UTR-001'],
      [25_000, 'UPI', 'UPI-778'],
    ]);
    const listed = (await world.ok('SERVICE_PARTNER', ListInvoice, { search: item.invoice_number })).items;
    expect(listed.map((row) => row.payout_id)).toEqual([item.payout_id]);
    expect(
      (
        await world.as('SERVICE_PARTNER', GeneratePayout, {
          party_id: world.partner.id,
          period_from: '2001-07-01',
          period_to: '2001-07-01',
        })
      ).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
  });

  it("lets a rejected payout's tickets go to the next one", async () => {
    const row = await closedTicket(world, onDay('2001-08-08'), 40_000);
    const item = await generate(world, { period_from: '2001-08-01', period_to: '2001-08-31' });
    await world.ok('OWNER', DecideWorkflowRequest, {
      request_id: item.workflow_request_id,
      level: 1,
      decision: 'REJECT',
      comment: 'Ticket under dispute',
    });
    const rejected = (await world.ok('ADMIN', GetPayout, { payout_id: item.payout_id })).items[0];
    expect(rejected).toMatchObject({ state: 'REJECTED', decision_comment: 'Ticket under dispute' });
    const next = await generate(world, { period_from: '2001-08-01', period_to: '2001-08-31' });
    const lines = (await world.ok('ADMIN', ListPayoutTickets, { payout_id: next.payout_id })).items;
    expect(lines.map((line) => line.ticket_number)).toEqual([row.ticket_number]);
  });

  it("keeps a paid ticket's amount when it is reopened", async () => {
    const row = await world.seed({
      state: 'IN_PROGRESS',
      partner_party_id: world.partner.id,
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    await world.ok('AGENT', CloseTicket, { ticket_id: row.id, reason: 'Customer confirmed by phone' });
    await world.db.update(ticket).set({ partner_amount_paise: 30_000 }).where(eq(ticket.id, row.id));
    const today = dayIn(world.org.time_zone);
    const item = await generate(world, { period_from: today, period_to: today });
    expect(item.ticket_count).toBe(1);
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'REOPEN',
      reason: 'Customer called again',
    });
    const [reopened] = await world.db.select().from(ticket).where(eq(ticket.id, row.id));
    expect(reopened.closed_at).toBeNull();
    expect(reopened.partner_amount_paise).toBe(30_000);
  });
});

describe('GSTINs and the invoice', () => {
  let world: TicketWorld;
  beforeAll(async () => {
    world = await payoutWorld();
  });

  it("keeps the organization's and a partner's GSTIN, refusing a mistyped one", async () => {
    const typo = KARNATAKA.slice(0, 14) + (KARNATAKA[14] === 'A' ? 'B' : 'A');
    const refused = await world.as('OWNER', UpdateOrganizationSettings, { gstin: typo });
    expect(refused.errors?.[0].message).toBe(
      'gstin: GSTIN check character does not match; check the number for a typing mistake',
    );
    await world.ok('OWNER', UpdateOrganizationSettings, { gstin: KARNATAKA.toLowerCase() });
    expect((await world.ok('OWNER', GetOrganizationSettings, {})).items[0].gstin).toBe(KARNATAKA);

    const current = (await world.ok('OWNER', ListServicePartners, { search: world.partner.name })).items[0];
    await world.ok('OWNER', UpdateServicePartner, {
      party_id: current.party_id,
      party_name: current.party_name,
      owner_name: current.owner_name,
      owner_phone_number: current.owner_phone_number,
      party_gstin: MAHARASHTRA,
    });
    const saved = (await world.ok('OWNER', ListServicePartners, { search: world.partner.name })).items[0];
    expect(saved.party_gstin).toBe(MAHARASHTRA);
  });

  it('serves the invoice as a PDF to the organization and to its own partner, to no one else', async () => {
    await world.db.update(organization).set({ gstin: KARNATAKA }).where(eq(organization.id, world.org.id));
    await world.db.update(party).set({ gstin: MAHARASHTRA }).where(eq(party.id, world.partner.id));
    const row = await closedTicket(world, onDay('2002-03-03'), 123_456);
    const item = await generate(world, {
      period_from: '2002-03-01',
      period_to: '2002-03-31',
      note: 'March visits',
    });
    const url = payoutInvoicePdfPath(item.payout_id);
    for (const who of ['ADMIN', 'SERVICE_PARTNER']) {
      const answer = await app.app.inject({
        method: 'GET',
        url,
        headers: { cookie: await world.cookieOf(who) },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (who !== 'ADMIN') continue;
      const file = path.join(os.tmpdir(), `${unique('invoice')}.pdf`);
      fs.writeFileSync(file, answer.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      fs.rmSync(file);
      // ₹1,234.56 + IGST 18% (₹222.2208 -> ₹222.22) = ₹1,456.78.
      for (const expected of [
        item.invoice_number,
        world.partner.name,
        `GSTIN ${MAHARASHTRA}`,
        `GSTIN ${KARNATAKA}`,
        'IGST',
        row.ticket_number,
        '₹1,456.78',
        'Rupees One Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
        'March visits',
      ]) {
        expect(text).toContain(expected);
      }
    }
    // Another partner's owner, the world's technician and no session: not served.
    const other = await seedParty(world.db, {
      organization_id: world.org.id,
      kind: 'SERVICE_PARTNER',
      name: unique('Other partner '),
    });
    const otherOwner = await addTestMember(world.db, {
      organizationId: world.org.id,
      role: 'SERVICE_PARTNER',
      party_id: other.id,
    });
    world.members.OTHER_OWNER = otherOwner;
    const foreign = await app.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await world.cookieOf('OTHER_OWNER') },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await app.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await world.ok('OTHER_OWNER', ListInvoice, {})).items).toEqual([]);
  });
});
