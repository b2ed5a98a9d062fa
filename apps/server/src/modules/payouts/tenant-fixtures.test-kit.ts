import { costConfigurations, PriceUnpricedTickets } from '@fieldport/contract/operations/payouts';
import { costConfiguration } from '../../db/schema/payouts.ts';
import { newId } from '../../db/ids.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';
import { payoutInvoiceFixtures } from './payout-fixtures.test-kit.ts';
import { masterFixtures, type FixtureRegistry, type TenantFixture } from '../../test/tenant-fixture.ts';

// Rate cards of organization A for the walls of graphql/permission-matrix.test.ts. Each is for A's
// service partner, so that another partner's users must be kept out as well as organization B's
// owner; only A's staff may call the operations (the partner's menu has no Cost Configuration).
let year = 2100;
const rateCards = masterFixtures(costConfigurations, async (world) => {
  // Each fixture's card a year of its own, so that no two of them clash (a rename keeps it).
  year += 1;
  const days = { valid_from: `${year}-01-01`, valid_until: `${year}-12-31` };
  return (name) => ({
    cost_configuration_name: name,
    party_id: world.a.partner.id,
    amount_paise: 45_000,
    ...days,
  });
});

export const payoutFixtures: FixtureRegistry = {
  ...payoutInvoiceFixtures,
  ...Object.fromEntries(
    Object.entries(rateCards).map(([name, fixture]): [string, TenantFixture] => [
      name,
      'arrange' in fixture
        ? { ...fixture, arrange: async (world) => ({ ...(await fixture.arrange(world)), owner: 'partner' }) }
        : fixture,
    ]),
  ),
  // A closed ticket of A's partner that no card priced, and a card of A's that would price it now:
  // only A's staff may price it.
  [PriceUnpricedTickets.name]: {
    async arrange(world) {
      const { row, state } = await ticketOfA(world, 'partner', { state: 'CLOSED' });
      // Written directly: the century before the other fixtures' cards, so it clashes with none of theirs.
      await world.db.insert(costConfiguration).values({
        id: newId(),
        organization_id: world.a.org.id,
        name: `Fixture ${newId()}`,
        party_id: world.a.partner.id,
        amount_paise: 40_000,
        valid_from: '2000-01-01',
        valid_until: '2099-12-31',
      });
      return {
        input: { party_id: world.a.partner.id },
        traces: [row.id, row.ticket_number],
        state,
        owner: 'partner',
      };
    },
  },
};
