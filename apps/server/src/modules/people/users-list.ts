import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { StatusFilter } from '@fieldport/contract/lists';
import {
  List_Representatives,
  List_Users,
  REPRESENTATIVE_GROUPS,
  USER_GROUPS,
  USER_STATUS_LABELS,
  formatPhone,
  type PartyKind,
  type UserGroup,
  type UserItem,
} from '@fieldport/contract/operations/people';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { designation, party } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { containsPattern, defineList, type ExportColumn, type TenantTable } from '../../platform/lists.ts';
import { knownHere } from './member-rules.ts';
import { authorizeGroup, groupCondition } from './user-groups.ts';
import { partyOfMember, userOfMember } from '../../platform/tenant.ts';

/**
 * The people lists (List_Users, List_Representatives): memberships of the caller's organization
 * joined to the person, the party and the designation, filtered by the screen's group in SQL.
 * A partner's or dealer's user sees their own party's members only.
 */

const select = {
  id: member.id,
  user_id: user.id,
  name: user.name,
  email: user.email,
  must_change_password: user.mustChangePassword,
  phone_number: member.phone_number,
  role: member.role,
  status: member.status,
  designation_id: member.designation_id,
  designation_name: designation.name,
  party_id: member.party_id,
  party_name: party.name,
  party_kind: party.kind,
  invited_at: member.invited_at,
  created_at: member.createdAt,
};

type Row = SelectResultFields<typeof select>;

function toItem(row: Row): UserItem {
  const known = knownHere(row.status, { name: row.name, email: row.email, phone: row.phone_number });
  return {
    user_id: row.user_id,
    user_name: known.name,
    user_email_id: row.email,
    user_phone_number: known.phone,
    user_type: row.role as Role,
    user_status: row.status,
    // Left joins: drizzle types their columns as present; a membership may have neither.
    designation_id: row.designation_id,
    designation_name: row.designation_name ?? null,
    party_id: row.party_id,
    party_name: row.party_name ?? null,
    party_kind: row.party_kind ?? null,
    invitation_pending: row.status === 'PENDING' || row.must_change_password,
    invited_on: row.invited_at?.toISOString() ?? null,
    user_created_on: row.created_at.toISOString(),
  };
}

const exportColumns: ExportColumn<UserItem>[] = [
  { header: 'Name', width: 28, value: (item) => item.user_name },
  { header: 'Email', width: 34, value: (item) => item.user_email_id },
  { header: 'Phone', width: 18, value: (item) => formatPhone(item.user_phone_number) },
  { header: 'Role', width: 22, value: (item) => roleLabel(item.user_type) },
  { header: 'Designation', width: 22, value: (item) => item.designation_name ?? '' },
  { header: 'Service partner / dealer', width: 28, value: (item) => item.party_name ?? '' },
  { header: 'Status', width: 12, value: (item) => USER_STATUS_LABELS[item.user_status] },
  { header: 'Invitation pending', width: 12, value: (item) => (item.invitation_pending ? 'Yes' : 'No') },
  {
    header: 'Added on',
    width: 20,
    numFmt: 'dd-mmm-yyyy hh:mm',
    value: (item) => new Date(item.user_created_on),
  },
];

const sort = {
  user_name: sql`lower(${user.name})`,
  user_email_id: user.email,
  user_type: member.role,
  user_status: member.status,
  designation_name: sql`lower(${designation.name})`,
  party_name: sql`lower(${party.name})`,
  user_created_on: member.createdAt,
};

/**
 * A search term in the person's name or email, the member's phone or the party's name, each
 * through its trigram index (user_name_trgm, user_email_trgm, member_phone_trgm, party_name_trgm).
 */
function searchMembers(term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(
    sql`${member.userId} in (select ${user.id} from ${user} where ${user.email} ilike ${pattern})`,
    // A pending member's name is not this organization's to search.
    sql`(${member.status} <> 'PENDING' and ${member.userId} in (select ${user.id} from ${user} where ${user.name} ilike ${pattern}))`,
    // Numbers are stored +91...: only a term with a digit can be part of one.
    /\d/.test(term) ? sql`${member.phone_number} ilike ${pattern}` : undefined,
    // Uncorrelated, so that PostgreSQL hashes the few matching parties once (ids are unique
    // across organizations; the member is scoped to the caller's already).
    sql`${member.party_id} in (select ${party.id} from ${party} where ${party.name} ilike ${pattern})`,
  );
}

const base = {
  // better-auth's member table spells its organization column organizationId.
  table: member as unknown as TenantTable,
  organizationColumn: member.organizationId,
  select,
  join: (query: PgSelect) =>
    // Inner: a page by name can then walk user_name_lower_idx and stop after LIMIT members.
    query
      .innerJoin(user, userOfMember())
      .leftJoin(party, partyOfMember())
      .leftJoin(
        designation,
        and(
          eq(designation.id, member.designation_id),
          eq(designation.organization_id, member.organizationId),
        ),
      ),
  search: searchMembers,
  // Every condition reads member's own columns (search and party kind through subqueries), so
  // total_count is counted on member alone, on member_organization_role_idx.
  count: 'table' as const,
  // An organization's members are few beside its tickets: All Search's six people screens read a
  // term's members once (platform/lists.ts firstPages).
  fewMatches: true,
  sort,
  toItem,
};

/** The rows of a group, with the list's own filters; a party's users see their own party's. */
function groupFilters(
  group: UserGroup,
  caller: Caller,
  values: { status: StatusFilter; user_type?: Role; party_id?: string },
) {
  return [
    groupCondition(group),
    caller.party ? eq(member.party_id, caller.party.id) : undefined,
    !group.invalid && values.status !== 'ALL' ? eq(member.status, values.status) : undefined,
    values.user_type ? eq(member.role, values.user_type) : undefined,
    values.party_id ? eq(member.party_id, values.party_id) : undefined,
  ];
}

export const listUsers = defineList(List_Users, {
  ...base,
  authorize: (input, caller) => authorizeGroup(caller, USER_GROUPS[input.user_group], 'VIEW'),
  filters: (input, caller) => groupFilters(USER_GROUPS[input.user_group], caller, input),
  export: { title: 'Users', columns: exportColumns },
});

const representatives = (kind: PartyKind) => USER_GROUPS[REPRESENTATIVE_GROUPS[kind]];

export const listRepresentatives = defineList(List_Representatives, {
  ...base,
  authorize: (input, caller) => authorizeGroup(caller, representatives(input.party_kind), 'VIEW'),
  filters: (input, caller) => groupFilters(representatives(input.party_kind), caller, input),
  export: { title: 'Representatives', columns: exportColumns },
});

/** One membership as the lists show it (the answer of every change to a member). */
export async function readUser(db: Db, caller: Caller, membershipId: string): Promise<UserItem> {
  const item = await listUsers.list.findById(db, caller, membershipId);
  // The member was read or written in this transaction; not finding it would be our mistake.
  if (!item) throw new Error(`Membership ${membershipId} vanished`);
  return item;
}
