import { and, asc, count, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { decideAccess } from '@fieldport/contract/permissions';
import {
  PARTNER_AMOUNT_READERS,
  PAYOUT_MESSAGES,
  pickRateCard,
  PRICE_UNPRICED_LIMIT,
  PriceUnpricedTickets,
  type PartnerAmount,
} from '@fieldport/contract/operations/payouts';
import { dayIn } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { territory } from '../../db/schema/territories.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { forbidden } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
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

/** A partner's active cards: few; which one applies is the contract's rule (pickRateCard). */
async function cardsOf(db: Db, caller: Caller, partnerId: string) {
  return db
    .select()
    .from(costConfiguration)
    .where(
      and(
        inOrganization(costConfiguration, caller),
        eq(costConfiguration.party_id, partnerId),
        eq(costConfiguration.status, 'ACTIVE'),
      ),
    );
}

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
  return pickRateCard(await cardsOf(db, caller, partnerId), {
    partner_party_id: partnerId,
    service_id: row.service_id,
    category_id: row.category_id,
    service_type_id: row.service_type_id,
    territory_category_id: territoryCategoryId,
    day,
  });
}

async function setAmount(
  db: Db,
  caller: Caller,
  ticketId: string,
  card: { id: string; amount_paise: number },
) {
  await db
    .update(ticket)
    .set({ partner_amount_paise: card.amount_paise, partner_rate_card_id: card.id })
    .where(and(inOrganization(ticket, caller), eq(ticket.id, ticketId)));
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
  if (card) await setAmount(db, caller, row.id, card);
}

/** Whether the caller is the organization's staff who may read partners' amounts (PARTNER_AMOUNT_READERS). */
export function staffReadsPartnerAmounts(caller: Caller): boolean {
  return !caller.party && decideAccess(PARTNER_AMOUNT_READERS, caller.profile, caller.menu).allowed;
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
 * The amount as the ticket's page shows it: to staff who may read it (PARTNER_AMOUNT_READERS),
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

const PAGE = 1000;

/**
 * Prices the flagged tickets, reading at most PRICE_UNPRICED_LIMIT a call:
 * each by its partner's cards in force on its closing day. Locked as they are read, so that two
 * calls at once price each ticket once.
 */
export const priceUnpricedTickets = defineHandler(PriceUnpricedTickets, async (input, context) => {
  const { db, caller } = context;
  const flagged = and(
    inOrganization(ticket, caller),
    notPricedTickets(caller),
    input.party_id ? eq(ticket.partner_party_id, input.party_id) : undefined,
  );
  const cardsByPartner = new Map<string, Awaited<ReturnType<typeof cardsOf>>>();
  let priced = 0;
  // Read in pages after the last id seen, so that tickets no card prices do not hold the later
  // ones back (an id is exact where a timestamp read into JavaScript loses its microseconds).
  const readPage = (after: string | null) =>
    db
      .select({
        id: ticket.id,
        partner_party_id: ticket.partner_party_id,
        service_id: ticket.service_id,
        category_id: ticket.category_id,
        service_type_id: ticket.service_type_id,
        territory_category_id: territory.territory_category_id,
        closed_at: ticket.closed_at,
      })
      .from(ticket)
      .leftJoin(
        territory,
        and(eq(territory.id, ticket.territory_id), eq(territory.organization_id, ticket.organization_id)),
      )
      .where(and(flagged, after ? gt(ticket.id, after) : undefined))
      .orderBy(asc(ticket.id))
      .limit(PAGE)
      .for('update', { of: ticket });
  let after: string | null = null;
  for (let read = 0; read < PRICE_UNPRICED_LIMIT;) {
    const rows = await readPage(after);
    for (const row of rows) {
      const partnerId = row.partner_party_id!;
      if (!cardsByPartner.has(partnerId)) cardsByPartner.set(partnerId, await cardsOf(db, caller, partnerId));
      const card = pickRateCard(cardsByPartner.get(partnerId)!, {
        ...row,
        partner_party_id: partnerId,
        day: dayIn(caller.organization.time_zone, row.closed_at!),
      });
      if (!card) continue;
      await setAmount(db, caller, row.id, card);
      priced += 1;
    }
    read += rows.length;
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }
  const [left] = await db.select({ n: count() }).from(ticket).where(flagged);
  return {
    data: { items: [{ priced, not_priced: left.n }] },
    message: PAYOUT_MESSAGES.pricedNow(priced, left.n),
  };
});
