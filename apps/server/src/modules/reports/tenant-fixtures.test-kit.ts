import { eq } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import {
  GetAttendanceSummary,
  GetDailyUserReport,
  ListAttendanceHistory,
  GetMonthlyTicketReport,
  GetMonthlyUserReport,
  GetAmcRenewalDueReport,
  GetPartnersClosedTicketReport,
  GetProductivityReport,
  GetServiceTypeReport,
  GetTicketAgingReport,
} from '@fieldport/contract/operations/reports';
import { organization } from '../../db/schema/identity.ts';
import { technicianAttendance, ticket } from '../../db/schema/tickets.ts';
import { newId } from '../../db/ids.ts';
import { addTestMember } from '../../test/organizations.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { seedTerritory } from '../../db/seed/territories.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';
import { dueContractOfA } from '../contracts/tenant-fixtures.test-kit.ts';

// The reports for the walls of graphql/permission-matrix.test.ts: figures of organization A's
// dealer's tickets, which B's owner and another dealer must not read. Reports name no record, so the
// traces are the names they group by (A's partner, A's service type) or A's counts.

const thisMonth = () => dayIn('Asia/Kolkata').slice(0, 7);

/**
 * A territory of A's that holds this ticket alone: a report filtered by it counts exactly this
 * ticket, whatever else the shared world's other fixtures closed for A's partner.
 */
async function territoryOfItsOwn(world: FixtureWorld, ticketId: string): Promise<string> {
  const name = unique('Report territory ');
  const category = await seedNamedMaster(world.db, 'territoryCategory', {
    organization_id: world.a.org.id,
    name,
  });
  const own = await seedTerritory(world.db, {
    organization_id: world.a.org.id,
    name,
    territory_category_id: category.id,
    pincodes: [],
  });
  await world.db.update(ticket).set({ territory_id: own.id }).where(eq(ticket.id, ticketId));
  return own.id;
}

/** A ticket of A's dealer with A's partner on it, in a state. */
async function dealerTicketOfA(world: FixtureWorld, state: 'ASSIGNED' | 'CLOSED') {
  return ticketOfA(world, 'dealer', {
    state,
    partner_party_id: world.a.partner.id,
    partner_amount_paise: state === 'CLOSED' ? 12_300 : null,
  });
}

/**
 * A technician of A's partner, checked in today: the Attendance Report's row of them is A's
 * partner's (its users read it), walled from another partner's users and from B.
 */
async function partnerTechnicianCheckedIn(world: FixtureWorld) {
  const technician = await addTestMember(world.db, {
    organizationId: world.a.org.id,
    role: 'TECHNICIAN',
    party_id: world.a.partner.id,
  });
  const today = dayIn('Asia/Kolkata');
  await world.db.insert(technicianAttendance).values({
    id: newId(),
    organization_id: world.a.org.id,
    member_id: technician.membershipId,
    day: today,
    checked_in_at: new Date(),
  });
  const users = await world.db.query.user.findFirst({
    where: (row, { eq: is }) => is(row.id, technician.userId),
  });
  return {
    input: { from_date: today, to_date: today, technician_user_id: technician.userId },
    traces: [users!.name],
    state: () =>
      world.db
        .select()
        .from(technicianAttendance)
        .where(eq(technicianAttendance.member_id, technician.membershipId)),
    owner: 'partner' as const,
    rightful: 'SERVICE_PARTNER' as const,
  };
}

export const reportFixtures: FixtureRegistry = {
  [GetAmcRenewalDueReport.name]: {
    async arrange(world) {
      // A's contract due for renewal, on an AMC type of its own: the report filtered by the type
      // reads it alone; B's owner reads none of A's (partners' and dealers' menus lack the report).
      const { contract, state } = await dueContractOfA(world);
      return {
        input: { amc_type_id: contract.amc_type_id },
        traces: [contract.contract_number, contract.customer_name],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
  [ListAttendanceHistory.name]: { arrange: partnerTechnicianCheckedIn },
  [GetAttendanceSummary.name]: { arrange: partnerTechnicianCheckedIn },
  [GetDailyUserReport.name]: {
    async arrange(world) {
      const { row, state } = await ticketOfA(world, 'dealer', {
        state: 'CLOSED',
        partner_party_id: world.a.partner.id,
        created_by: world.a.members.OWNER.userId,
      });
      // Filtered to a territory of A's that holds this ticket alone: A's owner raised and closed it
      // today; B has none of A's.
      const territoryId = await territoryOfItsOwn(world, row.id);
      const today = dayIn('Asia/Kolkata');
      return {
        input: { from_date: today, to_date: today, territory_id: territoryId },
        traces: ['"created":1,"assigned":0,"closed":1'],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
  [GetTicketAgingReport.name]: {
    async arrange(world) {
      const { state } = await dealerTicketOfA(world, 'ASSIGNED');
      return {
        input: { group_by: 'PARTNER' },
        traces: [world.a.partner.name],
        state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [GetServiceTypeReport.name]: {
    async arrange(world) {
      const { row, state } = await dealerTicketOfA(world, 'ASSIGNED');
      const type = await seedNamedMaster(world.db, 'serviceType', {
        organization_id: world.a.org.id,
        name: unique('Relocation '),
      });
      await world.db.update(ticket).set({ service_type_id: type.id }).where(eq(ticket.id, row.id));
      const today = dayIn('Asia/Kolkata');
      return {
        input: { from_date: today, to_date: today },
        traces: [type.name],
        state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [GetMonthlyTicketReport.name]: {
    async arrange(world) {
      const { row, state } = await dealerTicketOfA(world, 'CLOSED');
      // Filtered to a territory of A's that holds this ticket alone: A's owner reads its one closed
      // ticket; B has none of A's.
      const territoryId = await territoryOfItsOwn(world, row.id);
      return {
        input: { from_month: thisMonth(), to_month: thisMonth(), territory_id: territoryId },
        traces: ['"closed":1'],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
  [GetPartnersClosedTicketReport.name]: {
    async arrange(world) {
      await world.db
        .update(organization)
        .set({ is_enable_partners_monthly_closed_ticket_report_tab: true })
        .where(eq(organization.id, world.a.org.id));
      const { state } = await dealerTicketOfA(world, 'CLOSED');
      return {
        input: { from_month: thisMonth(), to_month: thisMonth() },
        traces: [world.a.partner.name],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
  [GetProductivityReport.name]: {
    async arrange(world) {
      const { row, state } = await dealerTicketOfA(world, 'CLOSED');
      const today = dayIn('Asia/Kolkata');
      // Filtered to a territory of A's that holds this ticket alone: A's owner reads its one closed
      // ticket; B has none of A's.
      const territoryId = await territoryOfItsOwn(world, row.id);
      return {
        input: { from_date: today, to_date: today, territory_id: territoryId },
        traces: ['"closed":1'],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
  [GetMonthlyUserReport.name]: {
    async arrange(world) {
      const { row, state } = await ticketOfA(world, 'dealer', {
        state: 'CLOSED',
        partner_party_id: world.a.partner.id,
        created_by: world.a.members.OWNER.userId,
      });
      // Filtered to a territory of A's that holds this ticket alone: A's owner raised and closed it;
      // B has none of A's.
      const territoryId = await territoryOfItsOwn(world, row.id);
      return {
        input: { from_month: thisMonth(), to_month: thisMonth(), territory_id: territoryId },
        traces: ['"created":1,"assigned":0,"closed":1'],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
  },
};
