import { and, asc, count, eq } from 'drizzle-orm';
import type { WorkflowKind } from '@fieldport/contract/operations/approvals';
import {
  CreateAmcType,
  CreateProductFleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { workflowRequest } from '../../db/schema/approvals.ts';
import { organization } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { unique, type TestApp } from '../../test/harness.ts';
import type { TestMember } from '../../test/organizations.ts';
import { approvalWorld } from '../approvals/approvals.test-kit.ts';
import { newMobile } from '../customers/customer.test-kit.ts';

// What the fleet tests share: an organization with a member of every role (the approvals test
// kit's), two products and a retired one, customers of the organization, of its dealer and of
// another dealer, a fleet status; valid inputs; and reading what was written.

const place = (city: string, address = '12, 4th Cross, Indiranagar') => ({
  address,
  pincode: '560038',
  city,
  state: 'Karnataka',
});

export async function fleetWorld(app: TestApp, options: { timeZone?: string } = {}) {
  const world = await approvalWorld(app);
  const { db } = world;
  const organization_id = world.org.id;
  if (options.timeZone) {
    await db
      .update(organization)
      .set({ time_zone: options.timeZone })
      .where(eq(organization.id, organization_id));
  }
  const master = await seedMasterCategory(db, { organization_id, name: 'Cooling' });
  const category = await seedCategory(db, {
    organization_id,
    master_category_id: master.id,
    name: 'Air Conditioner',
    ticket_prefix: 'AC',
  });
  const product = (name: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
    seedService(db, { organization_id, category_id: category.id, name, price_paise: 49_900, status });
  const products = {
    splitAc: await product('Split AC 1.5T'),
    windowAc: await product('Window AC 1T'),
    retired: await product('Cooler 2019', 'INACTIVE'),
  };

  const otherDealer = await seedParty(db, {
    organization_id,
    kind: 'DEALER',
    name: `Other dealer ${world.tag}`,
  });
  const otherDealerMember = await world.add('DEALER_OWNER', { party_id: otherDealer.id });
  const customer = (name: string, values: Partial<Parameters<typeof seedCustomer>[1]> = {}) =>
    seedCustomer(db, {
      organization_id,
      name,
      phone: newMobile(),
      primary_location: place('Bengaluru'),
      ...values,
    });
  const customers = {
    asha: await customer('Asha Rao', { secondary_locations: [place('Mysuru', '7, Temple Road')] }),
    vikram: await customer('Vikram Shetty', { primary_location: place('Chennai', '3, Beach Road') }),
    retired: await customer('Old Customer', { status: 'INACTIVE' }),
    dealers: await customer('Dealer Customer', { party_id: world.dealer.id }),
    dealersSecond: await customer('Second Dealer Customer', { party_id: world.dealer.id }),
    otherDealers: await customer('Other Dealer Customer', { party_id: otherDealer.id }),
  };
  const statuses = {
    installed: await seedNamedMaster(db, 'productFleetStatus', { organization_id, name: 'Installed' }),
    scrapped: await seedNamedMaster(db, 'productFleetStatus', {
      organization_id,
      name: 'Scrapped',
      status: 'INACTIVE',
    }),
  };

  /** Creates a fleet item as a member and fails the test unless it succeeds. */
  const create = async (who: TestMember, values: Record<string, unknown> = {}): Promise<FleetItemDetail> =>
    (await world.ok(who, CreateProductFleetItem, fleetInput(products.splitAc.id, values))).items[0];

  return {
    ...world,
    products,
    customers,
    statuses,
    otherDealer,
    otherDealerMember,
    create,
    /** An AMC type made by the owner through CreateAmcType. */
    amcType: async (values: Record<string, unknown> = {}) =>
      (
        await world.ok(world.members.OWNER, CreateAmcType, {
          amc_type_name: `AMC ${unique('a')}`,
          duration_months: 12,
          visits: 4,
          amc_price: 350_000,
          service_ids: [],
          ...values,
        })
      ).items[0],
    /** The request raised for an item, newest first. */
    requestsOf: (recordId: string, kind: WorkflowKind) =>
      db
        .select()
        .from(workflowRequest)
        .where(and(eq(workflowRequest.record_id, recordId), eq(workflowRequest.kind, kind)))
        .orderBy(asc(workflowRequest.created_at)),
    /** How many items and audit entries the organization has: what "nothing written" compares. */
    written: async () => {
      const [items] = await db
        .select({ n: count() })
        .from(fleetItem)
        .where(eq(fleetItem.organization_id, organization_id));
      const [audits] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.organization_id, organization_id));
      return { items: items.n, audits: audits.n };
    },
  };
}

export type FleetWorld = Awaited<ReturnType<typeof fleetWorld>>;

/** A valid CreateProductFleetItem input: a new serial number for the product, bought and installed. */
export function fleetInput(serviceId: string, values: Record<string, unknown> = {}) {
  return {
    serial_number: unique('SN').toUpperCase(),
    service_id: serviceId,
    invoice_date: '2026-01-10',
    installation_date: '2026-01-15',
    warranty_months: 12,
    ...values,
  };
}
