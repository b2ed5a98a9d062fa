import { and, eq } from 'drizzle-orm';
import { territoryCategories } from '@fieldport/contract/operations/settings';
import {
  ListPincodes,
  pincodeTypes,
  territories,
  type TerritoryItem,
} from '@fieldport/contract/operations/territories';
import {
  servicePartnerTerritory,
  technicianTerritory,
  territoryPincode,
} from '../../db/schema/territories.ts';
import { unique } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { masterFixtures, type FixtureRegistry, type FixtureWorld } from '../../test/tenant-fixture.ts';

// The territories' records of organization A, for the walls of graphql/permission-matrix.test.ts.

/** A pincode nobody in A has yet. */
const uniquePincode = () => String(100000 + Math.floor(Math.random() * 899999));

async function territoryCategoryOfA(world: FixtureWorld) {
  const created = (await world.asOwner(territoryCategories.create, {
    territory_category_name: unique('Fixture category '),
  })) as { items: { territory_category_id: string }[] };
  return created.items[0].territory_category_id;
}

/** A territory of A with one pincode, made by A's owner. */
async function territoryOfA(world: FixtureWorld) {
  const territory_category_id = await territoryCategoryOfA(world);
  const pincode = uniquePincode();
  const created = (await world.asOwner(territories.create, {
    territory_name: unique('Fixture territory '),
    territory_category_id,
    pincodes: [pincode],
  })) as { items: TerritoryItem[] };
  const page = (await world.asOwner(ListPincodes, { search: pincode })) as {
    items: { pincode_id: string }[];
  };
  return { territory: created.items[0], pincode, pincode_id: page.items[0].pincode_id };
}

export const territoryFixtures: FixtureRegistry = {
  LookupPincode: {
    none: "India Post's pincode directory is public data: no record of an organization or a party.",
    probe: { pincode: '560001' },
  },
  ...masterFixtures(pincodeTypes, async () => (name) => ({ pincode_type_name: name })),
  ...masterFixtures(territories, async (world) => {
    const territory_category_id = await territoryCategoryOfA(world);
    return (name) => ({ territory_name: name, territory_category_id, pincodes: [uniquePincode()] });
  }),
  ListPincodes: {
    async arrange(world) {
      const { pincode, pincode_id } = await territoryOfA(world);
      const read = () => world.db.select().from(territoryPincode).where(eq(territoryPincode.id, pincode_id));
      return { input: { search: pincode }, traces: [pincode_id, pincode], state: read };
    },
  },
  UpdatePincode: {
    async arrange(world) {
      const { territory, pincode_id } = await territoryOfA(world);
      return {
        input: { pincode_id, territory_id: territory.territory_id, area_name: unique('Area ') },
        traces: [pincode_id],
        state: () => world.db.select().from(territoryPincode).where(eq(territoryPincode.id, pincode_id)),
      };
    },
  },
  RemovePincode: {
    async arrange(world) {
      const { pincode_id } = await territoryOfA(world);
      return {
        input: { pincode_id },
        traces: [pincode_id],
        state: () => world.db.select().from(territoryPincode).where(eq(territoryPincode.id, pincode_id)),
      };
    },
  },
  ListTechnicianCoverage: {
    async arrange(world) {
      const technician = await addTestMember(world.db, {
        organizationId: world.a.org.id,
        role: 'TECHNICIAN',
      });
      return {
        input: { search: technician.email },
        traces: [technician.membershipId, technician.email],
        state: () =>
          world.db
            .select()
            .from(technicianTerritory)
            .where(eq(technicianTerritory.member_id, technician.membershipId)),
      };
    },
  },
  UpdateTechnicianCoverage: {
    async arrange(world) {
      const technician = await addTestMember(world.db, {
        organizationId: world.a.org.id,
        role: 'TECHNICIAN',
      });
      const { territory } = await territoryOfA(world);
      return {
        input: {
          technician_id: technician.membershipId,
          territory_ids: [territory.territory_id],
          category_ids: [],
        },
        traces: [technician.membershipId],
        state: () =>
          world.db
            .select()
            .from(technicianTerritory)
            .where(eq(technicianTerritory.member_id, technician.membershipId)),
      };
    },
  },
  ListServicePartnerCoverage: {
    async arrange(world) {
      return {
        input: { search: world.a.partner.name },
        traces: [world.a.partner.id, world.a.partner.name],
        state: () =>
          world.db
            .select()
            .from(servicePartnerTerritory)
            .where(eq(servicePartnerTerritory.party_id, world.a.partner.id)),
        owner: 'partner',
      };
    },
  },
  UpdateServicePartnerCoverage: {
    async arrange(world) {
      const { territory } = await territoryOfA(world);
      const partnerId = world.a.partner.id;
      return {
        input: { party_id: partnerId, territory_ids: [territory.territory_id] },
        traces: [partnerId],
        state: () =>
          world.db
            .select()
            .from(servicePartnerTerritory)
            .where(
              and(
                eq(servicePartnerTerritory.party_id, partnerId),
                eq(servicePartnerTerritory.territory_id, territory.territory_id),
              ),
            ),
        owner: 'partner',
      };
    },
  },
};
