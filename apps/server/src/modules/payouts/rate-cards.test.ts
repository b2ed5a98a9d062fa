import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  ActivateOrDeactivateCostConfiguration,
  CreateCostConfiguration,
  ListCostConfigurations,
  PAYOUT_MESSAGES,
  PriceUnpricedTickets,
  UpdateCostConfiguration,
  type CostConfigurationItem,
} from '@fieldport/contract/operations/payouts';
import {
  CloseTicket,
  CreateAssignedTicketV2,
  Get_Ticket_Details,
  List_closed_Tickets,
  ReassignOrOpenTheAssignedTicket,
} from '@fieldport/contract/operations/tickets';
import { seedCategory } from '../../db/seed/product-catalogue.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketInput, ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// Rate cards and the partner's amount frozen at closing (docs/payouts.md).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A ticket world whose service lists two service types (installation, repair). */
async function payoutWorld() {
  const world = await ticketWorld(app);
  const installation = await seedNamedMaster(world.db, 'serviceType', {
    organization_id: world.org.id,
    name: `Installation ${world.tag}`,
  });
  const repair = await seedNamedMaster(world.db, 'serviceType', {
    organization_id: world.org.id,
    name: `Repair ${world.tag}`,
  });
  await world.db
    .update(service)
    .set({ service_type_ids: [installation.id, repair.id] })
    .where(eq(service.id, world.service.id));
  return { ...world, types: { installation, repair } };
}
type PayoutWorld = Awaited<ReturnType<typeof payoutWorld>>;

const card = (world: TicketWorld, values: Record<string, unknown>) => ({
  cost_configuration_name: `Card ${Math.random().toString(36).slice(2, 8)}`,
  party_id: world.partner.id,
  amount_paise: 30_000,
  valid_from: '2026-01-01',
  valid_until: null,
  ...values,
});

async function createCard(
  world: TicketWorld,
  values: Record<string, unknown>,
): Promise<CostConfigurationItem> {
  return (await world.ok('OWNER', CreateCostConfiguration, card(world, values))).items[0];
}

/** A ticket of the world's partner, in progress with the partner's technician, closed by the co-ordinator. */
async function closedPartnerTicket(world: PayoutWorld, serviceTypeId: string | null) {
  const row = await world.seed({
    state: 'IN_PROGRESS',
    partner_party_id: world.partner.id,
    technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
  });
  await world.db.update(ticket).set({ service_type_id: serviceTypeId }).where(eq(ticket.id, row.id));
  await world.ok('AGENT', CloseTicket, { ticket_id: row.id, reason: 'Customer confirmed by phone' });
  return row.id;
}

async function partnerAmountAs(world: TicketWorld, who: string, ticketId: string) {
  return (await world.ok(who, Get_Ticket_Details, { ticket_id: ticketId })).items[0].partner_amount;
}

async function cardCount(world: TicketWorld) {
  const [row] = await world.db
    .select({ n: count() })
    .from(costConfiguration)
    .where(eq(costConfiguration.organization_id, world.org.id));
  return row.n;
}

describe('rate cards', () => {
  it('price a closing ticket by the most specific card of its partner, frozen against later changes', async () => {
    const world = await payoutWorld();
    const metro = world.territories.bengaluru.territory_category_id;
    await createCard(world, { cost_configuration_name: 'Default', amount_paise: 30_000 });
    await createCard(world, {
      cost_configuration_name: 'All ACs',
      category_id: world.category.id,
      amount_paise: 40_000,
    });
    await createCard(world, {
      cost_configuration_name: 'AC repair in metros',
      service_id: world.service.id,
      territory_category_id: metro,
      amount_paise: 50_000,
    });
    const installing = await createCard(world, {
      cost_configuration_name: 'AC installation',
      service_id: world.service.id,
      service_type_id: world.types.installation.id,
      amount_paise: 55_000,
    });
    // A service's card is the service's category's: the screen shows what it narrows to.
    expect(installing).toMatchObject({
      category_id: world.category.id,
      specificity_label: 'Service + service type',
      partner_name: world.partner.name,
    });

    // Service + service type (10) beats service + territory category (9).
    const installed = await closedPartnerTicket(world, world.types.installation.id);
    expect(await partnerAmountAs(world, 'AGENT', installed)).toEqual({
      state: 'FROZEN',
      amount_paise: 55_000,
      rate_card_id: installing.cost_configuration_id,
      rate_card_name: 'AC installation',
    });
    // Without a service type, the metro card; a repair ticket the same.
    const untyped = await closedPartnerTicket(world, null);
    expect(await partnerAmountAs(world, 'AGENT', untyped)).toMatchObject({ amount_paise: 50_000 });

    // A later change of the card does not move what is frozen.
    await world.ok('OWNER', UpdateCostConfiguration, {
      ...card(world, {
        cost_configuration_name: 'AC installation',
        service_id: world.service.id,
        service_type_id: world.types.installation.id,
        amount_paise: 99_900,
      }),
      cost_configuration_id: installing.cost_configuration_id,
    });
    expect(await partnerAmountAs(world, 'OWNER', installed)).toMatchObject({ amount_paise: 55_000 });
    // The next one closed is priced at the new amount.
    const later = await closedPartnerTicket(world, world.types.installation.id);
    expect(await partnerAmountAs(world, 'OWNER', later)).toMatchObject({ amount_paise: 99_900 });
  });

  it('price a reopened ticket again when it closes again, by the cards in force then', async () => {
    const world = await payoutWorld();
    const standard = await createCard(world, { cost_configuration_name: 'Standard', amount_paise: 30_000 });
    const closed = await closedPartnerTicket(world, null);
    expect(await partnerAmountAs(world, 'AGENT', closed)).toMatchObject({ amount_paise: 30_000 });

    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: closed,
      action: 'REOPEN',
      reason: 'The customer says it still does not cool',
    });
    // Open again: not closed, so no amount; nothing of the earlier one is kept.
    expect(await partnerAmountAs(world, 'AGENT', closed)).toBeNull();
    const [reopened] = await world.db.select().from(ticket).where(eq(ticket.id, closed));
    expect(reopened).toMatchObject({ partner_amount_paise: null, partner_rate_card_id: null });

    await world.ok('OWNER', UpdateCostConfiguration, {
      ...card(world, { cost_configuration_name: 'Standard', amount_paise: 32_500 }),
      cost_configuration_id: standard.cost_configuration_id,
    });
    // The partner's technician works it again, and the co-ordinator closes it.
    await world.db
      .update(ticket)
      .set({
        state: 'IN_PROGRESS',
        partner_party_id: world.partner.id,
        technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
      })
      .where(eq(ticket.id, closed));
    await world.ok('AGENT', CloseTicket, { ticket_id: closed, reason: 'Fixed on the second visit' });
    expect(await partnerAmountAs(world, 'AGENT', closed)).toMatchObject({ amount_paise: 32_500 });
  });

  it('flag a partner ticket no card matches, price it on request once one does, and price none without a partner', async () => {
    const world = await payoutWorld();
    // In force only from next year: nothing matches a ticket closed today.
    await createCard(world, { valid_from: '2999-01-01' });
    const flagged = await closedPartnerTicket(world, null);
    expect(await partnerAmountAs(world, 'AGENT', flagged)).toEqual({
      state: 'NO_RATE_CARD',
      amount_paise: null,
      rate_card_id: null,
      rate_card_name: null,
    });
    const [stored] = await world.db.select().from(ticket).where(eq(ticket.id, flagged));
    expect(stored).toMatchObject({ partner_amount_paise: null, partner_rate_card_id: null, state: 'CLOSED' });

    const own = await world.seed({
      state: 'IN_PROGRESS',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    await world.ok('AGENT', CloseTicket, { ticket_id: own.id, reason: 'Customer confirmed by phone' });
    expect(await partnerAmountAs(world, 'AGENT', own.id)).toBeNull();

    // The co-ordinator finds the flagged ones in the Closed list; a partner's user may not ask.
    await createCard(world, {
      cost_configuration_name: 'From today',
      valid_from: '2026-01-01',
      valid_until: '2998-12-31',
    });
    const priced = await closedPartnerTicket(world, null);
    const notPriced = await world.ok('AGENT', List_closed_Tickets, {
      list: 'CLOSED',
      partner_amount: 'NOT_PRICED',
    });
    expect(notPriced.items.map((item) => item.ticket_id)).toEqual([flagged]);
    const all = await world.ok('AGENT', List_closed_Tickets, { list: 'CLOSED' });
    expect(all.items.map((item) => item.ticket_id).sort()).toEqual([flagged, own.id, priced].sort());
    const asPartner = await world.as('SERVICE_PARTNER', List_closed_Tickets, {
      list: 'CLOSED',
      partner_amount: 'NOT_PRICED',
    });
    expect(asPartner.errors?.[0]).toMatchObject({
      message: PAYOUT_MESSAGES.notPricedFilter,
      extensions: { code: 'FORBIDDEN' },
    });

    // Once a card for its day exists, the flagged ticket is priced on request; the priced one stays.
    const [before] = await world.db.select().from(ticket).where(eq(ticket.id, priced));
    const nothingYet = await world.ok('OWNER', PriceUnpricedTickets, {});
    expect(nothingYet.items[0]).toEqual({ priced: 1, not_priced: 0 });
    expect(await partnerAmountAs(world, 'OWNER', flagged)).toMatchObject({
      state: 'FROZEN',
      amount_paise: 30_000,
      rate_card_name: 'From today',
    });
    const [after] = await world.db.select().from(ticket).where(eq(ticket.id, priced));
    expect(after.partner_amount_paise).toBe(before.partner_amount_paise);
    const again = await world.as('OWNER', PriceUnpricedTickets, {});
    expect(again.envelope?.status_message).toBe(PAYOUT_MESSAGES.pricedNow(0, 0));
  });

  it("tell the amount to staff and the ticket's partner, not to its technician", async () => {
    const world = await payoutWorld();
    await createCard(world, { amount_paise: 35_000 });
    const closed = await closedPartnerTicket(world, null);
    expect(await partnerAmountAs(world, 'SERVICE_PARTNER', closed)).toMatchObject({ amount_paise: 35_000 });
    expect(await partnerAmountAs(world, 'PARTNER_TECHNICIAN', closed)).toBeNull();
    // The partner's users may not read the rate cards themselves (the screen is the organization's).
    const listed = await world.as('SERVICE_PARTNER', ListCostConfigurations, {});
    expect(listed.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuse two cards that could price the same ticket at once, and write nothing', async () => {
    const world = await payoutWorld();
    const first = await createCard(world, {
      cost_configuration_name: 'Q1',
      category_id: world.category.id,
      valid_from: '2026-01-01',
      valid_until: '2026-03-31',
    });
    const before = await cardCount(world);
    const overlapping = await world.as(
      'OWNER',
      CreateCostConfiguration,
      card(world, {
        cost_configuration_name: 'Q1 again',
        category_id: world.category.id,
        valid_from: '2026-03-31',
      }),
    );
    expect(overlapping.errors?.[0]).toMatchObject({
      message:
        "Rate card 'Q1' already prices the same partner, service, service type and territory category from 2026-01-01 to 2026-03-31. Change the dates so they do not overlap, or deactivate it first.",
      extensions: { code: 'CONFLICT', field: 'valid_from' },
    });
    expect(await cardCount(world)).toBe(before);

    // The next quarter, or a narrower card on the same days, is fine.
    const next = await createCard(world, {
      cost_configuration_name: 'Q2',
      category_id: world.category.id,
      valid_from: '2026-04-01',
    });
    await createCard(world, {
      cost_configuration_name: 'Q1 repairs',
      category_id: world.category.id,
      service_type_id: world.types.repair.id,
      valid_from: '2026-01-01',
      valid_until: '2026-03-31',
    });

    // Deactivated, Q1 no longer clashes; activating it again after Q2 moved over it is refused.
    await world.ok('OWNER', ActivateOrDeactivateCostConfiguration, {
      cost_configuration_id: first.cost_configuration_id,
      cost_configuration_status: 'INACTIVE',
    });
    await world.ok('OWNER', UpdateCostConfiguration, {
      ...card(world, {
        cost_configuration_name: 'Q2',
        category_id: world.category.id,
        valid_from: '2026-03-01',
      }),
      cost_configuration_id: next.cost_configuration_id,
    });
    const reactivated = await world.as('OWNER', ActivateOrDeactivateCostConfiguration, {
      cost_configuration_id: first.cost_configuration_id,
      cost_configuration_status: 'ACTIVE',
    });
    expect(reactivated.errors?.[0]).toMatchObject({
      message: expect.stringContaining("Rate card 'Q2' already prices the same partner"),
      extensions: { code: 'CONFLICT' },
    });
    const [stillInactive] = await world.db
      .select({ status: costConfiguration.status })
      .from(costConfiguration)
      .where(
        and(
          eq(costConfiguration.organization_id, world.org.id),
          eq(costConfiguration.id, first.cost_configuration_id),
        ),
      );
    expect(stillInactive.status).toBe('INACTIVE');
  });

  it('refuse a dealer as the partner, a service outside the category and days in the wrong order', async () => {
    const world = await payoutWorld();
    const before = await cardCount(world);
    const dealer = await world.as(
      'OWNER',
      CreateCostConfiguration,
      card(world, { party_id: world.dealer.id }),
    );
    expect(dealer.errors?.[0]).toMatchObject({
      message: 'Service partner not found among the active service partners.',
      extensions: { code: 'BAD_USER_INPUT', field: 'party_id' },
    });
    const fridges = await seedCategory(world.db, {
      organization_id: world.org.id,
      master_category_id: world.category.master_category_id,
      name: `Refrigerators ${world.tag}`,
      ticket_prefix: 'RF',
    });
    const outside = await world.as(
      'OWNER',
      CreateCostConfiguration,
      card(world, { category_id: fridges.id, service_id: world.service.id }),
    );
    expect(outside.errors?.[0]).toMatchObject({
      message: `Service '${world.service.name}' is not in category '${fridges.name}': leave the category empty or choose one of its services.`,
      extensions: { code: 'BAD_USER_INPUT', field: 'service_id' },
    });
    const elsewhere = await seedNamedMaster(world.db, 'serviceType', {
      organization_id: world.org.id,
      name: `Unused ${world.tag}`,
    });
    const wrongDays = await world.as(
      'OWNER',
      CreateCostConfiguration,
      card(world, { valid_from: '2026-05-01', valid_until: '2026-04-30', service_type_id: elsewhere.id }),
    );
    expect(wrongDays.errors?.[0]).toMatchObject({
      message: 'valid_until: Valid until must not be before valid from',
      extensions: { code: 'BAD_USER_INPUT', field: 'valid_until' },
    });
    expect(await cardCount(world)).toBe(before);
  });
});

describe("a ticket's service type", () => {
  it("is one of its service's types, or refused naming the field", async () => {
    const world = await payoutWorld();
    const typed = (
      await world.ok(
        'AGENT',
        CreateAssignedTicketV2,
        ticketInput(world, { service_type_id: world.types.repair.id }),
      )
    ).items[0];
    expect(typed).toMatchObject({
      service_type_id: world.types.repair.id,
      service_type_name: world.types.repair.name,
    });
    const foreign = await seedNamedMaster(world.db, 'serviceType', {
      organization_id: world.org.id,
      name: `Not listed ${world.tag}`,
    });
    const refused = await world.as(
      'AGENT',
      CreateAssignedTicketV2,
      ticketInput(world, { service_type_id: foreign.id }),
    );
    expect(refused.errors?.[0]).toMatchObject({
      message:
        "Service type must be one of the service's active service types. Choose one from the list or leave it empty.",
      extensions: { code: 'BAD_USER_INPUT', field: 'service_type_id' },
    });
  });
});
