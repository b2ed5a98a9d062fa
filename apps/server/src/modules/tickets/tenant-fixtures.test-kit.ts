import { and, count, eq } from 'drizzle-orm';
import {
  AcceptOrRejectTicket,
  AttendanceCheckIn,
  AttendanceCheckOut,
  ClaimTicket,
  CloseTicket,
  Count_Tickets_By_List,
  CreateAssignedTicketV2,
  DiscardTicket,
  Get_Attendance_Status,
  Get_Ticket_Details,
  HoldOrResumeTicket,
  List_Open_Tickets,
  List_Technician_Tickets,
  List_Ticket_Assignees,
  List_closed_Tickets,
  MarkTicketAsFOC,
  OrganizationDashboard,
  PartiallyCloseTicket,
  Preview_New_Ticket_Assignment,
  ReCreateTicket,
  ReleaseTicket,
  ReassignOrOpenTheAssignedTicket,
  SearchTickets,
  SendTicketClosureOtp,
  TicketInteraction,
  UpdateTicketServiceCharges,
  UpdateTicketVisit,
  UpdateTicketWarranty,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { seedNamedMaster, seedWipState } from '../../db/seed/settings.ts';
import { mapTechnician, seedTerritory } from '../../db/seed/territories.ts';
import { seedTicket, type SeedTicket } from '../../db/seed/tickets.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { call, unique } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import type { CallerRef, FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { storedTicket } from './ticket.test-kit.ts';

// Tickets of organization A for the walls of graphql/permission-matrix.test.ts. Most belong to a
// party: A's service partner (another partner's users must be kept out) or A's dealer.

interface TicketSetup {
  service_id: string;
  customer_id: string;
  dealer_customer_id: string;
  sub_stage_id: string;
  closure_remark_id: string;
  /** A technician of A's partner, and one of A's own, both mapped to the customers' territory. */
  partnerTechnician: CallerRef & { membershipId: string };
  technician: CallerRef & { membershipId: string };
}

const setups = new Map<string, Promise<TicketSetup>>();

/** A's catalogue, territory, customers and technicians, made once per world. */
function setupOf(world: FixtureWorld): Promise<TicketSetup> {
  const orgId = world.a.org.id;
  let setup = setups.get(orgId);
  if (!setup) {
    setup = (async () => {
      const db = world.db;
      const tag = unique('tk');
      const territoryCategory = await seedNamedMaster(db, 'territoryCategory', {
        organization_id: orgId,
        name: `Metro ${tag}`,
      });
      const territory = await seedTerritory(db, {
        organization_id: orgId,
        name: `Territory ${tag}`,
        territory_category_id: territoryCategory.id,
        pincodes: ['560001'],
      });
      const master = await seedMasterCategory(db, { organization_id: orgId, name: `Master ${tag}` });
      const category = await seedCategory(db, {
        organization_id: orgId,
        master_category_id: master.id,
        name: `Category ${tag}`,
        ticket_prefix: 'FX',
      });
      const service = await seedService(db, {
        organization_id: orgId,
        category_id: category.id,
        name: `Service ${tag}`,
        price_paise: 100,
      });
      const wip = await seedWipState(db, {
        organization_id: orgId,
        name: `WIP ${tag}`,
        display_order: 1,
        sub_stages: ['Started'],
      });
      const remark = await seedNamedMaster(db, 'closureRemark', {
        organization_id: orgId,
        name: `Remark ${tag}`,
      });
      const location = { address: '1, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
      const customer = await seedCustomer(db, {
        organization_id: orgId,
        name: `Customer ${tag}`,
        phone: newMobile(),
        email: `customer.${tag}@test.local`,
        primary_location: location,
      });
      const dealerCustomer = await seedCustomer(db, {
        organization_id: orgId,
        name: `Dealer customer ${tag}`,
        phone: newMobile(),
        party_id: world.a.dealer.id,
        primary_location: location,
      });
      const technicianOf = async (party_id: string | null) => {
        const member = await addTestMember(db, { organizationId: orgId, role: 'TECHNICIAN', party_id });
        await mapTechnician(db, {
          organization_id: orgId,
          member_id: member.membershipId,
          territory_ids: [territory.id],
          category_ids: [category.id],
        });
        return { ...member, organizationId: orgId };
      };
      return {
        service_id: service.id,
        customer_id: customer.id,
        dealer_customer_id: dealerCustomer.id,
        sub_stage_id: wip.sub_stages[0].id,
        closure_remark_id: remark.id,
        partnerTechnician: await technicianOf(world.a.partner.id),
        technician: await technicianOf(null),
      };
    })();
    setups.set(orgId, setup);
  }
  return setup;
}

type Owner = 'partner' | 'dealer' | 'organization';

/** A ticket of A: the partner's, the dealer's or the organization's, in a state. */
export async function ticketOfA(world: FixtureWorld, owner: Owner, values: Partial<SeedTicket> = {}) {
  const setup = await setupOf(world);
  const row = await seedTicket(world.db, {
    organization_id: world.a.org.id,
    customer_id: owner === 'dealer' ? setup.dealer_customer_id : setup.customer_id,
    service_id: setup.service_id,
    partner_party_id: owner === 'partner' ? world.a.partner.id : null,
    dealer_party_id: owner === 'dealer' ? world.a.dealer.id : null,
    ...values,
  });
  return { row, setup, state: () => storedTicket(world.db, row.id) };
}

const rightfulOf = (owner: Owner) =>
  owner === 'partner'
    ? ('SERVICE_PARTNER' as const)
    : owner === 'dealer'
      ? ('DEALER_OWNER' as const)
      : ('OWNER' as const);

/** A change of a ticket of A by its rightful caller. */
function onTicket(
  owner: Owner,
  values: (setup: TicketSetup) => Partial<SeedTicket>,
  input: (id: string, setup: TicketSetup) => Record<string, unknown>,
  rightful?: (setup: TicketSetup) => CallerRef,
): { arrange: (world: FixtureWorld) => Promise<Target> } {
  return {
    async arrange(world) {
      const setup = await setupOf(world);
      const { row, state } = await ticketOfA(world, owner, values(setup));
      return {
        input: input(row.id, setup),
        traces: [row.id, row.ticket_number],
        state,
        owner: owner === 'organization' ? undefined : owner,
        rightful: rightful ? rightful(setup) : rightfulOf(owner),
      };
    },
  };
}

/** A query that names a ticket of A's partner in its answer. */
function partnerQuery(input: (row: { id: string; ticket_number: string }) => Record<string, unknown>) {
  return {
    async arrange(world: FixtureWorld): Promise<Target> {
      const { row, state } = await ticketOfA(world, 'partner', { state: 'ASSIGNED' });
      return {
        input: input(row),
        traces: [row.id, row.ticket_number],
        state,
        owner: 'partner' as const,
        rightful: 'SERVICE_PARTNER' as const,
      };
    },
  };
}

const partnerTechnicianOn =
  (state: SeedTicket['state'], extra: (setup: TicketSetup) => Partial<SeedTicket> = () => ({})) =>
  (setup: TicketSetup): Partial<SeedTicket> => ({
    state,
    technician_id: setup.partnerTechnician.membershipId,
    ...extra(setup),
  });
const byPartnerTechnician = (setup: TicketSetup) => setup.partnerTechnician;

export const ticketFixtures: FixtureRegistry = {
  [List_Open_Tickets.name]: {
    ...partnerQuery((row) => ({ list: 'ACTIVE', search: row.ticket_number })),
    probe: { list: 'ACTIVE' },
  },
  [List_closed_Tickets.name]: {
    async arrange(world) {
      const { row, state } = await ticketOfA(world, 'partner', { state: 'CLOSED' });
      return {
        input: { list: 'CLOSED', search: row.ticket_number },
        traces: [row.id, row.ticket_number],
        state,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
    probe: { list: 'CLOSED' },
  },
  [SearchTickets.name]: partnerQuery((row) => ({ search: row.ticket_number })),
  [Get_Ticket_Details.name]: partnerQuery((row) => ({ ticket_id: row.id })),
  [Count_Tickets_By_List.name]: {
    async arrange(world) {
      const { row, state } = await ticketOfA(world, 'partner', {
        state: 'ON_HOLD',
        serial_number: unique('SN').toUpperCase(),
      });
      // The counts name no ticket: the partner's one ticket under the search is the trace.
      return {
        input: { search: row.serial_number! },
        traces: ['"ACTIVE":1'],
        state,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  [OrganizationDashboard.name]: {
    async arrange(world) {
      const { state } = await ticketOfA(world, 'partner', { state: 'ASSIGNED' });
      return {
        input: {},
        traces: [world.a.partner.id],
        state,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  [List_Ticket_Assignees.name]: {
    async arrange(world) {
      const { row, setup, state } = await ticketOfA(world, 'partner', { state: 'OPEN' });
      return {
        input: { ticket_id: row.id },
        traces: [setup.partnerTechnician.membershipId],
        state,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  [List_Technician_Tickets.name]: {
    async arrange(world) {
      const setup = await setupOf(world);
      const { row, state } = await ticketOfA(world, 'partner', {
        state: 'ACCEPTED',
        technician_id: setup.partnerTechnician.membershipId,
      });
      return {
        input: { view: 'MINE' },
        traces: [row.id, row.ticket_number],
        state,
        owner: 'partner',
        rightful: setup.partnerTechnician,
      };
    },
  },
  [Get_Attendance_Status.name]: { none: "a technician's own attendance, found by the session" },
  [AttendanceCheckIn.name]: { none: "a technician's own attendance, found by the session" },
  [AttendanceCheckOut.name]: { none: "a technician's own attendance, found by the session" },
  [CreateAssignedTicketV2.name]: {
    async arrange(world) {
      const setup = await setupOf(world);
      const ticketsOfA = async () =>
        (
          await world.db.select({ n: count() }).from(ticket).where(eq(ticket.organization_id, world.a.org.id))
        )[0].n;
      return {
        input: {
          new_customer: null,
          customer_id: setup.dealer_customer_id,
          location_id: await primaryLocation(world, setup.dealer_customer_id),
          service_id: setup.service_id,
        },
        traces: [world.a.org.id, setup.dealer_customer_id],
        state: ticketsOfA,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [ReassignOrOpenTheAssignedTicket.name]: onTicket(
    'partner',
    () => ({ state: 'OPEN' }),
    (id, setup) => ({ ticket_id: id, action: 'ASSIGN', technician_id: setup.partnerTechnician.membershipId }),
  ),
  [ClaimTicket.name]: onTicket(
    'organization',
    () => ({ state: 'OPEN', is_floating: true }),
    (id) => ({ ticket_id: id }),
    (setup) => setup.technician,
  ),
  [ReleaseTicket.name]: {
    async arrange(world) {
      const setup = await setupOf(world);
      const { row, state } = await ticketOfA(world, 'organization', { state: 'OPEN', is_floating: true });
      // Only a claim can be released: the organization's technician claims it first.
      const claimed = await call(world.app, await world.cookieOf(setup.technician.email), ClaimTicket, {
        ticket_id: row.id,
      });
      if (claimed.errors) throw new Error(`ClaimTicket failed: ${JSON.stringify(claimed.errors)}`);
      return {
        input: { ticket_id: row.id },
        traces: [row.id, row.ticket_number],
        state,
        rightful: setup.technician,
      };
    },
  },
  [Preview_New_Ticket_Assignment.name]: {
    async arrange(world) {
      const setup = await setupOf(world);
      return {
        input: { pincode: '560001', service_id: setup.service_id },
        traces: [setup.technician.membershipId, setup.partnerTechnician.membershipId],
        state: async () => null,
      };
    },
    probe: { pincode: '560001' },
  },
  [AcceptOrRejectTicket.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, action: 'ACCEPT' }),
  ),
  [UpdateTicketWorkStatus.name]: onTicket(
    'partner',
    partnerTechnicianOn('ACCEPTED'),
    (id, setup) => ({ ticket_id: id, wip_sub_stage_id: setup.sub_stage_id }),
    byPartnerTechnician,
  ),
  [HoldOrResumeTicket.name]: onTicket(
    'partner',
    partnerTechnicianOn('IN_PROGRESS'),
    (id) => ({ ticket_id: id, action: 'HOLD', reason: 'Waiting for the compressor' }),
    byPartnerTechnician,
  ),
  [PartiallyCloseTicket.name]: onTicket(
    'partner',
    partnerTechnicianOn('IN_PROGRESS'),
    (id, setup) => ({ ticket_id: id, closure_remark_id: setup.closure_remark_id }),
    byPartnerTechnician,
  ),
  [SendTicketClosureOtp.name]: onTicket(
    'partner',
    partnerTechnicianOn('IN_PROGRESS'),
    (id) => ({ ticket_id: id }),
    byPartnerTechnician,
  ),
  [CloseTicket.name]: onTicket('partner', partnerTechnicianOn('IN_PROGRESS'), (id) => ({
    ticket_id: id,
    reason: 'Customer confirmed by phone',
  })),
  [DiscardTicket.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, reason: 'Duplicate' }),
  ),
  [ReCreateTicket.name]: {
    async arrange(world) {
      const { row } = await ticketOfA(world, 'dealer', { state: 'CLOSED' });
      const state = async () => ({
        ticket: await storedTicket(world.db, row.id),
        count: (
          await world.db.select({ n: count() }).from(ticket).where(eq(ticket.organization_id, world.a.org.id))
        )[0].n,
      });
      return {
        input: { ticket_id: row.id, reason: 'The noise came back' },
        traces: [row.id, row.ticket_number],
        state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [MarkTicketAsFOC.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, is_foc: true, reason: 'Goodwill visit' }),
  ),
  [UpdateTicketVisit.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, preferred_visit_date: '2030-01-15', preferred_visit_time: '10:30' }),
  ),
  [UpdateTicketWarranty.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, under_warranty: true }),
  ),
  [UpdateTicketServiceCharges.name]: onTicket(
    'partner',
    () => ({ state: 'ASSIGNED' }),
    (id) => ({ ticket_id: id, service_charge_paise: 45_000 }),
  ),
  [TicketInteraction.name]: onTicket(
    'dealer',
    () => ({ state: 'OPEN' }),
    (id) => ({ ticket_id: id, kind: 'NOTE', text: 'Customer asked for a morning visit' }),
  ),
};

async function primaryLocation(world: FixtureWorld, customerId: string) {
  const [row] = await world.db
    .select({ id: customerLocation.id })
    .from(customerLocation)
    .where(and(eq(customerLocation.customer_id, customerId), eq(customerLocation.is_primary, true)));
  return row.id;
}
