import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CancelMrf,
  FulfilMrf,
  GetTicketParts,
  HoldMrf,
  ListMrfs,
  RaiseMrf,
  ReceiveStock,
} from '@fieldport/contract/operations/inventory';
import { CloseTicket } from '@fieldport/contract/operations/tickets';
import { stockMovement } from '../../db/schema/inventory.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { storedTicket, ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore } from './stock.test-kit.ts';

// docs/inventory.md#mrf: an MRF puts its ticket on hold waiting for material; the store holds,
// fulfils (receives and issues in one movement; the ticket resumes) or cancels it.

let app: TestApp;
let world: TicketWorld;
let mainStore: Awaited<ReturnType<typeof seedTestStore>>;
let compressor: Awaited<ReturnType<typeof seedTestComponent>>;
let valve: Awaited<ReturnType<typeof seedTestComponent>>;

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  mainStore = await seedTestStore(world.db, world.org.id, 'Main store');
  compressor = await seedTestComponent(world.db, world.org.id, 'Rotary compressor');
  valve = await seedTestComponent(world.db, world.org.id, 'Expansion valve');
  // One valve in stock: the MRF's list shows what the store has of each part.
  await world.ok('OWNER', ReceiveStock, {
    service_center_id: mainStore.id,
    lines: [{ component_id: valve.id, quantity: 1, unit_cost: 80_000 }],
  });
});
afterAll(async () => {
  await app?.close();
});

const inProgress = () =>
  world.seed({ state: 'IN_PROGRESS', technician_id: world.members.TECHNICIAN.membershipId });

async function raise(ticketId: string, who = 'TECHNICIAN', quantity = 1) {
  const data = await world.ok(who, RaiseMrf, {
    ticket_id: ticketId,
    service_center_id: mainStore.id,
    components: [{ component_id: compressor.id, quantity }],
    note: 'No compressor anywhere in the city',
  });
  return data.items[0];
}

const ticketState = async (id: string) => (await storedTicket(world.db, id)).row.state;
const stockAt = async (componentId: string) =>
  (await ledgerAndLevel(world.db, mainStore.id, componentId)).level?.quantity ?? 0;

describe('an MRF', () => {
  it('puts its ticket on hold, and fulfilled from a receipt issues the parts and resumes it', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id, 'TECHNICIAN', 2);
    expect(raised.mrf_number).toMatch(/^MRF-\d{6}$/);
    expect(raised.state).toBe('OPEN');
    expect(raised.ticket_state).toBe('ON_HOLD');
    expect(raised.lines).toEqual([
      expect.objectContaining({ component_id: compressor.id, quantity: 2, in_stock: 0 }),
    ]);
    expect(await ticketState(ticket.id)).toBe('ON_HOLD');
    const held = (await storedTicket(world.db, ticket.id)).events.at(-1);
    expect(held).toMatchObject({ kind: 'MRF_RAISED', from_state: 'IN_PROGRESS', to_state: 'ON_HOLD' });
    expect(held?.text).toBe(
      `Waiting for material: ${raised.mrf_number} at ${mainStore.name}: 2 × ${compressor.part_number} Rotary compressor\nNo compressor anywhere in the city`,
    );

    // The co-ordinator without the MRF screen cannot fulfil it; the owner does.
    const refused = await world.as('AGENT', FulfilMrf, {
      mrf_id: raised.mrf_id,
      lines: [{ component_id: compressor.id, unit_cost: 1_250_050 }],
      reference: 'INV-7781',
    });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const fulfilled = (
      await world.ok('OWNER', FulfilMrf, {
        mrf_id: raised.mrf_id,
        lines: [{ component_id: compressor.id, unit_cost: 1_250_050 }],
        reference: 'INV-7781',
      })
    ).items[0];
    expect(fulfilled).toMatchObject({
      state: 'FULFILLED',
      receipt_reference: 'INV-7781',
      ticket_state: 'IN_PROGRESS',
    });
    expect(await ticketState(ticket.id)).toBe('IN_PROGRESS');
    // Received and issued at once: the store is as it was, the technician holds both.
    expect(await stockAt(compressor.id)).toBe(0);
    const rows = await world.db
      .select()
      .from(stockMovement)
      .where(
        and(eq(stockMovement.organization_id, world.org.id), eq(stockMovement.reference, raised.mrf_number)),
      );
    expect(rows.map((row) => [row.movement_type, row.quantity, row.ticket_id])).toEqual([
      ['ISSUE', -2, ticket.id],
    ]);
    const parts = (await world.ok('TECHNICIAN', GetTicketParts, { ticket_id: ticket.id })).items[0];
    expect(parts.parts_out).toEqual([
      expect.objectContaining({ component_id: compressor.id, quantity: 2, value: 2_500_100 }),
    ]);
    expect(parts.mrfs.map((item) => [item.mrf_number, item.state])).toEqual([
      [raised.mrf_number, 'FULFILLED'],
    ]);

    // At the close, both used: the ticket's parts cost is what they cost.
    await world.ok('AGENT', CloseTicket, {
      ticket_id: ticket.id,
      reason: 'Compressor replaced',
      parts_used: [{ service_center_id: mainStore.id, component_id: compressor.id, quantity: 2 }],
    });
    const closed = (await world.ok('AGENT', GetTicketParts, { ticket_id: ticket.id })).items[0];
    expect(closed.parts_cost).toBe(2_500_100);
    const { ledger, level } = await ledgerAndLevel(world.db, mainStore.id, compressor.id);
    expect(level).toEqual({ quantity: ledger.quantity, value: ledger.value });
  });

  it('is held and opened again by the store, and cancelled it lets the ticket resume', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id);
    const noReason = await world.as('OWNER', HoldMrf, { mrf_id: raised.mrf_id, action: 'HOLD' });
    expect(noReason.errors?.[0].message).toBe('reason: Reason is required to hold an MRF');
    const held = (
      await world.ok('OWNER', HoldMrf, {
        mrf_id: raised.mrf_id,
        action: 'HOLD',
        reason: 'Supplier closed for Diwali',
      })
    ).items[0];
    expect(held).toMatchObject({ state: 'ON_HOLD', reason: 'Supplier closed for Diwali' });
    const again = await world.as('OWNER', HoldMrf, {
      mrf_id: raised.mrf_id,
      action: 'HOLD',
      reason: 'Still closed',
    });
    expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await world.ok('OWNER', HoldMrf, { mrf_id: raised.mrf_id, action: 'OPEN' })).items[0].state).toBe(
      'OPEN',
    );

    const cancelled = (
      await world.ok('OWNER', CancelMrf, { mrf_id: raised.mrf_id, reason: 'The customer bought one' })
    ).items[0];
    expect(cancelled).toMatchObject({ state: 'CANCELLED', reason: 'The customer bought one' });
    expect(await ticketState(ticket.id)).toBe('IN_PROGRESS');
    const late = await world.as('OWNER', FulfilMrf, {
      mrf_id: raised.mrf_id,
      lines: [{ component_id: compressor.id, unit_cost: 100 }],
      reference: 'INV-1',
    });
    expect(late.errors?.[0]).toMatchObject({
      message: `${raised.mrf_number} is cancelled and cannot be changed.`,
      extensions: { code: 'CONFLICT' },
    });
    const kinds = (await storedTicket(world.db, ticket.id)).events.map((event) => event.kind);
    expect(kinds.slice(-4)).toEqual(['MRF_RAISED', 'MRF_HELD', 'MRF_REOPENED', 'MRF_CANCELLED']);
  });

  it('keeps the ticket on hold while another of its MRFs is open', async () => {
    const ticket = await inProgress();
    const first = await raise(ticket.id);
    const second = await raise(ticket.id, 'AGENT');
    expect(await ticketState(ticket.id)).toBe('ON_HOLD');
    await world.ok('OWNER', CancelMrf, { mrf_id: first.mrf_id, reason: 'Raised twice by mistake' });
    expect(await ticketState(ticket.id)).toBe('ON_HOLD');
    await world.ok('OWNER', FulfilMrf, {
      mrf_id: second.mrf_id,
      lines: [{ component_id: compressor.id, unit_cost: 900_000 }],
      reference: 'CH-55',
    });
    expect(await ticketState(ticket.id)).toBe('IN_PROGRESS');
  });
});

describe('what an MRF cannot do', () => {
  it('is raised only while the work is in progress or on hold', async () => {
    const assigned = await world.seed({
      state: 'ASSIGNED',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    const refused = await world.as('AGENT', RaiseMrf, {
      ticket_id: assigned.id,
      service_center_id: mainStore.id,
      components: [{ component_id: compressor.id, quantity: 1 }],
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: `Ticket ${assigned.ticket_number} is assigned: an MRF is raised while work is in progress or on hold.`,
      extensions: { code: 'CONFLICT' },
    });
    const empty = await world.as('TECHNICIAN', RaiseMrf, {
      ticket_id: (await inProgress()).id,
      service_center_id: mainStore.id,
      components: [],
    });
    expect(empty.errors?.[0].message).toBe('components: Add at least one component');
    expect((await world.ok('OWNER', ListMrfs, { ticket_id: assigned.id })).items).toEqual([]);
  });

  it('is fulfilled only with a unit cost for each of its parts, writing nothing otherwise', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id);
    const missing = await world.as('OWNER', FulfilMrf, {
      mrf_id: raised.mrf_id,
      lines: [{ component_id: valve.id, unit_cost: 100 }],
      reference: 'INV-9',
    });
    expect(missing.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'lines.0.component_id',
    });
    const noReference = await world.as('OWNER', FulfilMrf, {
      mrf_id: raised.mrf_id,
      lines: [{ component_id: compressor.id, unit_cost: 100 }],
      reference: '',
    });
    expect(noReference.errors?.[0].message).toBe(
      "reference: Reference is required: the supplier's invoice or challan number",
    );
    expect((await world.ok('OWNER', ListMrfs, { ticket_id: ticket.id })).items[0].state).toBe('OPEN');
    expect(await ticketState(ticket.id)).toBe('ON_HOLD');
  });

  it("is seen by a partner's people only on their tickets, and by a technician only on theirs", async () => {
    const ours = await inProgress();
    await raise(ours.id);
    const partnerTicket = await world.seed({
      state: 'IN_PROGRESS',
      partner_party_id: world.partner.id,
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    const partnerStore = await seedTestStore(world.db, world.org.id, 'Partner store', world.partner.id);
    const theirs = (
      await world.ok('PARTNER_TECHNICIAN', RaiseMrf, {
        ticket_id: partnerTicket.id,
        service_center_id: partnerStore.id,
        components: [{ component_id: compressor.id, quantity: 1 }],
      })
    ).items[0];
    const seenByPartner = await world.ok('SERVICE_PARTNER', ListMrfs, { page_size: 100 });
    expect(seenByPartner.items.map((item) => item.mrf_number)).toEqual([theirs.mrf_number]);
    const seenByTechnician = await world.ok('TECHNICIAN', ListMrfs, { ticket_id: partnerTicket.id });
    expect(seenByTechnician.items).toEqual([]);
    const fulfil = await world.as('SERVICE_PARTNER', FulfilMrf, {
      mrf_id: theirs.mrf_id,
      lines: [{ component_id: compressor.id, unit_cost: 100 }],
      reference: 'X',
    });
    expect(fulfil.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
