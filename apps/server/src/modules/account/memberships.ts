import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { member, organization } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { partyOfMember } from '../../platform/tenant.ts';

/** The organizations in which a person can work now: membership, organization and party all active. */
export async function activeOrganizationsOf(db: Db, userId: string) {
  return db
    .select({ organization_id: organization.id, organization_name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, partyOfMember())
    .where(
      and(
        eq(member.userId, userId),
        eq(member.status, 'ACTIVE'),
        eq(organization.status, 'ACTIVE'),
        or(isNull(party.id), ne(party.status, 'SUSPENDED')),
      ),
    )
    .orderBy(asc(organization.name));
}
