import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DecideWorkflowRequest, WithdrawWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  GetTicketParts,
  IssueComponentRequest,
  ListComponentRequests,
  ListInventory,
  RaiseComponentRequest,
  ReceiveStock,
} from '@fieldport/contract/operations/inventory';
import { CloseTicket, DiscardTicket, Get_Ticket_Details } from '@fieldport/contract/operations/tickets';
import { seedAdditionalPart } from '../../db/seed/settings.ts';
import { user } from '../../db/schema/identity.ts';
import { stockMovement } from '../../db/schema/inventory.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { storedTicket, ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore } from './stock.test-kit.ts';

// docs/inventory.md#parts-for-a-ticket: a ticket's component request, approved through the
// workflow, issued by the store to the technician, and at the close consumed or returned.

let app: TestApp;
let world: TicketWorld;
let mainStore: Awaited<ReturnType<typeof seedTestStore>>;
let partnerStore: Awaited<ReturnType<typeof seedTestStore>>;
let relay: Awaited<ReturnType<typeof seedTestComponent>>;
let pipe: Awaited<ReturnType<typeof seedTestComponent>>;
let gasTopUp: { id: string };

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  const orgId = world.org.id;
  mainStore = await seedTestStore(world.db, orgId, 'Main store');
  partnerStore = await seedTestStore(world.db, orgId, 'Partner store', world.partner.id);
  relay = await seedTestComponent(world.db, orgId, 'Compressor relay');
  pipe = await seedTestComponent(world.db, orgId, 'Copper pipe', { unit: 'METRE' });
  gasTopUp = await seedAdditionalPart(world.db, {
    organization_id: orgId,
    name: `Gas top-up ${world.tag}`,
    part_code: `GAS-${world.tag}`.toUpperCase().slice(0, 40),
    price_paise: 120_000,
  });
  // 3 relays worth ₹1.01 in all (33 + 34 + 34 paise): shares of odd paise must add up exactly.
  await world.ok('OWNER', ReceiveStock, {
    service_center_id: mainStore.id,
    lines: [
      { component_id: relay.id, quantity: 1, unit_cost: 33 },
      { component_id: pipe.id, quantity: 10, unit_cost: 9_000 },
    ],
    reference: 'INV-1',
  });
  await world.ok('OWNER', ReceiveStock, {
    service_center_id: mainStore.id,
    lines: [{ component_id: relay.id, quantity: 2, unit_cost: 34 }],
    reference: 'INV-2',
  });
});
afterAll(async () => {
  await app?.close();
});

/** A ticket in progress with the organization's technician. */
const inProgress = () =>
  world.seed({ state: 'IN_PROGRESS', technician_id: world.members.TECHNICIAN.membershipId });

const partsOf = async (who: string, ticketId: string) =>
  (await world.ok(who, GetTicketParts, { ticket_id: ticketId })).items[0];

async function approve(workflowRequestId: string) {
  await world.ok('OWNER', DecideWorkflowRequest, {
    request_id: workflowRequestId,
    decision: 'APPROVE',
    level: 1,
  });
}

async function raise(ticketId: string, input: Record<string, unknown> = {}, who = 'TECHNICIAN') {
  const data = await world.ok(who, RaiseComponentRequest, {
    ticket_id: ticketId,
    service_center_id: mainStore.id,
    components: [{ component_id: relay.id, quantity: 2 }],
    ...input,
  });
  return data.items[0];
}

const stockAt = async (storeId: string, componentId: string) =>
  (await ledgerAndLevel(world.db, storeId, componentId)).level?.quantity ?? 0;

describe('a component request from raise to close', () => {
  it('is raised, approved, issued to the technician, and at the close used or returned', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id, {
      additional_parts: [{ additional_part_id: gasTopUp.id, quantity: 1 }],
      note: 'Relay burnt',
    });
    expect(raised.request_number).toMatch(/^CR-\d{6}$/);
    expect(raised.state).toBe('PENDING');
    expect(raised.lines.map((line) => [line.part_number, line.quantity])).toEqual([
      [relay.part_number, 2],
      [`GAS-${world.tag}`.toUpperCase(), 1],
    ]);

    // Approved by the owner (no workflow configured: one owner or admin approval).
    await approve(raised.workflow_request_id!);
    let parts = await partsOf('TECHNICIAN', ticket.id);
    expect(parts.requests[0].state).toBe('APPROVED');
    expect(parts.additional_parts).toEqual([
      expect.objectContaining({ quantity: 1, unit_price: 120_000, amount: 120_000 }),
    ]);
    expect(parts.additional_parts_amount).toBe(120_000);
    expect(parts.parts_out).toEqual([]);

    // A co-ordinator without the Inventory screen cannot issue; the owner (the store) does.
    const refused = await world.as('AGENT', IssueComponentRequest, {
      component_request_id: raised.component_request_id,
    });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const issued = await world.ok('OWNER', IssueComponentRequest, {
      component_request_id: raised.component_request_id,
    });
    expect(issued.items[0].state).toBe('ISSUED');
    const [technician] = await world.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, world.members.TECHNICIAN.userId));
    expect(issued.items[0].issued_to_name).toBe(technician.name);
    expect(await stockAt(mainStore.id, relay.id)).toBe(1);

    parts = await partsOf('TECHNICIAN', ticket.id);
    expect(parts.parts_out).toEqual([
      expect.objectContaining({
        service_center_id: mainStore.id,
        component_id: relay.id,
        quantity: 2,
        value: 67,
      }),
    ]);

    // The close asks: without saying what was used, it is refused and nothing is written.
    const unsaid = await world.as('AGENT', CloseTicket, { ticket_id: ticket.id, reason: 'Relay replaced' });
    expect(unsaid.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'parts_used' });
    expect(unsaid.errors?.[0].message).toBe(
      `Say how many of each part issued for this ticket were used (the rest go back to the store): ${relay.part_number} Compressor relay (2 from ${mainStore.name}).`,
    );
    const tooMany = await world.as('AGENT', CloseTicket, {
      ticket_id: ticket.id,
      reason: 'Relay replaced',
      parts_used: [{ service_center_id: mainStore.id, component_id: relay.id, quantity: 3 }],
    });
    expect(tooMany.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'parts_used.0.quantity',
    });
    expect((await storedTicket(world.db, ticket.id)).row.state).toBe('IN_PROGRESS');

    await world.ok('AGENT', CloseTicket, {
      ticket_id: ticket.id,
      reason: 'Relay replaced',
      parts_used: [{ service_center_id: mainStore.id, component_id: relay.id, quantity: 1 }],
    });
    parts = await partsOf('AGENT', ticket.id);
    expect(parts.parts_out).toEqual([]);
    // One of the two issued (67 paise for 2) is consumed at half, rounded: 34; 33 went back.
    expect(parts.consumed).toEqual([
      expect.objectContaining({ component_id: relay.id, quantity: 1, value: 34 }),
    ]);
    expect(parts.parts_cost).toBe(34);
    expect(await stockAt(mainStore.id, relay.id)).toBe(2);
    const { ledger, level } = await ledgerAndLevel(world.db, mainStore.id, relay.id);
    expect(level).toEqual({ quantity: ledger.quantity, value: ledger.value });
    expect(level?.value).toBe(101 - 34);

    const kinds = (await storedTicket(world.db, ticket.id)).events.map((event) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'PARTS_REQUESTED',
        'PARTS_APPROVED',
        'PARTS_ISSUED',
        'PARTS_SETTLED',
        'CLOSED',
      ]),
    );
    expect(kinds.indexOf('PARTS_SETTLED')).toBeLessThan(kinds.indexOf('CLOSED'));
    const ledgerRows = await world.db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.ticket_id, ticket.id)))
      .orderBy(stockMovement.created_at);
    expect(ledgerRows.map((row) => [row.movement_type, row.reference])).toEqual([
      ['ISSUE', raised.request_number],
      ['CONSUME', ticket.ticket_number],
      ['RETURN', ticket.ticket_number],
    ]);
  });

  it('shows the requests on the ticket timeline as the details read them', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id, { components: [{ component_id: pipe.id, quantity: 3 }] });
    const details = (await world.ok('AGENT', Get_Ticket_Details, { ticket_id: ticket.id })).items[0];
    const entry = details.timeline.find((event) => event.kind === 'PARTS_REQUESTED');
    expect(entry?.text).toBe(
      `${raised.request_number} from ${mainStore.name}: 3 × ${pipe.part_number} Copper pipe`,
    );
    expect(details.allowed_actions).toContain('REQUEST_PARTS');
  });
});

describe('what a request cannot do', () => {
  it('is refused without lines, or with components and no store, writing nothing', async () => {
    const ticket = await inProgress();
    const empty = await world.as('TECHNICIAN', RaiseComponentRequest, {
      ticket_id: ticket.id,
      components: [],
    });
    expect(empty.errors?.[0]).toMatchObject({
      message: 'components: Add at least one component or additional part',
      extensions: { code: 'BAD_USER_INPUT', field: 'components' },
    });
    const noStore = await world.as('TECHNICIAN', RaiseComponentRequest, {
      ticket_id: ticket.id,
      components: [{ component_id: relay.id, quantity: 1 }],
    });
    expect(noStore.errors?.[0]).toMatchObject({
      message: 'service_center_id: Store is required: choose the store that issues the components',
      extensions: { field: 'service_center_id' },
    });
    const twice = await world.as('TECHNICIAN', RaiseComponentRequest, {
      ticket_id: ticket.id,
      service_center_id: mainStore.id,
      components: [
        { component_id: relay.id, quantity: 1 },
        { component_id: relay.id, quantity: 1 },
      ],
    });
    expect(twice.errors?.[0].extensions?.field).toBe('components.1.component_id');
    const listed = await world.ok('OWNER', ListComponentRequests, { ticket_id: ticket.id });
    expect(listed.items).toEqual([]);
  });

  it('is asked only by the ticket technician or a co-ordinator, of an open ticket', async () => {
    const ticket = await inProgress();
    const other = await world.as('SECOND_TECHNICIAN', RaiseComponentRequest, {
      ticket_id: ticket.id,
      service_center_id: mainStore.id,
      components: [{ component_id: relay.id, quantity: 1 }],
    });
    expect(other.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const dealer = await world.as('DEALER_OWNER', RaiseComponentRequest, {
      ticket_id: ticket.id,
      service_center_id: mainStore.id,
      components: [{ component_id: relay.id, quantity: 1 }],
    });
    expect(dealer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const closed = await world.seed({
      state: 'CLOSED',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    const late = await world.as('AGENT', RaiseComponentRequest, {
      ticket_id: closed.id,
      service_center_id: mainStore.id,
      components: [{ component_id: relay.id, quantity: 1 }],
    });
    expect(late.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('rejected or withdrawn, is never issued', async () => {
    const ticket = await inProgress();
    const rejected = await raise(ticket.id);
    await world.ok('OWNER', DecideWorkflowRequest, {
      request_id: rejected.workflow_request_id,
      level: 1,
      decision: 'REJECT',
      comment: 'Use the spare from the van',
    });
    const refused = await world.as('OWNER', IssueComponentRequest, {
      component_request_id: rejected.component_request_id,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: `Component request ${rejected.request_number} is rejected: only an approved request is issued.`,
      extensions: { code: 'CONFLICT' },
    });
    const withdrawn = await raise(ticket.id);
    await world.ok('TECHNICIAN', WithdrawWorkflowRequest, {
      request_id: withdrawn.workflow_request_id,
      reason: 'Found one in the van',
    });
    const parts = await partsOf('TECHNICIAN', ticket.id);
    expect(
      parts.requests.map((request) => [request.request_number, request.state, request.decision_comment]),
    ).toEqual([
      [withdrawn.request_number, 'WITHDRAWN', 'Found one in the van'],
      [rejected.request_number, 'REJECTED', 'Use the spare from the van'],
    ]);
    const kinds = (await storedTicket(world.db, ticket.id)).events.map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['PARTS_REJECTED', 'PARTS_WITHDRAWN']));
  });

  it('is not issued beyond the store stock: the message names part, store and what is there', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id, { components: [{ component_id: pipe.id, quantity: 999 }] });
    await approve(raised.workflow_request_id!);
    const before = await stockAt(mainStore.id, pipe.id);
    const refused = await world.as('OWNER', IssueComponentRequest, {
      component_request_id: raised.component_request_id,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: `Not enough stock of ${pipe.part_number} Copper pipe at ${mainStore.name}: ${before} available, 999 needed.`,
      extensions: { code: 'CONFLICT' },
    });
    expect(await stockAt(mainStore.id, pipe.id)).toBe(before);
    expect((await partsOf('OWNER', ticket.id)).requests[0].state).toBe('APPROVED');
  });

  it('is not issued to a ticket with no technician', async () => {
    const ticket = await world.seed({ state: 'OPEN' });
    const raised = await raise(ticket.id, {}, 'AGENT');
    await approve(raised.workflow_request_id!);
    const refused = await world.as('OWNER', IssueComponentRequest, {
      component_request_id: raised.component_request_id,
    });
    expect(refused.errors?.[0].message).toBe(
      `Ticket ${ticket.ticket_number} has no technician: assign it first, since the parts are issued to the technician.`,
    );
  });
});

describe('parties', () => {
  it("keeps a partner's requests to its tickets and stores", async () => {
    const partnerTicket = await world.seed({
      state: 'IN_PROGRESS',
      partner_party_id: world.partner.id,
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    // The partner's technician asks its own store; the organization's store is not theirs to name.
    const foreign = await world.as('PARTNER_TECHNICIAN', RaiseComponentRequest, {
      ticket_id: partnerTicket.id,
      service_center_id: mainStore.id,
      components: [{ component_id: relay.id, quantity: 1 }],
    });
    expect(foreign.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const raised = await raise(
      partnerTicket.id,
      { service_center_id: partnerStore.id, components: [{ component_id: pipe.id, quantity: 1 }] },
      'PARTNER_TECHNICIAN',
    );
    const ownTicket = await inProgress();
    await raise(ownTicket.id);

    const seenByPartner = await world.ok('SERVICE_PARTNER', ListComponentRequests, {});
    expect(seenByPartner.items.map((item) => item.request_number)).toEqual([raised.request_number]);
    const seenByTechnician = await world.ok('TECHNICIAN', ListComponentRequests, {
      ticket_id: partnerTicket.id,
    });
    expect(seenByTechnician.items).toEqual([]);

    // Approved, the partner issues from its store: the store has none, so the refusal names it.
    await approve(raised.workflow_request_id!);
    const empty = await world.as('SERVICE_PARTNER', IssueComponentRequest, {
      component_request_id: raised.component_request_id,
    });
    expect(empty.errors?.[0].message).toBe(
      `Not enough stock of ${pipe.part_number} Copper pipe at ${partnerStore.name}: 0 available, 1 needed.`,
    );
    const inventory = await world.ok('SERVICE_PARTNER', ListInventory, {});
    expect(inventory.items.every((item) => item.service_center_id === partnerStore.id)).toBe(true);
  });
});

describe('a discarded ticket', () => {
  it('returns what its technician held to the store', async () => {
    const ticket = await inProgress();
    const raised = await raise(ticket.id, { components: [{ component_id: pipe.id, quantity: 2 }] });
    await approve(raised.workflow_request_id!);
    const before = await stockAt(mainStore.id, pipe.id);
    await world.ok('OWNER', IssueComponentRequest, { component_request_id: raised.component_request_id });
    expect(await stockAt(mainStore.id, pipe.id)).toBe(before - 2);
    await world.ok('AGENT', DiscardTicket, { ticket_id: ticket.id, reason: 'Duplicate of another ticket' });
    expect(await stockAt(mainStore.id, pipe.id)).toBe(before);
    const parts = await partsOf('AGENT', ticket.id);
    expect(parts.parts_out).toEqual([]);
    expect(parts.parts_cost).toBe(0);
    const { ledger, level } = await ledgerAndLevel(world.db, mainStore.id, pipe.id);
    expect(level).toEqual({ quantity: ledger.quantity, value: ledger.value });
  });
});
