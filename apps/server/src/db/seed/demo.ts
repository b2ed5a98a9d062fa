import { count, eq } from 'drizzle-orm';
import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../client.ts';
import { organization } from '../schema/identity.ts';
import { party } from '../schema/platform.ts';
import { grant, seedDesignation, seedMember, seedOrganization, seedParty } from './factories.ts';
import { seedDemoWorkflows } from './approvals.ts';
import { seedCredits } from './credits.ts';
import { seedDemoCustomers } from './customers.ts';
import { seedDemoCatalogue } from './product-catalogue.ts';
import { seedDemoFleet } from './product-fleet.ts';
import { seedVendor, demoVendor } from './purchasing.ts';
import { seedDemoInventory } from './inventory.ts';
import { seedDemoSettings } from './settings.ts';
import { seedDemoTerritories } from './territories.ts';
import { seedDemoTickets } from './tickets.ts';

export const DEMO_PASSWORD = 'Demo@1234';
/** The demo organization's credits when it is created (docs/credits.md#the-demo). */
export const DEMO_OPENING_CREDITS = 5000;

/** The staff roles that need a designation (docs/product.md#roles-and-parties). */
const DESIGNATED: Partial<Record<Role, { name: string; modules: ReturnType<typeof grant>[] }>> = {
  MANAGEMENT: {
    name: 'Head of Service',
    modules: [
      grant('Dashboard'),
      grant('Reports', ['Ticket Aging Report', 'Productivity Report', 'Download Reports']),
      grant('Tickets', ['Active Tickets', 'Closed Tickets']),
      grant('Audit Logs'),
    ],
  },
  NSM: {
    name: 'National Sales Manager',
    modules: [
      grant('Dashboard'),
      grant('Reports', ['Monthly Ticket Reports', 'AMC Renewal Due']),
      grant('Leads'),
      grant('Quotations', ['Quotations List']),
    ],
  },
  RSM: {
    name: 'Regional Sales Manager',
    modules: [
      grant('Tickets', ['Active Tickets', 'Closed Tickets']),
      grant('Leads'),
      grant('Quotations', ['Quotations List']),
    ],
  },
  MANAGER: {
    name: 'Service Manager',
    modules: [
      grant('Dashboard'),
      grant('Reports', ['Attendance Report', 'Ticket Aging Report', 'Download Reports']),
      grant('Tickets', ['Active Tickets', 'Partially Closed Tickets', 'Closed Tickets', 'Inactive Tickets']),
      // Level 1 of the demo's fleet approvals (seedDemoWorkflows): the designation gives the right.
      grant('Approvals', [
        'Component Approvals',
        'Product Fleet Approvals',
        'Product Fleet Tagging Approval',
      ]),
      grant('Masters', ['Users', 'Technicians', 'Customers']),
    ],
  },
  AGENT: {
    name: 'Service Co-Ordinator',
    modules: [
      grant('All Search'),
      grant('Tickets', ['Active Tickets', 'Partially Closed Tickets', 'Closed Tickets', 'Inactive Tickets']),
      grant('Requests'),
      grant('Scheduled Service'),
      grant('Masters', ['Customers', 'Product Fleet']),
    ],
  },
  STORE_MANAGER: {
    name: 'Store Manager',
    modules: [
      grant('MRF Tickets'),
      grant('Inventory', ['Inventory', 'Components', 'Components Transaction History']),
      grant('Store/Service Center'),
      grant('Purchase Order', ['Purchase Orders', 'Vendors']),
      grant('Approvals', ['Component Approvals']),
      grant('Reports', ['Download Reports']),
    ],
  },
};

const PEOPLE: { role: Role; name: string; party?: 'partner' | 'dealer' }[] = [
  { role: 'OWNER', name: 'Olivia Owner' },
  { role: 'ADMIN', name: 'Arjun Admin' },
  { role: 'MANAGEMENT', name: 'Meera Management' },
  { role: 'NSM', name: 'Nikhil Sales' },
  { role: 'RSM', name: 'Riya Regional' },
  { role: 'MANAGER', name: 'Manoj Manager' },
  { role: 'AGENT', name: 'Asha Coordinator' },
  { role: 'STORE_MANAGER', name: 'Suresh Stores' },
  { role: 'SERVICE_PARTNER', name: 'Prakash Partner', party: 'partner' },
  { role: 'PARTNER_AGENT', name: 'Pooja Partner Agent', party: 'partner' },
  { role: 'DEALER_OWNER', name: 'Deepak Dealer', party: 'dealer' },
  { role: 'DEALER_AGENT', name: 'Divya Dealer Agent', party: 'dealer' },
  { role: 'TECHNICIAN', name: 'Tarun Technician' },
  { role: 'REPRESENTATIVE', name: 'Ravi Representative' },
];

/** The demo's GSTINs (valid check characters), both of Karnataka. */
export const DEMO_GSTINS = { organization: '29AAECD4321K1ZM', partner: '29AAGFC8765M1ZN' } as const;

/** The demo organization's slug: the demo's own data is found by it. */
export const DEMO_ORGANIZATION_SLUG = 'demo-service-co';

export const demoEmail = (role: Role) => `${role.toLowerCase()}@demo.local`;

/**
 * The demo (README "Demo logins"): "Demo Service Co" with one member per role, a service partner and a dealer,
 * designations and access control on; "Demo Partner Org" with access control off, where the
 * owner is an ADMIN, to switch to. Runs only on an empty database.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ value }] = await db.select({ value: count() }).from(organization);
  if (value > 0) return false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const org = await seedOrganization(t, {
      name: 'Demo Service Co',
      slug: DEMO_ORGANIZATION_SLUG,
      is_access_control_enable: true,
      enable_credits_recharge: true,
    });
    const partner = await seedParty(t, {
      organization_id: org.id,
      kind: 'SERVICE_PARTNER',
      name: 'CoolFix Services',
    });
    // Both registered for GST in Karnataka: CoolFix's invoices carry CGST + SGST (docs/payouts.md#tax).
    await t.update(organization).set({ gstin: DEMO_GSTINS.organization }).where(eq(organization.id, org.id));
    await t.update(party).set({ gstin: DEMO_GSTINS.partner }).where(eq(party.id, partner.id));
    const dealer = await seedParty(t, { organization_id: org.id, kind: 'DEALER', name: 'Sharma Appliances' });
    const memberships = new Map<Role, { userId: string; memberId: string }>();
    const designations = new Map<Role, string>();
    for (const person of PEOPLE) {
      const designated = DESIGNATED[person.role];
      const designation = designated
        ? await seedDesignation(t, {
            organization_id: org.id,
            name: designated.name,
            accessing_module: designated.modules,
          })
        : null;
      if (designation) designations.set(person.role, designation.id);
      const seeded = await seedMember(t, {
        organizationId: org.id,
        email: demoEmail(person.role),
        name: person.name,
        role: person.role,
        password: DEMO_PASSWORD,
        designation_id: designation?.id ?? null,
        party_id: person.party === 'partner' ? partner.id : person.party === 'dealer' ? dealer.id : null,
      });
      memberships.set(person.role, { userId: seeded.user.id, memberId: seeded.membership.id });
    }
    await seedDemoSettings(t, org.id, demoEmail('AGENT'));
    const categories = await seedDemoCatalogue(t, org.id, memberships.get('ADMIN')?.userId);
    await seedDemoTerritories(t, org.id, {
      technicianMemberId: memberships.get('TECHNICIAN')?.memberId,
      partnerId: partner.id,
      categoryIds: ['AC', 'RF', 'WM'].map((prefix) => categories.get(prefix)!.id),
    });
    await seedDemoCustomers(t, { organization_id: org.id, dealer_id: dealer.id });
    await seedDemoTickets(t, {
      organization_id: org.id,
      technicianMemberId: memberships.get('TECHNICIAN')?.memberId,
      partnerId: partner.id,
      dealerId: dealer.id,
      createdBy: memberships.get('AGENT')?.userId,
    });
    await seedDemoWorkflows(t, {
      organization_id: org.id,
      serviceManagerDesignationId: designations.get('MANAGER')!,
      updated_by: memberships.get('OWNER')?.userId,
    });
    await seedDemoFleet(t, {
      organization_id: org.id,
      dealer_id: dealer.id,
      createdBy: memberships.get('AGENT')?.userId,
    });
    // Spare parts for the demo's products, the main store and the partner's (docs/inventory.md).
    await seedDemoInventory(t, {
      organization_id: org.id,
      partnerId: partner.id,
      storeManagerUserId: memberships.get('STORE_MANAGER')?.userId,
      partnerUserId: memberships.get('SERVICE_PARTNER')?.userId,
    });
    await seedVendor(t, demoVendor(org.id));
    // The demo uses credits: enough for every ticket people (and the journeys) create on it.
    await seedCredits(t, org.id, DEMO_OPENING_CREDITS);
    const second = await seedOrganization(t, { name: 'Demo Partner Org', slug: 'demo-partner-org' });
    await seedMember(t, {
      organizationId: second.id,
      email: demoEmail('OWNER'),
      name: 'Olivia Owner',
      role: 'ADMIN',
      password: DEMO_PASSWORD,
    });
  });
  return true;
}
