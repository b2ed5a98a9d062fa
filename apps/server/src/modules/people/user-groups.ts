import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import type { Right } from '@fieldport/contract/operation';
import {
  PARTY_OWNER_ROLE,
  partyKindsOf,
  type PartyKind,
  type UserGroup,
  type UserStatus,
} from '@fieldport/contract/operations/people';
import { staffRoleAbove } from '@fieldport/contract/permissions';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { member } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { authorize } from '../../graphql/authorize.ts';
import type { Caller } from '../../platform/caller.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * Who may use a people screen (docs/people.md#screens-are-user-groups). The operation's access lets
 * in callers with any people module; here the screen's own module must grant the right (the same
 * decideAccess as every operation), and a partner's or dealer's user may use only their kind of
 * party's screens, where their owner alone may change anything.
 */
export function authorizeGroup(caller: Caller, group: UserGroup, right: Right): void {
  authorize(caller, { module: group.modules, right });
  if (!caller.party) return;
  if (group.partyOwnerKind !== caller.party.kind) throw forbidden(MSG.forbiddenModule);
  if (right !== 'VIEW' && caller.membership.role !== PARTY_OWNER_ROLE[caller.party.kind]) {
    throw forbidden(`Only the owner of ${caller.party.name} can change its users.`);
  }
}

/**
 * Whether the group limits its roles to fewer kinds of party than the roles allow (the partner
 * representatives among all representatives): the list then filters by the party's kind.
 */
function narrowsPartyKind(group: UserGroup): boolean {
  return group.roles.some((role) =>
    partyKindsOf(role).kinds.some((kind) => !group.partyKinds.includes(kind)),
  );
}

/**
 * The members a group shows, as SQL over `member` alone (the kind of party through an uncorrelated
 * subquery, hashed once; party ids are unique across organizations), so that a list can count on
 * member's indexes without its joins.
 */
export function groupCondition(group: UserGroup): SQL {
  return and(
    inArray(member.role, [...group.roles]),
    group.invalid ? eq(member.status, 'INVALID') : ne(member.status, 'INVALID'),
    narrowsPartyKind(group)
      ? sql`${member.party_id} in (select ${party.id} from ${party} where ${party.kind} in ${group.partyKinds})`
      : undefined,
  )!;
}

/** The same rule for one member already read. */
export function inGroup(
  group: UserGroup,
  row: { role: Role; status: UserStatus; partyKind: PartyKind | null },
): boolean {
  if (!group.roles.includes(row.role)) return false;
  if (group.invalid !== (row.status === 'INVALID')) return false;
  return !narrowsPartyKind(group) || (row.partyKind !== null && group.partyKinds.includes(row.partyKind));
}

/**
 * The staff above the caller are guarded: only the owner changes the owner's membership, only the
 * owner or an admin an admin's, and nobody gives or changes a role ranked above their own (an RSM
 * neither makes nor demotes an NSM), so that the Users right cannot reach the people who manage
 * its holder (docs/people.md#who-may-grant-what).
 */
export function guardPrivileged(caller: Caller, targetRole: Role): void {
  const own = caller.membership.role;
  if (targetRole === 'OWNER' && own !== 'OWNER') {
    throw forbidden("Only the owner can change the owner's membership.");
  }
  if (targetRole === 'ADMIN' && own !== 'OWNER' && own !== 'ADMIN') {
    throw forbidden('Only the owner or an admin can change an admin.');
  }
  if (staffRoleAbove(targetRole, own)) {
    throw forbidden(
      `You cannot give or change the ${roleLabel(targetRole)} role: it is above your own (${roleLabel(own)}).`,
    );
  }
}
