import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../graphql/caller.ts';

/**
 * The one place where tenant data is scoped (ARCHITECTURE.md "Data"): every query of a tenant
 * table filters by the caller's current organization through `inOrganization`, and data that
 * belongs to a party (a service partner's or a dealer's) through `inPartyOf` as well.
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
