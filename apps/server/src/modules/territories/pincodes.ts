import { and, eq, sql } from 'drizzle-orm';
import {
  ListPincodes,
  RemovePincode,
  UpdatePincode,
  type PincodeItem,
} from '@fieldport/contract/operations/territories';
import { pincodeType, territory, territoryPincode } from '../../db/schema/territories.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { defineList } from '../../platform/lists.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inOrganization } from '../../platform/tenant.ts';

const NOT_FOUND = 'Pincode not found. It may have been removed; refresh the list and try again.';

/** Every pincode of the organization with its territory and type, searchable by pincode or area. */
export const listPincodes = defineList(ListPincodes, {
  table: territoryPincode,
  select: {
    id: territoryPincode.id,
    pincode: territoryPincode.pincode,
    area_name: territoryPincode.area_name,
    created_at: territoryPincode.created_at,
    territory_id: territory.id,
    territory_name: territory.name,
    pincode_type_id: pincodeType.id,
    pincode_type_name: pincodeType.name,
  },
  join: (query) =>
    query
      .innerJoin(
        territory,
        and(
          eq(territory.id, territoryPincode.territory_id),
          eq(territory.organization_id, territoryPincode.organization_id),
        ),
      )
      .leftJoin(
        pincodeType,
        and(
          eq(pincodeType.id, territoryPincode.pincode_type_id),
          eq(pincodeType.organization_id, territoryPincode.organization_id),
        ),
      ),
  search: [territoryPincode.pincode, territoryPincode.area_name],
  sort: {
    pincode: territoryPincode.pincode,
    territory_name: sql`lower(${territory.name})`,
    pincode_type_name: sql`lower(${pincodeType.name})`,
    pincode_created_on: territoryPincode.created_at,
  },
  filters: (input) => [
    input.territory_id ? eq(territoryPincode.territory_id, input.territory_id) : undefined,
    input.pincode_type_id ? eq(territoryPincode.pincode_type_id, input.pincode_type_id) : undefined,
  ],
  toItem: (row): PincodeItem => ({
    pincode_id: row.id,
    pincode: row.pincode,
    area_name: row.area_name,
    territory_id: row.territory_id,
    territory_name: row.territory_name,
    pincode_type_id: row.pincode_type_id,
    pincode_type_name: row.pincode_type_name,
    pincode_created_on: row.created_at.toISOString(),
  }),
  export: {
    title: 'Pincodes',
    columns: [
      { header: 'Pincode', width: 10, value: (item) => item.pincode },
      { header: 'Area', width: 28, value: (item) => item.area_name },
      { header: 'Territory', width: 28, value: (item) => item.territory_name },
      { header: 'Pincode type', width: 18, value: (item) => item.pincode_type_name },
    ],
  },
});

async function existingPincode({ db, caller }: OperationContext, id: string) {
  const [row] = await db
    .select()
    .from(territoryPincode)
    .where(and(inOrganization(territoryPincode, caller), eq(territoryPincode.id, id)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Moves a pincode to another territory of the organization, or sets its type and area. */
export const updatePincode = defineHandler(UpdatePincode, async (input, context) => {
  const { db, caller } = context;
  const before = await existingPincode(context, input.pincode_id);
  await requireActiveReference(db, caller, territory, {
    id: input.territory_id,
    previousId: before.territory_id,
    field: 'territory_id',
    noun: 'territory',
  });
  if (input.pincode_type_id) {
    await requireActiveReference(db, caller, pincodeType, {
      id: input.pincode_type_id,
      previousId: before.pincode_type_id ?? undefined,
      field: 'pincode_type_id',
      noun: 'pincode type',
    });
  }
  await db
    .update(territoryPincode)
    .set({
      territory_id: input.territory_id,
      pincode_type_id: input.pincode_type_id,
      area_name: input.area_name,
      updated_at: new Date(),
    })
    .where(and(inOrganization(territoryPincode, caller), eq(territoryPincode.id, before.id)));
  context.auditTarget = before.id;
  context.auditChanges = {
    pincode: before.pincode,
    from: {
      territory_id: before.territory_id,
      pincode_type_id: before.pincode_type_id,
      area_name: before.area_name,
    },
    to: {
      territory_id: input.territory_id,
      pincode_type_id: input.pincode_type_id,
      area_name: input.area_name,
    },
  };
  const item = await listPincodes.list.findById(db, caller, before.id);
  return { data: { items: item ? [item] : [] }, message: `Pincode ${before.pincode} saved` };
});

/** Takes a pincode out of its territory (the web app asks for confirmation first). */
export const removePincode = defineHandler(RemovePincode, async (input, context) => {
  const { db, caller } = context;
  const before = await existingPincode(context, input.pincode_id);
  await db
    .delete(territoryPincode)
    .where(and(inOrganization(territoryPincode, caller), eq(territoryPincode.id, before.id)));
  context.auditTarget = before.id;
  context.auditChanges = { pincode: before.pincode, territory_id: before.territory_id };
  return { data: { items: [] }, message: `Pincode ${before.pincode} removed` };
});
