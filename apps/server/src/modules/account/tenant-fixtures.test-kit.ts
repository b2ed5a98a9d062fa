import { count, eq } from 'drizzle-orm';
import { session, user } from '../../db/schema/identity.ts';
import { addTestMember } from '../../test/organizations.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';

/** The account operations aimed at organization A (graphql/permission-matrix.test.ts). */
export const accountFixtures: FixtureRegistry = {
  // Asking about A's owner by email: only A's owner may.
  Get_Current_User_Details: {
    async arrange({ a, db }) {
      return {
        input: { user_email_id: a.members.OWNER.email },
        traces: [a.org.id, a.members.OWNER.userId],
        state: () => db.select().from(user).where(eq(user.id, a.members.OWNER.userId)),
      };
    },
  },
  GetAllMyOrganizations: {
    async arrange({ a, db }) {
      return {
        input: { user_email_id: a.members.OWNER.email },
        traces: [a.org.id],
        state: () => db.select().from(user).where(eq(user.id, a.members.OWNER.userId)),
      };
    },
  },
  // Switching into A: only a member of A may; the rightful caller is a person of B and A.
  UpdateUserDetails: {
    async arrange({ a, b, db }) {
      const inB = await addTestMember(db, { organizationId: b.org.id, role: 'ADMIN' });
      await addTestMember(db, { organizationId: a.org.id, role: 'ADMIN', email: inB.email });
      return {
        input: (caller) => ({
          updater_user_id: caller.userId,
          organization_id: caller.organizationId,
          is_switch_between_organization: 'true',
          new_organization_id: a.org.id,
        }),
        traces: [],
        state: async () =>
          (await db.select({ n: count() }).from(session).where(eq(session.activeOrganizationId, a.org.id)))[0]
            .n,
        rightful: { userId: inB.userId, email: inB.email, organizationId: b.org.id },
      };
    },
  },
};
