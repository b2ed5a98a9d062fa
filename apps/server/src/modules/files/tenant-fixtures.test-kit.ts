import { count, eq } from 'drizzle-orm';
import { storedFile } from '../../db/schema/files.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';

// Files of organization A, for the walls of graphql/permission-matrix.test.ts.

export const fileFixtures: FixtureRegistry = {
  GenerateS3Url: {
    async arrange({ a, db }) {
      return {
        input: {
          file_purpose: 'SERVICE_FILE',
          file_name: 'manual.pdf',
          file_type: 'application/pdf',
          file_size: 2048,
        },
        // The answer of an intruder's call is an upload of their own: only A's id may not show.
        traces: [a.org.id],
        state: async () =>
          (
            await db.select({ n: count() }).from(storedFile).where(eq(storedFile.organization_id, a.org.id))
          )[0].n,
      };
    },
  },
  GetPresignedUrl: {
    async arrange(world) {
      const cookie = await world.cookieOf(world.a.members.OWNER.email);
      const upload = await uploadFile(world.app, cookie, {
        name: 'manual.pdf',
        type: 'application/pdf',
        body: SAMPLE_FILES.pdf,
      });
      return {
        input: { s3_key: upload.s3_key },
        traces: [upload.s3_key],
        state: () => world.db.select().from(storedFile).where(eq(storedFile.key, upload.s3_key)),
      };
    },
  },
};
