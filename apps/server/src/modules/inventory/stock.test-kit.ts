import { and, eq, sql } from 'drizzle-orm';
import type { DataOf, OperationDef } from '@fieldport/contract/operation';
import type { Db } from '../../db/client.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedComponent, seedStore } from '../../db/seed/inventory.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { seedTicket, type SeedTicket } from '../../db/seed/tickets.ts';
import { stockLevel, stockMovement } from '../../db/schema/inventory.ts';
import { call, signIn, unique, type GraphqlAnswer, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { uniquePrefix } from '../product-catalogue/tenant-fixtures.test-kit.ts';

// Stores, components and people of an organization of a test's own, for the stock ledger's tests
// (docs/inventory.md): made with the seed functions the demo uses.

const PLACE = {
  address: '42, Peenya Industrial Area',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560058',
};

/** A store of the organization (party_id: a service partner's). */
export function seedTestStore(db: Db, organization_id: string, name: string, party_id: string | null = null) {
  return seedStore(db, { organization_id, name: `${name} ${unique('s')}`, party_id, ...PLACE });
}

/** A component with a part number of its own. */
export function seedTestComponent(
  db: Db,
  organization_id: string,
  name: string,
  values: { reorder_level?: number; unit?: 'NOS' | 'METRE' | 'KG' } = {},
) {
  return seedComponent(db, {
    organization_id,
    name,
    part_number: unique('P').toUpperCase(),
    price_paise: 50_000,
    ...values,
  });
}

/** An open ticket of the organization, for movements that name one (ISSUE, CONSUME, RETURN). */
export async function seedTestTicket(db: Db, organization_id: string, values: Partial<SeedTicket> = {}) {
  const master = await seedMasterCategory(db, { organization_id, name: unique('Appliances ') });
  const category = await seedCategory(db, {
    organization_id,
    master_category_id: master.id,
    name: unique('Air Conditioners '),
    ticket_prefix: uniquePrefix(),
  });
  const service = await seedService(db, {
    organization_id,
    category_id: category.id,
    name: unique('AC Repair '),
    price_paise: 49_900,
  });
  const customer = await seedCustomer(db, {
    organization_id,
    name: unique('Kavya Rao '),
    phone: newMobile(),
    primary_location: { address: '12, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
  });
  return seedTicket(db, { organization_id, customer_id: customer.id, service_id: service.id, ...values });
}

/**
 * An organization with its owner, a store manager, a service partner's user and another partner's
 * user; stores: two of the organization's own, two of the partner's, one of the other partner's.
 */
export async function stockWorld(app: TestApp) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER', 'STORE_MANAGER', 'SERVICE_PARTNER'] });
  const organization_id = seeded.org.id;
  const otherPartner = await seedParty(db, {
    organization_id,
    kind: 'SERVICE_PARTNER',
    name: `Other partner ${seeded.tag}`,
  });
  const members = {
    ...seeded.members,
    OTHER_PARTNER: await addTestMember(db, {
      organizationId: organization_id,
      role: 'SERVICE_PARTNER',
      party_id: otherPartner.id,
    }),
  };
  const stores = {
    main: await seedTestStore(db, organization_id, 'Main store'),
    depot: await seedTestStore(db, organization_id, 'Depot'),
    partner: await seedTestStore(db, organization_id, 'Partner store', seeded.partner.id),
    partnerBranch: await seedTestStore(db, organization_id, 'Partner branch', seeded.partner.id),
    otherPartner: await seedTestStore(db, organization_id, 'Other partner store', otherPartner.id),
  };
  const cookies = new Map<string, string>();
  const cookieOf = async (who: keyof typeof members) => {
    const email = members[who].email;
    let cookie = cookies.get(email);
    if (!cookie) {
      cookie = await signIn(app, email, TEST_PASSWORD);
      cookies.set(email, cookie);
    }
    return cookie;
  };
  /** Calls an operation as one of the world's people. */
  const as = async <Op extends OperationDef>(
    who: keyof typeof members,
    op: Op,
    input: unknown,
  ): Promise<GraphqlAnswer<DataOf<Op>>> => call(app, await cookieOf(who), op, input);
  return {
    db,
    org: seeded.org,
    tag: seeded.tag,
    partner: seeded.partner,
    otherPartner,
    members,
    stores,
    as,
    cookieOf,
  };
}

/** What the ledger says of a store's component, and what stock_level keeps: they must agree. */
export async function ledgerAndLevel(db: Db, storeId: string, componentId: string) {
  const [ledger] = await db
    .select({
      quantity: sql<number>`coalesce(sum(${stockMovement.quantity}), 0)`.mapWith(Number),
      value: sql<number>`coalesce(sum(${stockMovement.value_paise}), 0)`.mapWith(Number),
      rows: sql<number>`count(*)`.mapWith(Number),
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.store_id, storeId), eq(stockMovement.component_id, componentId)));
  const [level] = await db
    .select({ quantity: stockLevel.quantity, value: stockLevel.value_paise })
    .from(stockLevel)
    .where(and(eq(stockLevel.store_id, storeId), eq(stockLevel.component_id, componentId)));
  return { ledger, level: level ? { quantity: level.quantity, value: Number(level.value) } : null };
}
