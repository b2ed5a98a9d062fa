import { and, asc, eq } from 'drizzle-orm';
import type { OperationDef, DataOf } from '@fieldport/contract/operation';
import type { TicketAssignmentMode } from '@fieldport/contract/operations/organization';
import type { TicketItem } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { seedNamedMaster, seedWipState } from '../../db/seed/settings.ts';
import { mapServicePartner, mapTechnician, seedTerritory } from '../../db/seed/territories.ts';
import { seedTicket, type SeedTicket } from '../../db/seed/tickets.ts';
import { organization } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import { call, signIn, type GraphqlAnswer, type TestApp } from '../../test/harness.ts';
import {
  addTestMember,
  seedTestOrganization,
  TEST_PASSWORD,
  type TestMember,
} from '../../test/organizations.ts';
import { newMobile } from '../customers/customer.test-kit.ts';

/**
 * An organization of a test's own, ready for tickets: a co-ordinator (AGENT), an owner, a service
 * partner with its agent and technician, a dealer, two of the organization's technicians mapped
 * to Bengaluru with the AC category, one technician mapped elsewhere, a customer in Bengaluru
 * (pincode 560001) with an email, a dealer's customer, a WIP sub-stage and a closure remark.
 */
export async function ticketWorld(app: TestApp, options: { mode?: TicketAssignmentMode } = {}) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, {
    roles: ['OWNER', 'AGENT', 'SERVICE_PARTNER', 'PARTNER_AGENT', 'DEALER_OWNER', 'TECHNICIAN'],
  });
  const orgId = seeded.org.id;
  if (options.mode) {
    await db
      .update(organization)
      .set({ ticket_assignment_mode: options.mode })
      .where(eq(organization.id, orgId));
  }
  const tag = seeded.tag;
  const territoryCategory = await seedNamedMaster(db, 'territoryCategory', {
    organization_id: orgId,
    name: `Metro ${tag}`,
  });
  const bengaluru = await seedTerritory(db, {
    organization_id: orgId,
    name: `Bengaluru ${tag}`,
    territory_category_id: territoryCategory.id,
    pincodes: ['560001', '560002'],
  });
  const mumbai = await seedTerritory(db, {
    organization_id: orgId,
    name: `Mumbai ${tag}`,
    territory_category_id: territoryCategory.id,
    pincodes: ['400001'],
  });
  const master = await seedMasterCategory(db, { organization_id: orgId, name: `Appliances ${tag}` });
  const ac = await seedCategory(db, {
    organization_id: orgId,
    master_category_id: master.id,
    name: `Air Conditioners ${tag}`,
    ticket_prefix: 'AC',
  });
  const service = await seedService(db, {
    organization_id: orgId,
    category_id: ac.id,
    name: `AC Repair ${tag}`,
    price_paise: 49_900,
  });
  const wip = await seedWipState(db, {
    organization_id: orgId,
    name: `Diagnosis ${tag}`,
    display_order: 1,
    sub_stages: ['Inspection', 'Waiting for parts'],
  });
  const remark = await seedNamedMaster(db, 'closureRemark', {
    organization_id: orgId,
    name: `Parts pending ${tag}`,
  });
  const problem = await seedNamedMaster(db, 'problemDescription', {
    organization_id: orgId,
    name: `Not cooling ${tag}`,
  });

  const technician = seeded.members.TECHNICIAN;
  const secondTechnician = await addTestMember(db, { organizationId: orgId, role: 'TECHNICIAN' });
  const farTechnician = await addTestMember(db, { organizationId: orgId, role: 'TECHNICIAN' });
  const partnerTechnician = await addTestMember(db, {
    organizationId: orgId,
    role: 'TECHNICIAN',
    party_id: seeded.partner.id,
  });
  for (const member of [technician, secondTechnician, partnerTechnician]) {
    await mapTechnician(db, {
      organization_id: orgId,
      member_id: member.membershipId,
      territory_ids: [bengaluru.id],
      category_ids: [ac.id],
    });
  }
  await mapTechnician(db, {
    organization_id: orgId,
    member_id: farTechnician.membershipId,
    territory_ids: [mumbai.id],
    category_ids: [ac.id],
  });
  await mapServicePartner(db, {
    organization_id: orgId,
    party_id: seeded.partner.id,
    territory_ids: [bengaluru.id],
  });

  const customerEmail = `customer.${tag}@test.local`;
  const customer = await seedCustomer(db, {
    organization_id: orgId,
    name: `Kavya Rao ${tag}`,
    phone: newMobile(),
    email: customerEmail,
    primary_location: { address: '12, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
  });
  const dealerCustomer = await seedCustomer(db, {
    organization_id: orgId,
    name: `Dealer Customer ${tag}`,
    phone: newMobile(),
    email: `dealer.customer.${tag}@test.local`,
    party_id: seeded.dealer.id,
    primary_location: {
      address: '4, Brigade Road',
      pincode: '560002',
      city: 'Bengaluru',
      state: 'Karnataka',
    },
  });

  const members = {
    ...seeded.members,
    SECOND_TECHNICIAN: secondTechnician,
    FAR_TECHNICIAN: farTechnician,
    PARTNER_TECHNICIAN: partnerTechnician,
  } as Record<string, TestMember>;
  const cookies = new Map<string, string>();
  const cookieOf = async (who: keyof typeof members) => {
    const member = members[who];
    if (!cookies.has(member.email)) cookies.set(member.email, await signIn(app, member.email, TEST_PASSWORD));
    return cookies.get(member.email)!;
  };

  /** Calls an operation as a member; the answer as it came. */
  const as = async <Op extends OperationDef>(
    who: string,
    op: Op,
    input: unknown,
  ): Promise<GraphqlAnswer<DataOf<Op>>> => call(app, await cookieOf(who), op, input);
  /** Calls an operation as a member and fails unless it succeeds. */
  const ok = async <Op extends OperationDef>(who: string, op: Op, input: unknown): Promise<DataOf<Op>> => {
    const answer = await as(who, op, input);
    if (!answer.envelope) throw new Error(`${op.name} as ${who} failed: ${JSON.stringify(answer.errors)}`);
    return answer.envelope.data;
  };

  /** A ticket made by the seed function, in this organization, for the Bengaluru customer. */
  const seed = (values: Partial<SeedTicket> = {}) =>
    seedTicket(db, {
      organization_id: orgId,
      customer_id: customer.id,
      service_id: service.id,
      created_by: members.AGENT.userId,
      ...values,
    });

  return {
    app,
    db,
    org: seeded.org,
    partner: seeded.partner,
    dealer: seeded.dealer,
    members,
    cookieOf,
    as,
    ok,
    seed,
    territories: { bengaluru, mumbai },
    category: ac,
    service,
    subStage: wip.sub_stages[0],
    remark,
    problem,
    customer,
    customerEmail,
    dealerCustomer,
    tag,
  };
}

export type TicketWorld = Awaited<ReturnType<typeof ticketWorld>>;

/** The create input of a ticket for the world's Bengaluru customer. */
export function ticketInput(world: TicketWorld, overrides: Record<string, unknown> = {}) {
  return {
    customer_id: world.customer.id,
    location_id: world.customer.locations[0].id,
    service_id: world.service.id,
    problem_description_id: world.problem.id,
    problem_note: 'Not cooling since Monday',
    priority: 'HIGH',
    ...overrides,
  };
}

/** Everything stored about a ticket: the row and its timeline (a refused change leaves both as they were). */
export async function storedTicket(db: Db, id: string) {
  const [row] = await db.select().from(ticket).where(eq(ticket.id, id));
  const events = await db
    .select()
    .from(ticketEvent)
    .where(eq(ticketEvent.ticket_id, id))
    .orderBy(asc(ticketEvent.created_at), asc(ticketEvent.id));
  return { row, events };
}

/** The audit entries of an operation in an organization. */
export async function auditOf(db: Db, organizationId: string, operation: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organization_id, organizationId), eq(auditLog.operation, operation)));
}

export const itemOf = (data: { items: TicketItem[] }) => data.items[0];
