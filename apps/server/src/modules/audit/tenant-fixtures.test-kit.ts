import { count, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/platform.ts';
import { writeAudit } from '../../platform/audit.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';

export const auditFixtures: FixtureRegistry = {
  // An entry of A, found by its operation: B's owner must not see it, and nothing may change it.
  List_Logs: {
    async arrange({ a, db }) {
      const marker = unique('FixtureOperation');
      await writeAudit(db, {
        organization_id: a.org.id,
        user_id: a.members.OWNER.userId,
        user_email: a.members.OWNER.email,
        operation: marker,
        target: a.org.id,
      });
      return {
        input: { operation: marker },
        traces: [marker],
        state: async () =>
          (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.operation, marker)))[0].n,
      };
    },
  },
};
