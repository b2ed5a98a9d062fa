import { eq } from 'drizzle-orm';
import { organization } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';

/** The smallest PNG: a 1x1 transparent pixel. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Organization settings act on the caller's own organization: B's owner must not reach A's. */
export const organizationFixtures: FixtureRegistry = {
  GetOrganizationSettings: {
    async arrange({ a, db }) {
      return {
        input: {},
        traces: [a.org.id],
        state: () => db.select().from(organization).where(eq(organization.id, a.org.id)),
      };
    },
  },
  UpdateOrganizationSettings: {
    async arrange({ a, db }) {
      return {
        input: { organization_name: unique('Renamed org ') },
        traces: [a.org.id],
        state: () => db.select().from(organization).where(eq(organization.id, a.org.id)),
      };
    },
  },
  UpdateOrganizationLogo: {
    async arrange({ a, db }) {
      return {
        input: { logo: { content_type: 'image/png', file_data: TINY_PNG_BASE64 } },
        traces: [a.org.id],
        state: () => db.select().from(organization).where(eq(organization.id, a.org.id)),
      };
    },
  },
  ListDealerFlags: {
    async arrange({ a, db }) {
      return {
        input: { search: a.dealer.name },
        traces: [a.dealer.id, a.dealer.name],
        state: () => db.select().from(party).where(eq(party.id, a.dealer.id)),
        owner: 'dealer',
      };
    },
  },
  UpdateDealerFlags: {
    async arrange({ a, db }) {
      const [dealer] = await db.select().from(party).where(eq(party.id, a.dealer.id));
      return {
        // The opposite of what it is, so that the rightful call changes it.
        input: { party_id: a.dealer.id, is_report_tab_visible: !dealer.is_report_tab_visible },
        traces: [a.dealer.id, a.dealer.name],
        state: () => db.select().from(party).where(eq(party.id, a.dealer.id)),
        owner: 'dealer',
      };
    },
  },
};
