import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DecideWorkflowRequest, WithdrawWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  FGR_MESSAGES,
  GenerateFGR,
  GetFGR,
  ListFGR,
  ReopenFGR,
  UpdateFGR,
  UpdateFGRClaimStatus,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import { newId } from '../../db/ids.ts';
import { workflowRequest } from '../../db/schema/approvals.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { fgr } from '../../db/schema/fgr.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// docs/fgr.md: a replacement is generated only while the product is covered, approved through the
// workflow, and then the new serial takes the old one's place in the fleet.

let app: TestApp;
let world: TicketWorld;

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const today = () => dayIn(world.org.time_zone);

/** A ticket for a product of the world's customer, covered as asked. */
async function ticketFor(coverage: 'warranty' | 'amc' | 'none') {
  const [itemId] = await seedFleetItems(world.db, [
    {
      organization_id: world.org.id,
      serial_number: unique('OLD-').toUpperCase(),
      service_id: world.service.id,
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
      installation_date: coverage === 'warranty' ? shiftDay(today(), -60) : '2020-01-01',
      warranty_months: 12,
    },
  ]);
  if (coverage === 'amc') {
    const type = newId();
    await world.db.insert(amcType).values({
      id: type,
      organization_id: world.org.id,
      name: unique('Replacement AMC '),
      duration_months: 12,
      visits: 4,
      price_paise: 300_000,
      service_ids: [],
    });
    await world.db
      .update(fleetItem)
      .set({
        amc_type_id: type,
        amc_start_date: shiftDay(today(), -30),
        amc_end_date: shiftDay(today(), 334),
        amc_visits_included: 4,
        amc_visits_used: 1,
      })
      .where(eq(fleetItem.id, itemId));
  }
  const row = await world.seed({ state: 'IN_PROGRESS' });
  await world.db.update(ticket).set({ fleet_item_id: itemId }).where(eq(ticket.id, row.id));
  return { row, itemId };
}

async function generate(ticketId: string, serial = unique('NEW-').toUpperCase()): Promise<FgrItem> {
  return (
    await world.ok('AGENT', GenerateFGR, {
      ticket_id: ticketId,
      reason: 'Compressor seized: beyond repair',
      replacement_serial_number: serial,
    })
  ).items[0];
}

const decide = (item: FgrItem, decision: 'APPROVE' | 'REJECT', who = 'OWNER') =>
  world.as(who, DecideWorkflowRequest, {
    request_id: item.workflow_request_id,
    level: 1,
    decision,
    comment: decision === 'REJECT' ? 'Send photos of the compressor' : undefined,
  });

const read = async (id: string) => (await world.ok('AGENT', GetFGR, { fgr_id: id })).items[0];

describe('generating a replacement', () => {
  it('is allowed in warranty, numbered, and waits for approval', async () => {
    const { row, itemId } = await ticketFor('warranty');
    const item = await generate(row.id, 'new-sn/001');
    expect(item.fgr_number).toMatch(/^FGR\/\d{4}-\d{2}\/\d{6}$/);
    expect(item).toMatchObject({
      state: 'PENDING_APPROVAL',
      ticket_id: row.id,
      fleet_item_id: itemId,
      coverage: 'IN_WARRANTY',
      replacement_serial_number: 'NEW-SN/001',
      claim_status: 'PENDING',
    });
    const again = await world.as('AGENT', GenerateFGR, {
      ticket_id: row.id,
      reason: 'Second try',
      replacement_serial_number: 'NEW-SN/002',
    });
    expect(again.errors?.[0]?.message).toBe(FGR_MESSAGES.alreadyLive(row.ticket_number, item.fgr_number));
  });

  it('is allowed under AMC', async () => {
    const { row } = await ticketFor('amc');
    expect((await generate(row.id)).coverage).toBe('UNDER_AMC');
  });

  it('is refused out of warranty and AMC, saying why, and writes nothing', async () => {
    const { row, itemId } = await ticketFor('none');
    const [item] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, itemId));
    const refused = await world.as('AGENT', GenerateFGR, {
      ticket_id: row.id,
      reason: 'Dead unit',
      replacement_serial_number: 'NEW-OUT-1',
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: FGR_MESSAGES.notCovered(
        item.serial_number,
        `its warranty ended on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${item.warranty_end_date}T12:00:00Z`))} and it has no AMC`,
      ),
      extensions: { field: 'ticket_id' },
    });
    expect(await world.db.select().from(fgr).where(eq(fgr.ticket_id, row.id))).toEqual([]);
  });

  it('is refused for a ticket without a product, and for a serial already in the fleet', async () => {
    const bare = await world.seed();
    const noProduct = await world.as('AGENT', GenerateFGR, {
      ticket_id: bare.id,
      reason: 'Dead unit',
      replacement_serial_number: 'NEW-X-1',
    });
    expect(noProduct.errors?.[0]?.message).toBe(FGR_MESSAGES.noFleetItem(bare.ticket_number));
    const { row } = await ticketFor('warranty');
    const { itemId: otherId } = await ticketFor('warranty');
    const [other] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, otherId));
    const taken = await world.as('AGENT', GenerateFGR, {
      ticket_id: row.id,
      reason: 'Dead unit',
      replacement_serial_number: other.serial_number,
    });
    expect(taken.errors?.[0]).toMatchObject({
      message: FGR_MESSAGES.serialTaken(other.serial_number),
      extensions: { field: 'replacement_serial_number' },
    });
  });
});

describe('approval through the workflow', () => {
  it('approved by an approver (never its requester), puts the new serial in the old one’s place', async () => {
    const { row, itemId } = await ticketFor('amc');
    const contractId = newId();
    const [old] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, itemId));
    await world.db.insert(amcContract).values({
      id: contractId,
      organization_id: world.org.id,
      contract_number: unique('AMC/TEST/'),
      customer_id: world.customer.id,
      amc_type_id: old.amc_type_id!,
      start_date: old.amc_start_date!,
      end_date: old.amc_end_date!,
      visits_per_item: 4,
      amount_paise: 300_000,
      source: 'ENTERED',
      applied_at: new Date(),
    });
    await world.db
      .insert(amcContractItem)
      .values({ id: newId(), organization_id: world.org.id, contract_id: contractId, fleet_item_id: itemId });
    const item = await generate(row.id);
    // Changed while it waits: the approver decides the change.
    await world.ok('AGENT', UpdateFGR, {
      fgr_id: item.fgr_id,
      reason: 'Compressor and coil both gone',
      replacement_serial_number: `${item.replacement_serial_number}-B`,
    });
    const [request] = await world.db
      .select({ summary: workflowRequest.summary })
      .from(workflowRequest)
      .where(eq(workflowRequest.id, item.workflow_request_id!));
    expect(request.summary).toContain(`replaced by ${item.replacement_serial_number}-B`);
    const own = await decide(item, 'APPROVE', 'AGENT');
    expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const technician = await decide(item, 'APPROVE', 'TECHNICIAN');
    expect(technician.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await decide(item, 'APPROVE')).envelope).toBeTruthy();

    const approved = await read(item.fgr_id);
    expect(approved).toMatchObject({
      state: 'APPROVED',
      replacement_serial_number: `${item.replacement_serial_number}-B`,
      reason: 'Compressor and coil both gone',
    });
    const [oldAfter] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, itemId));
    const [replacement] = await world.db
      .select()
      .from(fleetItem)
      .where(eq(fleetItem.id, approved.replacement_fleet_item_id!));
    expect(oldAfter.status).toBe('INACTIVE');
    expect(replacement).toMatchObject({
      serial_number: `${item.replacement_serial_number}-B`,
      customer_id: world.customer.id,
      location_id: old.location_id,
      service_id: old.service_id,
      status: 'ACTIVE',
      amc_type_id: old.amc_type_id,
      amc_end_date: old.amc_end_date,
      amc_visits_used: 1,
      warranty_end_date: old.warranty_end_date,
    });
    const history = await world.db
      .select()
      .from(fleetItemEvent)
      .where(and(eq(fleetItemEvent.organization_id, world.org.id), eq(fleetItemEvent.fleet_item_id, itemId)));
    expect(history.map((event) => event.details)).toContain(
      `Replaced by ${replacement.serial_number} under ${item.fgr_number}`,
    );
    const covered = await world.db
      .select()
      .from(amcContractItem)
      .where(eq(amcContractItem.contract_id, contractId));
    expect(covered.map((entry) => entry.fleet_item_id).sort()).toEqual([itemId, replacement.id].sort());

    // The claim towards the manufacturer is followed now.
    const noReference = await world.as('AGENT', UpdateFGRClaimStatus, {
      fgr_id: item.fgr_id,
      claim_status: 'CLAIMED',
    });
    expect(noReference.errors?.[0]?.message).toContain(
      "Claim reference is required: the manufacturer's claim number",
    );
    const claimed = (
      await world.ok('AGENT', UpdateFGRClaimStatus, {
        fgr_id: item.fgr_id,
        claim_status: 'SETTLED',
        claim_reference: 'LG-CLM-2026-0091',
        claim_note: 'Credit note received',
      })
    ).items[0];
    expect(claimed).toMatchObject({ claim_status: 'SETTLED', claim_reference: 'LG-CLM-2026-0091' });
    const settled = await world.ok('AGENT', ListFGR, { claim_status: 'SETTLED', search: item.fgr_number });
    expect(settled.items.map((entry) => entry.fgr_id)).toEqual([item.fgr_id]);
    const late = await world.as('AGENT', UpdateFGR, {
      fgr_id: item.fgr_id,
      reason: 'Too late to change',
      replacement_serial_number: 'NEW-LATE',
    });
    expect(late.errors?.[0]?.message).toBe(FGR_MESSAGES.notPending(item.fgr_number, 'Approved: replaced'));
  });

  it('rejected, is reopened and approved; withdrawn, is reopened too', async () => {
    const { row } = await ticketFor('warranty');
    const item = await generate(row.id);
    const early = await world.as('AGENT', UpdateFGRClaimStatus, {
      fgr_id: item.fgr_id,
      claim_status: 'CLAIMED',
      claim_reference: 'X-1',
    });
    expect(early.errors?.[0]?.message).toBe(FGR_MESSAGES.notApproved(item.fgr_number));
    await decide(item, 'REJECT');
    expect(await read(item.fgr_id)).toMatchObject({
      state: 'REJECTED',
      decision_comment: 'Send photos of the compressor',
    });
    const reopened = (
      await world.ok('AGENT', ReopenFGR, { fgr_id: item.fgr_id, comment: 'Photos attached to the ticket' })
    ).items[0];
    expect(reopened).toMatchObject({ state: 'PENDING_APPROVAL', reopened_count: 1, decision_comment: null });
    expect(reopened.workflow_request_id).not.toBe(item.workflow_request_id);
    await world.ok('AGENT', WithdrawWorkflowRequest, {
      request_id: reopened.workflow_request_id,
      reason: 'The customer will wait',
    });
    expect((await read(item.fgr_id)).state).toBe('WITHDRAWN');
    const back = (
      await world.ok('AGENT', ReopenFGR, { fgr_id: item.fgr_id, comment: 'Customer asked again' })
    ).items[0];
    expect((await decide(back, 'APPROVE')).envelope).toBeTruthy();
    expect((await read(item.fgr_id)).state).toBe('APPROVED');
  });
});

describe('who sees replacements', () => {
  it("keeps them from partners' and dealers' people, whose menus have no product replacement", async () => {
    for (const who of ['SERVICE_PARTNER', 'DEALER_OWNER', 'TECHNICIAN']) {
      const answer = await world.as(who, ListFGR, {});
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
