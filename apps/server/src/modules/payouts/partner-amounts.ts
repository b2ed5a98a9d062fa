import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { menuGrantsModule } from '@fieldport/contract/menus';
import {
  COST_CONFIGURATION_MODULE,
  PAYOUT_MESSAGES,
  pickRateCard,
  type PartnerAmount,
} from '@fieldport/contract/operations/payouts';
import { dayIn } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { territory } from '../../db/schema/territories.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { forbidden } from '../../platform/errors.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * A closed ticket's partner amount (docs/payouts.md#frozen-at-closing): priced once, when it
 * closes, by the card in force on its closing day, and never moved by a later change of the cards.
 */

type TicketForPricing = Pick<
  typeof ticket.$inferSelect,
  | 'id'
  | 'organization_id'
  | 'partner_party_id'
  | 'service_id'
  | 'category_id'
  | 'service_type_id'
  | 'territory_id'
  | 'partner_amount_paise'
>;

/** The card that prices the ticket closed on `day`, or null. */
async function rateCardFor(db: Db, caller: Caller, row: TicketForPricing, partnerId: string, day: string) {
  const territoryCategoryId = row.territory_id
    ? ((
        await db
          .select({ id: territory.territory_category_id })
          .from(territory)
          .where(and(inOrganization(territory, caller), eq(territory.id, row.territory_id)))
      )[0]?.id ?? null)
    : null;
  // The partner's active cards are few; which one applies is the contract's rule (pickRateCard).
  const cards = await db
    .select()
    .from(costConfiguration)
    .where(
      and(
        inOrganization(costConfiguration, caller),
        eq(costConfiguration.party_id, partnerId),
        eq(costConfiguration.status, 'ACTIVE'),
      ),
    );
  return pickRateCard(cards, {
    partner_party_id: partnerId,
    service_id: row.service_id,
    category_id: row.category_id,
    service_type_id: row.service_type_id,
    territory_category_id: territoryCategoryId,
    day,
  });
}

/**
 * Freezes the partner's amount on a ticket closing now (in the same transaction as the close). A
 * ticket without a partner earns none; one no card matches is left unpriced, and so flagged. A
 * ticket priced before keeps its amount.
 */
export async function freezePartnerAmount(db: Db, caller: Caller, row: TicketForPricing, closedAt: Date) {
  if (!row.partner_party_id || row.partner_amount_paise !== null) return;
  const card = await rateCardFor(
    db,
    caller,
    row,
    row.partner_party_id,
    dayIn(caller.organization.time_zone, closedAt),
  );
  if (!card) return;
  await db
    .update(ticket)
    .set({ partner_amount_paise: card.amount_paise, partner_rate_card_id: card.id })
    .where(and(eq(ticket.organization_id, row.organization_id), eq(ticket.id, row.id)));
}

/** Whether the caller is the organization's staff whose menu holds the rate cards or the payouts. */
export function staffReadsPartnerAmounts(caller: Caller): boolean {
  const menu = caller.menu.ok ? caller.menu.menu : [];
  return (
    !caller.party &&
    (menuGrantsModule(menu, COST_CONFIGURATION_MODULE) || menuGrantsModule(menu, 'Service Partner Payout'))
  );
}

/**
 * The closed tickets of a service partner that no rate card priced: the flagged ones. Only for
 * staff who read the amounts (staffReadsPartnerAmounts); anyone else is refused.
 */
export function notPricedTickets(caller: Caller): SQL {
  if (!staffReadsPartnerAmounts(caller)) throw forbidden(PAYOUT_MESSAGES.notPricedFilter);
  return and(
    isNotNull(ticket.partner_party_id),
    isNotNull(ticket.closed_at),
    eq(ticket.state, 'CLOSED'),
    isNull(ticket.partner_amount_paise),
  )!;
}

/**
 * The amount as the ticket's page shows it: to staff whose menu holds the rate cards or the payouts,
 * and to the ticket's own partner's people other than technicians; null before closing, without a
 * partner and for anyone else.
 */
export async function partnerAmountFor(
  db: Db,
  caller: Caller,
  row: { ticket_id: string; partner_party_id: string | null; closed_on: string | null },
): Promise<PartnerAmount | null> {
  // A technician (the partner's own too) is not told what the partner earns.
  if (!row.partner_party_id || !row.closed_on || caller.membership.role === 'TECHNICIAN') return null;
  const mayRead = caller.party ? caller.party.id === row.partner_party_id : staffReadsPartnerAmounts(caller);
  if (!mayRead) return null;
  const [priced] = await db
    .select({
      amount_paise: ticket.partner_amount_paise,
      rate_card_id: ticket.partner_rate_card_id,
      rate_card_name: costConfiguration.name,
    })
    .from(ticket)
    .leftJoin(costConfiguration, eq(costConfiguration.id, ticket.partner_rate_card_id))
    .where(and(inOrganization(ticket, caller), eq(ticket.id, row.ticket_id)));
  if (!priced) return null;
  return priced.amount_paise === null
    ? { state: 'NO_RATE_CARD', amount_paise: null, rate_card_id: null, rate_card_name: null }
    : { state: 'FROZEN', ...priced };
}
