import { and, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import { territories, type TerritoryItem } from '@fieldport/contract/operations/territories';
import type { Db } from '../../db/client.ts';
import { territoryCategory } from '../../db/schema/settings.ts';
import { territory, territoryPincode } from '../../db/schema/territories.ts';
import type { Caller } from '../../platform/caller.ts';
import { conflict } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { qualified as q } from '../../platform/lists.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { pincodeCountOf, pincodesOf, servicePartnersOf, techniciansOf } from './coverage-sql.ts';

const pincodes = pincodesOf(territory.organization_id, territory.id);
const pincodeCount = pincodeCountOf(territory.organization_id, territory.id);

/**
 * docs/product.md#territories: a pincode belongs to at most one territory of an organization. The
 * pincodes that already belong to another territory, with that territory's name, for the message.
 */
async function pincodesTakenElsewhere(db: Db, caller: Caller, pincodeList: string[], territoryId?: string) {
  if (pincodeList.length === 0) return [];
  return db
    .select({ pincode: territoryPincode.pincode, territory_name: territory.name })
    .from(territoryPincode)
    .innerJoin(territory, eq(territory.id, territoryPincode.territory_id))
    .where(
      and(
        inOrganization(territoryPincode, caller),
        inArray(territoryPincode.pincode, pincodeList),
        territoryId ? ne(territoryPincode.territory_id, territoryId) : undefined,
      ),
    )
    .orderBy(territoryPincode.pincode);
}

export function takenMessage(taken: { pincode: string; territory_name: string }[]): string {
  if (taken.length === 1) {
    const [{ pincode, territory_name }] = taken;
    return `Pincode ${pincode} already belongs to territory '${territory_name}'. Remove it there first.`;
  }
  const shown = taken.slice(0, 5).map((row) => `${row.pincode} ('${row.territory_name}')`);
  const more = taken.length > 5 ? ` and ${taken.length - 5} more` : '';
  return `Pincodes ${shown.join(', ')}${more} already belong to other territories. Remove them there first.`;
}

/** Territories with their pincodes and the technicians and partners mapped to them. */
export const territoryHandlers = defineMaster({
  contract: territories,
  table: territory,
  unique: [
    {
      index: 'territory_pincode_org_pincode_uq',
      field: 'pincodes',
      message: () => 'A pincode was just added to another territory. Refresh the list and try again.',
    },
  ],
  list: {
    select: {
      id: territory.id,
      name: territory.name,
      status: territory.status,
      created_at: territory.created_at,
      category_id: territoryCategory.id,
      category_name: territoryCategory.name,
      pincodes,
      pincode_count: pincodeCount,
      technicians: techniciansOf(territory.organization_id, territory.id),
      service_partners: servicePartnersOf(territory.organization_id, territory.id),
    },
    join: (query) =>
      query.innerJoin(
        territoryCategory,
        and(
          eq(territoryCategory.id, territory.territory_category_id),
          eq(territoryCategory.organization_id, territory.organization_id),
        ),
      ),
    search: [territory.name],
    sort: {
      territory_name: sql`lower(${territory.name})`,
      territory_category_name: sql`lower(${territoryCategory.name})`,
      pincode_count: pincodeCount,
      territory_status: territory.status,
      territory_created_on: territory.created_at,
    },
    filters: (input) => [
      input.territory_category_id
        ? eq(territory.territory_category_id, input.territory_category_id)
        : undefined,
      input.pincode
        ? exists(
            sql`(select 1 from ${territoryPincode} where ${q(territoryPincode.organization_id)} = ${q(territory.organization_id)} and ${q(territoryPincode.territory_id)} = ${q(territory.id)} and ${q(territoryPincode.pincode)} = ${input.pincode})`,
          )
        : undefined,
    ],
    toItem: (row): TerritoryItem => ({
      territory_id: row.id,
      territory_name: row.name,
      territory_category_id: row.category_id,
      territory_category_name: row.category_name,
      territory_status: row.status,
      territory_created_on: row.created_at.toISOString(),
      pincodes: row.pincodes,
      pincode_count: row.pincode_count,
      technicians: row.technicians,
      service_partners: row.service_partners,
    }),
    export: {
      title: 'Territories',
      columns: [
        { header: 'Name', width: 30, value: (item) => item.territory_name },
        { header: 'Category', width: 16, value: (item) => item.territory_category_name },
        { header: 'Pincodes', width: 10, value: (item) => item.pincode_count },
        { header: 'Pincode list', width: 60, value: (item) => item.pincodes.join(', ') },
        {
          header: 'Technicians',
          width: 36,
          value: (item) => item.technicians.map((t) => t.user_name).join(', '),
        },
        {
          header: 'Service partners',
          width: 36,
          value: (item) => item.service_partners.map((p) => p.party_name).join(', '),
        },
        ...statusAndCreatedColumns<TerritoryItem>('territory_status', 'territory_created_on'),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    const previous = existing
      ? (
          await db
            .select({ id: territory.territory_category_id })
            .from(territory)
            .where(eq(territory.id, existing.id))
        )[0]?.id
      : undefined;
    await requireActiveReference(db, caller, territoryCategory, {
      id: values.territory_category_id,
      previousId: previous,
      field: 'territory_category_id',
      noun: 'territory category',
    });
    const taken = await pincodesTakenElsewhere(db, caller, values.pincodes, existing?.id);
    if (taken.length) throw conflict(takenMessage(taken), 'pincodes');
  },
  values: (values) => ({ name: values.territory_name, territory_category_id: values.territory_category_id }),
  // The territory's pincodes become exactly the given ones; those kept keep their type and area.
  afterWrite: async (id, values, { db, caller }) => {
    const organization_id = caller.organization.id;
    const inThisTerritory = and(
      inOrganization(territoryPincode, caller),
      eq(territoryPincode.territory_id, id),
    );
    const had = new Set(
      (
        await db.select({ pincode: territoryPincode.pincode }).from(territoryPincode).where(inThisTerritory)
      ).map((row) => row.pincode),
    );
    const removed = [...had].filter((pincode) => !values.pincodes.includes(pincode));
    if (removed.length) {
      await db
        .delete(territoryPincode)
        .where(and(inThisTerritory, inArray(territoryPincode.pincode, removed)));
    }
    const added = values.pincodes.filter((pincode) => !had.has(pincode));
    if (added.length) {
      // One taken by another territory meanwhile violates the unique index: the rule above explains it.
      await db
        .insert(territoryPincode)
        .values(added.map((pincode) => ({ id: newId(), organization_id, territory_id: id, pincode })));
    }
  },
});
