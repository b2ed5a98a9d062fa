import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  INVENTORY_MESSAGES,
  serviceCenters,
  type ServiceCenterItem,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { store } from '../../db/schema/inventory.ts';
import { party } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { qualified } from '../../platform/lists.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { inOrganization, membersOf } from '../../platform/tenant.ts';

/**
 * Stores (service centres, docs/inventory.md#stores): the organization's own (party_id null) and
 * those its service partners run. A partner's users see and manage only their partner's stores, and
 * theirs always belong to their partner (defineMaster's scope 'party'); staff choose the partner.
 */

/** The store's party before an update: it may stay although the partner was suspended since. */
async function partyBefore(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ party_id: store.party_id }).from(store).where(eq(store.id, id));
  return row?.party_id ?? null;
}

/** The partner that will run the store (null: the organization's own), checked for who asks. */
async function runningParty(
  db: Db,
  caller: Caller,
  partyId: string | null,
  existing?: { id: string },
): Promise<string | null> {
  if (caller.party) {
    if (partyId !== null && partyId !== caller.party.id)
      throw badInput(INVENTORY_MESSAGES.partnerIsYours, 'party_id');
    return caller.party.id;
  }
  if (partyId === null) return null;
  const [row] = await db
    .select({ id: party.id, status: party.status })
    .from(party)
    .where(and(inOrganization(party, caller), eq(party.id, partyId), eq(party.kind, 'SERVICE_PARTNER')));
  const kept = existing ? (await partyBefore(db, existing.id)) === partyId : false;
  if (!row || (row.status !== 'ACTIVE' && !kept))
    throw badInput(INVENTORY_MESSAGES.partnerNotFound, 'party_id');
  return row.id;
}

/**
 * Managers are active members of the organization: staff, or people of the partner that runs the
 * store. A name is told only to whom may see it (the caller's party or staff); otherwise the id sent.
 */
async function requireManagers(db: Db, caller: Caller, storeParty: string | null, userIds: string[]) {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: member.userId, party_id: member.party_id, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(membersOf(caller), inArray(member.userId, userIds)));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  for (const id of userIds) {
    const found = byUser.get(id);
    const fits = found?.status === 'ACTIVE' && (found.party_id === null || found.party_id === storeParty);
    if (fits) continue;
    const visible = found && (!caller.party || found.party_id === null || found.party_id === caller.party.id);
    throw badInput(INVENTORY_MESSAGES.managerNotFound(visible ? found.name : id), 'manager_user_ids');
  }
}

const [listServiceCenters, createServiceCenter, updateServiceCenter, activateOrDeactivateServiceCenter] =
  defineMaster({
    contract: serviceCenters,
    table: store,
    list: {
      scope: 'party',
      select: {
        id: store.id,
        name: store.name,
        party_id: store.party_id,
        party_name: party.name,
        address: store.address,
        city: store.city,
        state: store.state,
        pincode: store.pincode,
        phone: store.phone,
        // The managers with their names, in the order chosen.
        managers: sql<{ user_id: string; user_name: string }[]>`coalesce((
          select jsonb_agg(jsonb_build_object('user_id', ${qualified(user.id)}, 'user_name', ${qualified(user.name)})
            order by chosen.position)
          from jsonb_array_elements_text(${qualified(store.manager_user_ids)}) with ordinality as chosen(id, position)
          join ${user} on ${qualified(user.id)} = chosen.id
        ), '[]'::jsonb)`,
        status: store.status,
        created_at: store.created_at,
      },
      join: (query) =>
        query.leftJoin(
          party,
          and(eq(party.id, store.party_id), eq(party.organization_id, store.organization_id)),
        ),
      search: [store.name, store.city],
      sort: {
        service_center_name: sql`lower(${store.name})`,
        city: sql`lower(${store.city})`,
        service_center_status: store.status,
        service_center_created_on: store.created_at,
      },
      // A partner's users are kept to their own stores by the scope; the filter is staff's.
      filters: (input) => [input.party_id ? eq(store.party_id, input.party_id) : undefined],
      toItem: (row): ServiceCenterItem => ({
        service_center_id: row.id,
        service_center_name: row.name,
        party_id: row.party_id,
        party_name: row.party_name,
        address: row.address,
        city: row.city,
        state: row.state,
        pincode: row.pincode,
        phone: row.phone,
        managers: row.managers,
        service_center_status: row.status,
        service_center_created_on: row.created_at.toISOString(),
      }),
      export: {
        title: 'Stores',
        columns: [
          { header: 'Name', width: 30, value: (item) => item.service_center_name },
          { header: 'Run by', width: 26, value: (item) => item.party_name ?? 'Own store' },
          { header: 'Address', width: 40, value: (item) => item.address },
          { header: 'City', width: 18, value: (item) => item.city },
          { header: 'State', width: 18, value: (item) => item.state },
          { header: 'Pincode', width: 10, value: (item) => item.pincode },
          { header: 'Phone', width: 14, value: (item) => item.phone },
          {
            header: 'Managers',
            width: 32,
            value: (item) => item.managers.map((manager) => manager.user_name).join(', ') || null,
          },
          ...statusAndCreatedColumns<ServiceCenterItem>('service_center_status', 'service_center_created_on'),
        ],
      },
    },
    check: async (values, { db, caller }, existing) => {
      const storeParty = await runningParty(db, caller, values.party_id, existing);
      await requireManagers(db, caller, storeParty, values.manager_user_ids);
    },
    values: (values, { caller }) => ({
      name: values.service_center_name,
      // A partner's user's store is their partner's (defineMaster sets it too); staff's as chosen.
      party_id: caller.party?.id ?? values.party_id,
      address: values.address,
      city: values.city,
      state: values.state,
      pincode: values.pincode,
      phone: values.phone,
      manager_user_ids: values.manager_user_ids,
    }),
  });

/** Stores: `ListServiceCenters`, create, update, activate/deactivate. */
export const serviceCenterHandlers = [
  listServiceCenters,
  createServiceCenter,
  updateServiceCenter,
  activateOrDeactivateServiceCenter,
] as const;
