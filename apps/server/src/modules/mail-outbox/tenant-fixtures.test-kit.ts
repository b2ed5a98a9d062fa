import { count, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/platform.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';

export const mailOutboxFixtures: FixtureRegistry = {
  // A mail kept for organization A: B's owner must not read it, and nothing may change it.
  ListOutboxMails: {
    async arrange({ app, a, db }) {
      const marker = unique('Fixture mail');
      await app.mailer.send({
        to: `customer.${marker.replace(/\W/g, '')}@test.local`,
        subject: marker,
        text: `Your closure code is 135790. ${marker}`,
        organizationId: a.org.id,
      });
      return {
        input: { search: marker },
        traces: [marker, '135790'],
        state: async () =>
          (await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.subject, marker)))[0].n,
      };
    },
  },
};
