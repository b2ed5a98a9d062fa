import { and, eq, gte, lte, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  costConfigurations,
  PAYOUT_MESSAGES,
  RATE_CARD_WEIGHTS,
  rateCardsClash,
  rateCardSpecificity,
  rateCardSpecificityLabel,
  type CostConfigurationItem,
} from '@fieldport/contract/operations/payouts';
import type { Db } from '../../db/client.ts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { party } from '../../db/schema/platform.ts';
import { category, service } from '../../db/schema/product-catalogue.ts';
import { serviceType, territoryCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, forbidden } from '../../platform/errors.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { qualified } from '../../platform/lists.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Rate cards (docs/payouts.md#rate-cards): the organization's staff set them; a service partner's
 * users read only their own partner's cards (defineMaster's scope 'party' on `party_id`) and never
 * write one.
 */

type CardValues = {
  party_id: string;
  service_id: string | null;
  category_id: string | null;
  service_type_id: string | null;
  territory_category_id: string | null;
  valid_from: string;
  valid_until: string | null;
};

/** The card's fields before an update: an inactive reference it already had may stay. */
async function cardBefore(db: Db, caller: Caller, id: string | undefined) {
  if (!id) return undefined;
  const [row] = await db
    .select()
    .from(costConfiguration)
    .where(and(inOrganization(costConfiguration, caller), eq(costConfiguration.id, id)));
  return row;
}

/** The partner: a service partner of the organization, active unless the card already named it. */
async function requirePartner(db: Db, caller: Caller, partyId: string, previousId?: string) {
  const [row] = await db
    .select({ id: party.id, status: party.status })
    .from(party)
    .where(and(inOrganization(party, caller), eq(party.id, partyId), eq(party.kind, 'SERVICE_PARTNER')))
    // The partner's cards are checked for clashes under this lock, one save after another.
    .for('update');
  if (!row || (row.status !== 'ACTIVE' && row.id !== previousId)) {
    throw badInput(PAYOUT_MESSAGES.partnerNotFound, 'party_id');
  }
}

/**
 * The card's service, category, service type and territory category, each of the organization and
 * active (or already the card's). A service's category is the card's category: a category given
 * with it must be that one.
 */
async function cardTargets(context: OperationContext, values: CardValues, previous?: CardValues) {
  const { db, caller } = context;
  const reference = async (
    table: Parameters<typeof requireActiveReference>[2],
    id: string | null,
    previousId: string | null | undefined,
    field: string,
    noun: string,
    message: string,
  ) =>
    id
      ? requireActiveReference(db, caller, table, {
          id,
          previousId: previousId ?? undefined,
          field,
          noun,
          message,
        })
      : null;
  const chosenService = await reference(
    service,
    values.service_id,
    previous?.service_id,
    'service_id',
    'service',
    PAYOUT_MESSAGES.serviceNotFound,
  );
  const chosenCategory = await reference(
    category,
    values.category_id,
    previous?.category_id,
    'category_id',
    'category',
    PAYOUT_MESSAGES.categoryNotFound,
  );
  await reference(
    serviceType,
    values.service_type_id,
    previous?.service_type_id,
    'service_type_id',
    'service type',
    PAYOUT_MESSAGES.serviceTypeNotFound,
  );
  await reference(
    territoryCategory,
    values.territory_category_id,
    previous?.territory_category_id,
    'territory_category_id',
    'territory category',
    PAYOUT_MESSAGES.territoryCategoryNotFound,
  );
  if (!chosenService) return { category_id: chosenCategory?.id ?? null };
  const [row] = await db
    .select({ category_id: service.category_id })
    .from(service)
    .where(and(inOrganization(service, caller), eq(service.id, chosenService.id)));
  if (chosenCategory && chosenCategory.id !== row.category_id) {
    throw badInput(
      PAYOUT_MESSAGES.serviceOutsideCategory(chosenService.name, chosenCategory.name),
      'service_id',
    );
  }
  return { category_id: row.category_id };
}

/**
 * Refuses a card that clashes with another active card of the partner (rateCardsClash). Run with
 * the partner's party row locked (requirePartner), so two saves at once cannot both pass.
 */
async function refuseClash(db: Db, caller: Caller, card: CardValues, exceptId?: string) {
  const others = await db
    .select()
    .from(costConfiguration)
    .where(
      and(
        inOrganization(costConfiguration, caller),
        eq(costConfiguration.party_id, card.party_id),
        eq(costConfiguration.status, 'ACTIVE'),
        exceptId ? ne(costConfiguration.id, exceptId) : undefined,
      ),
    );
  const clash = others.find((other) => rateCardsClash(other, card));
  if (clash)
    throw conflict(PAYOUT_MESSAGES.clash(clash.name, clash.valid_from, clash.valid_until), 'valid_from');
}

const partnerName = sql<string>`(select ${qualified(party.name)} from ${party} where ${qualified(party.id)} = ${qualified(costConfiguration.party_id)})`;
const nameOf = (
  table: typeof service | typeof category | typeof serviceType | typeof territoryCategory,
  key: PgColumn,
) =>
  sql<
    string | null
  >`(select ${qualified(table.name)} from ${table} where ${qualified(table.id)} = ${qualified(key)})`;
/** rateCardSpecificity in SQL, with the same weights, for sorting the list by it. */
const weight = (column: PgColumn, points: number) =>
  sql`case when ${column} is not null then ${sql.raw(String(points))} else 0 end`;
const specificitySql = sql`(case when ${costConfiguration.service_id} is not null then ${sql.raw(String(RATE_CARD_WEIGHTS.service))}
  when ${costConfiguration.category_id} is not null then ${sql.raw(String(RATE_CARD_WEIGHTS.category))} else 0 end
  + ${weight(costConfiguration.service_type_id, RATE_CARD_WEIGHTS.service_type)}
  + ${weight(costConfiguration.territory_category_id, RATE_CARD_WEIGHTS.territory_category)})`;

export const costConfigurationHandlers = defineMaster({
  contract: costConfigurations,
  table: costConfiguration,
  list: {
    scope: 'party',
    select: {
      id: costConfiguration.id,
      name: costConfiguration.name,
      party_id: costConfiguration.party_id,
      partner_name: partnerName,
      service_id: costConfiguration.service_id,
      service_name: nameOf(service, costConfiguration.service_id),
      category_id: costConfiguration.category_id,
      category_name: nameOf(category, costConfiguration.category_id),
      service_type_id: costConfiguration.service_type_id,
      service_type_name: nameOf(serviceType, costConfiguration.service_type_id),
      territory_category_id: costConfiguration.territory_category_id,
      territory_category_name: nameOf(territoryCategory, costConfiguration.territory_category_id),
      amount_paise: costConfiguration.amount_paise,
      valid_from: costConfiguration.valid_from,
      valid_until: costConfiguration.valid_until,
      status: costConfiguration.status,
      created_at: costConfiguration.created_at,
    },
    search: [costConfiguration.name],
    sort: {
      cost_configuration_name: sql`lower(${costConfiguration.name})`,
      partner_name: sql`lower(${partnerName})`,
      amount_paise: costConfiguration.amount_paise,
      specificity: specificitySql,
      valid_from: costConfiguration.valid_from,
      cost_configuration_status: costConfiguration.status,
      cost_configuration_created_on: costConfiguration.created_at,
    },
    filters: (input) => [
      input.party_id ? eq(costConfiguration.party_id, input.party_id) : undefined,
      input.valid_on
        ? and(
            lte(costConfiguration.valid_from, input.valid_on),
            or(isNull(costConfiguration.valid_until), gte(costConfiguration.valid_until, input.valid_on)),
          )
        : undefined,
    ],
    toItem: (row): CostConfigurationItem => ({
      cost_configuration_id: row.id,
      cost_configuration_name: row.name,
      party_id: row.party_id,
      partner_name: row.partner_name,
      service_id: row.service_id,
      service_name: row.service_name,
      category_id: row.category_id,
      category_name: row.category_name,
      service_type_id: row.service_type_id,
      service_type_name: row.service_type_name,
      territory_category_id: row.territory_category_id,
      territory_category_name: row.territory_category_name,
      amount_paise: row.amount_paise,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      specificity: rateCardSpecificity(row),
      specificity_label: rateCardSpecificityLabel(row),
      cost_configuration_status: row.status,
      cost_configuration_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Rate cards',
      columns: [
        { header: 'Name', width: 30, value: (item) => item.cost_configuration_name },
        { header: 'Service partner', width: 26, value: (item) => item.partner_name },
        { header: 'Category', width: 20, value: (item) => item.category_name ?? 'Any' },
        { header: 'Service', width: 24, value: (item) => item.service_name ?? 'Any' },
        { header: 'Service type', width: 18, value: (item) => item.service_type_name ?? 'Any' },
        { header: 'Territory category', width: 18, value: (item) => item.territory_category_name ?? 'Any' },
        { header: 'Applies as', width: 30, value: (item) => item.specificity_label },
        { header: 'Amount (₹)', width: 14, numFmt: '#,##0.00', value: (item) => item.amount_paise / 100 },
        { header: 'Valid from', width: 12, value: (item) => item.valid_from },
        { header: 'Valid until', width: 12, value: (item) => item.valid_until ?? 'No end' },
        ...statusAndCreatedColumns<CostConfigurationItem>(
          'cost_configuration_status',
          'cost_configuration_created_on',
        ),
      ],
    },
  },
  values: async (values, context, existing) => {
    if (context.caller.party) throw forbidden(PAYOUT_MESSAGES.organizationOnly);
    const before = await cardBefore(context.db, context.caller, existing?.id);
    await requirePartner(context.db, context.caller, values.party_id, before?.party_id);
    const { category_id } = await cardTargets(context, values, before);
    const card = { ...values, category_id };
    // A card saved inactive stays out of the clash check until it is activated (beforeStatusChange).
    if (!before || before.status === 'ACTIVE')
      await refuseClash(context.db, context.caller, card, existing?.id);
    return {
      name: values.cost_configuration_name,
      party_id: values.party_id,
      service_id: values.service_id,
      category_id,
      service_type_id: values.service_type_id,
      territory_category_id: values.territory_category_id,
      amount_paise: values.amount_paise,
      valid_from: values.valid_from,
      valid_until: values.valid_until,
    };
  },
  beforeStatusChange: async (id, status, context) => {
    if (context.caller.party) throw forbidden(PAYOUT_MESSAGES.organizationOnly);
    if (status !== 'ACTIVE') return;
    const card = await cardBefore(context.db, context.caller, id);
    if (!card) return;
    await requirePartner(context.db, context.caller, card.party_id, card.party_id);
    await refuseClash(context.db, context.caller, card, id);
  },
});
