import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { member, user } from '../db/schema/identity.ts';
import { party } from '../db/schema/platform.ts';
import type { Caller } from './caller.ts';

/**
 * The one place where tenant data is scoped (docs/architecture.md#data): every query of a tenant
 * table filters by the caller's current organization through `inOrganization`, and data that
 * belongs to a party (a service partner's or a dealer's) through `inPartyOf` as well. Memberships
 * (better-auth's member table) are scoped by `membersOf`, and reach their user and party through
 * `userOfMember` and `partyOfMember`.
 */
export function inOrganization(table: { organization_id: PgColumn }, caller: Caller): SQL {
  return eq(table.organization_id, caller.organization.id);
}

/**
 * For partner and dealer users, only their own party's rows; organization staff see every party's.
 * `party_id` is the column that names the owning party (null: the organization's own).
 */
export function inPartyOf(table: { organization_id: PgColumn; party_id: PgColumn }, caller: Caller): SQL {
  const organization = inOrganization(table, caller);
  return caller.party ? and(organization, eq(table.party_id, caller.party.id))! : organization;
}

/** The memberships of the caller's organization (better-auth's member table: `organizationId`). */
export function membersOf(caller: Caller): SQL {
  return eq(member.organizationId, caller.organization.id);
}

/** Joins a membership to its user: `.innerJoin(user, userOfMember())`. */
export function userOfMember(): SQL {
  return eq(user.id, member.userId);
}

/**
 * Joins a membership to its party, only a party of the member's own organization:
 * `.leftJoin(party, partyOfMember())` (null for the organization's own people).
 */
export function partyOfMember(): SQL {
  return and(eq(party.id, member.party_id), eq(party.organization_id, member.organizationId))!;
}
