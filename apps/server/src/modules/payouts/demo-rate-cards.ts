import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { party } from '../../db/schema/platform.ts';
import { category, service } from '../../db/schema/product-catalogue.ts';
import { serviceType, territoryCategory } from '../../db/schema/settings.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import { costConfigurationHandlers } from './cost-configurations.ts';
import { freezePartnerAmount } from './partner-amounts.ts';

const [, createCostConfiguration] = costConfigurationHandlers;

/**
 * The demo's rate cards (docs/payouts.md#the-demo), made by the owner through the create
 * operation: CoolFix's default, its air-conditioner rate, split AC installations and AC repairs in
 * metros, and last year's default. The demo's closed CoolFix tickets (written by the seed, not
 * closed through the portal) are then priced as a close would have priced them. An organization
 * with rate cards already is left alone.
 */
export async function setDemoRateCards(db: Db): Promise<number> {
  const world = await demoWorld(db, ['OWNER']);
  if (!world) return 0;
  const { demo } = world;
  const [already] = await db
    .select({ id: costConfiguration.id })
    .from(costConfiguration)
    .where(eq(costConfiguration.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  /** The id of the demo's record of that name (db/seed: the demo's catalogue, masters and partner). */
  const lookup = async (table: { id: PgColumn; name: PgColumn; organization_id: PgColumn }, name: string) => {
    const [row] = (await db
      .select({ id: table.id })
      .from(table as never)
      .where(and(eq(table.organization_id, demo.id), eq(table.name, name)))) as { id: string }[];
    return row?.id ?? null;
  };
  const coolFix = await lookup(party, 'CoolFix Services');
  const airConditioners = await lookup(category, 'Air Conditioner');
  const splitInstall = await lookup(service, 'Split AC Installation');
  const acRepair = await lookup(service, 'AC Repair');
  const installation = await lookup(serviceType, 'Installation');
  const metro = await lookup(territoryCategory, 'Metro');
  if (!coolFix || !airConditioners || !splitInstall || !acRepair || !installation || !metro) return 0;

  const cards = [
    { name: 'CoolFix standard visit', amount: 30_000, from: '2026-04-01' },
    { name: 'CoolFix 2025-26 standard visit', amount: 25_000, from: '2025-04-01', until: '2026-03-31' },
    { name: 'CoolFix air conditioners', amount: 45_000, from: '2026-04-01', category_id: airConditioners },
    {
      name: 'CoolFix split AC installation',
      amount: 70_000,
      from: '2026-04-01',
      service_id: splitInstall,
      service_type_id: installation,
    },
    {
      name: 'CoolFix AC repair in metros',
      amount: 55_000,
      from: '2026-04-01',
      service_id: acRepair,
      territory_category_id: metro,
    },
  ];
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asOwner = await demoContext(tx, world.members.OWNER);
    for (const card of cards) {
      await createCostConfiguration.handle(
        createCostConfiguration.operation.input.parse({
          cost_configuration_name: card.name,
          party_id: coolFix,
          category_id: card.category_id ?? null,
          service_id: card.service_id ?? null,
          service_type_id: card.service_type_id ?? null,
          territory_category_id: card.territory_category_id ?? null,
          amount_paise: card.amount,
          valid_from: card.from,
          valid_until: card.until ?? null,
        }),
        asOwner,
      );
    }
    const closed = await tx
      .select()
      .from(ticket)
      .where(
        and(
          eq(ticket.organization_id, demo.id),
          eq(ticket.partner_party_id, coolFix),
          eq(ticket.state, 'CLOSED'),
          isNotNull(ticket.closed_at),
          isNull(ticket.partner_amount_paise),
        ),
      );
    for (const row of closed) await freezePartnerAmount(tx, asOwner.caller, row, row.closed_at!);
  });
  return cards.length;
}
