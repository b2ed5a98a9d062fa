import { asc, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import type { Db } from '../db/client.ts';
import { member, organization, user } from '../db/schema/identity.ts';
import { party } from '../db/schema/platform.ts';
import { partyOfMember, userOfMember } from '../platform/tenant.ts';

type GateResult =
  { ok: true; organizationId: string } | { ok: false; status: 'NOT_FOUND' | 'FORBIDDEN'; message: string };

/**
 * Decides whether a person may have a session at all, and in which organization it starts: the
 * first organization (oldest membership) where organization, party and membership are all active.
 * With no membership: 'Not Found'; with memberships that are all suspended: 'Temporarily
 * Suspended' (docs/product.md#signing-in).
 */
export async function membershipGate(
  db: Db,
  where: { userId: string } | { email: string },
): Promise<GateResult> {
  const rows = await db
    .select({
      organizationId: member.organizationId,
      memberStatus: member.status,
      organizationStatus: organization.status,
      partyStatus: party.status,
    })
    .from(member)
    .innerJoin(user, userOfMember())
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, partyOfMember())
    .where('userId' in where ? eq(member.userId, where.userId) : eq(user.email, where.email))
    // Memberships made in one transaction share created_at (now() is the transaction's time): the
    // id (UUIDv7, monotonic in one process) keeps "the first organization" the same on every sign-in,
    // whatever order the rows are read in after an update of the organization.
    .orderBy(asc(member.createdAt), asc(member.id));
  // An invitation not yet accepted counts for nothing (docs/people.md#invitations).
  const usable = rows.filter((row) => row.memberStatus !== 'INVALID' && row.memberStatus !== 'PENDING');
  if (usable.length === 0) return { ok: false, status: 'NOT_FOUND', message: MSG.userNotFound };
  const active = usable.find(
    (row) =>
      row.memberStatus === 'ACTIVE' && row.organizationStatus === 'ACTIVE' && row.partyStatus !== 'SUSPENDED',
  );
  if (active) return { ok: true, organizationId: active.organizationId };
  const anyActiveMember = usable.some(
    (row) => row.memberStatus === 'ACTIVE' && row.partyStatus !== 'SUSPENDED',
  );
  return {
    ok: false,
    status: 'FORBIDDEN',
    message: anyActiveMember ? MSG.organizationSuspended : MSG.membershipSuspended,
  };
}
