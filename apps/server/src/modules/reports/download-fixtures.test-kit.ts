import { count, eq } from 'drizzle-orm';
import { ListReportDownloads, RequestReportDownload } from '@fieldport/contract/operations/report-downloads';
import { reportDownload } from '../../db/schema/reports.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { seedTerritory } from '../../db/seed/territories.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld } from '../../test/tenant-fixture.ts';

// Download Reports for the walls of graphql/permission-matrix.test.ts: a download of organization A
// (its parameters name A's territory), which B's owner must neither see nor ask for.

async function territoryOfA(world: FixtureWorld) {
  const name = unique('Download territory ');
  const category = await seedNamedMaster(world.db, 'territoryCategory', {
    organization_id: world.a.org.id,
    name,
  });
  return seedTerritory(world.db, {
    organization_id: world.a.org.id,
    name,
    territory_category_id: category.id,
    pincodes: [],
  });
}

const downloadsOfA = (world: FixtureWorld) => async () =>
  (
    await world.db
      .select({ n: count() })
      .from(reportDownload)
      .where(eq(reportDownload.organization_id, world.a.org.id))
  )[0].n;

export const reportDownloadFixtures: FixtureRegistry = {
  [ListReportDownloads.name]: {
    async arrange(world) {
      const territory = await territoryOfA(world);
      const asked = (await world.asOwner(RequestReportDownload, {
        kind: 'CLOSED_TICKETS',
        territory_id: territory.id,
      })) as { download_id: string };
      return {
        input: {},
        traces: [asked.download_id, territory.name],
        state: downloadsOfA(world),
      };
    },
  },
  [RequestReportDownload.name]: {
    probe: { kind: 'ACTIVE_TICKETS' },
    async arrange(world) {
      const territory = await territoryOfA(world);
      return {
        input: { kind: 'ACTIVE_TICKETS', territory_id: territory.id },
        traces: [territory.name],
        state: downloadsOfA(world),
      };
    },
  },
};
