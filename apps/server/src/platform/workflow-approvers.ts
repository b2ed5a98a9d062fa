import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  WORKFLOW_FALLBACK_ROLES,
  WORKFLOW_KIND_MODULES,
  WORKFLOW_KINDS,
  type WorkflowApprovers,
  type WorkflowKind,
  type WorkflowPerson,
} from '@fieldport/contract/operations/approvals';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { decideAccess, type CallerProfile } from '@fieldport/contract/permissions';
import { DESIGNATION_ROLES, ROLES, isDesignationRole, roleLabel, type Role } from '@fieldport/contract/roles';
import type { Db } from '../db/client.ts';
import { workflowDecision, workflowRequestLevel } from '../db/schema/approvals.ts';
import { member, user } from '../db/schema/identity.ts';
import { designation } from '../db/schema/platform.ts';
import type { Caller } from './caller.ts';
import { inOrganization, userOfMember } from './tenant.ts';

/**
 * Who approves (docs/approvals.md#who-approves), as SQL, so that the engine's decisions, the
 * "waiting for me" list, the mails and the settings' preview resolve a level to the same people.
 *
 * An approver of a request's current level is an active member of the organization's own staff
 * (no party), other than the requester, whom the level names (by user, designation or role) and
 * whose menu gives the APPROVE right on the kind's approvals screen (WORKFLOW_KIND_MODULES), as
 * `decideAccess` decides it for every operation. Nobody decides a level twice. When no named
 * approver is left to decide, the owner and admins decide it instead (the fallback), so that no
 * request is stranded.
 */

/** Per kind: the roles whose menu gives APPROVE without a designation, and the designations that give it. */
export interface ApproverRights {
  byKind: Record<WorkflowKind, { roles: Role[]; designationRoles: Role[]; designationIds: string[] }>;
}

/**
 * The rights of the caller's organization, from `decideAccess` itself: a role's default menu
 * without access control; with it, each active designation's modules for the designation roles.
 */
export async function loadApproverRights(db: Db, caller: Caller): Promise<ApproverRights> {
  const organization = caller.profile.organization;
  const designations = await db
    .select({ id: designation.id, accessing_module: designation.accessing_module })
    .from(designation)
    .where(and(eq(designation.organization_id, caller.organization.id), eq(designation.status, 'ACTIVE')));
  const profile = (
    user_type: Role,
    designation_id: string | null = null,
    accessing_module: AccessModule[] | null = null,
  ): CallerProfile => ({ user_type, designation_id, accessing_module, organization });
  const byKind = {} as ApproverRights['byKind'];
  for (const kind of WORKFLOW_KINDS) {
    const access = { module: WORKFLOW_KIND_MODULES[kind], right: 'APPROVE' } as const;
    const allows = (p: CallerProfile) => decideAccess(access, p).allowed;
    const roles = ROLES.filter((role) => !isDesignationRole(role) && allows(profile(role)));
    if (organization.is_access_control_enable) {
      byKind[kind] = {
        roles,
        designationRoles: [...DESIGNATION_ROLES],
        // With access control the designation alone builds a designation role's menu: any of
        // those roles stands for all of them.
        designationIds: designations
          .filter((row) => allows(profile('MANAGER', row.id, row.accessing_module)))
          .map((row) => row.id),
      };
    } else {
      byKind[kind] = {
        roles,
        designationRoles: DESIGNATION_ROLES.filter((role) => allows(profile(role, 'designation'))),
        // A designation role without an active designation is refused everything.
        designationIds: designations.map((row) => row.id),
      };
    }
  }
  return { byKind };
}

// ---------------------------------------------------------------------------------------------
// References to rows inside the SQL below. The names are written out: inside subqueries drizzle
// would leave a one-table query's columns unqualified.

const column = (alias: string, name: string) => sql.raw(`"${alias}"."${name}"`);

interface MemberRef {
  id: SQL;
  organization_id: SQL;
  user_id: SQL;
  role: SQL;
  status: SQL;
  designation_id: SQL;
  party_id: SQL;
}

/** The member table's row under `alias` (the table's own name by default). */
export function memberRef(alias = 'member'): MemberRef {
  const of = (name: string) => column(alias, name);
  return {
    id: of('id'),
    organization_id: of('organization_id'),
    user_id: of('user_id'),
    role: of('role'),
    status: of('status'),
    designation_id: of('designation_id'),
    party_id: of('party_id'),
  };
}

interface RequestRef {
  id: SQL;
  organization_id: SQL;
  kind: SQL;
  state: SQL;
  current_level: SQL;
  requester_member_id: SQL;
}

/** The workflow_request row of the query. */
export function requestRef(alias = 'workflow_request'): RequestRef {
  const of = (name: string) => column(alias, name);
  return {
    id: of('id'),
    organization_id: of('organization_id'),
    kind: of('kind'),
    state: of('state'),
    current_level: of('current_level'),
    requester_member_id: of('requester_member_id'),
  };
}

const list = (values: readonly string[]) =>
  values.length
    ? sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )
    : null;

/** The member's menu gives APPROVE on the kind's approvals screen. */
function mayApproveKind(rights: ApproverRights, kind: WorkflowKind, m: MemberRef): SQL {
  const { roles, designationRoles, designationIds } = rights.byKind[kind];
  const roleList = list(roles);
  const designationRoleList = list(designationRoles);
  const designationList = list(designationIds);
  const conditions: SQL[] = [];
  if (roleList) conditions.push(sql`${m.role} in (${roleList})`);
  if (designationRoleList && designationList) {
    conditions.push(
      sql`(${m.role} in (${designationRoleList}) and ${m.designation_id} in (${designationList}))`,
    );
  }
  return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
}

/** The same, for the request's own kind. */
function mayApproveRequestKind(rights: ApproverRights, m: MemberRef, r: RequestRef): SQL {
  return sql`(${sql.join(
    WORKFLOW_KINDS.map((kind) => sql`(${r.kind} = ${kind} and ${mayApproveKind(rights, kind, m)})`),
    sql` or `,
  )})`;
}

/** An active member of the organization's own staff (no party) who did not raise the request. */
function staffOtherThanRequester(m: MemberRef, r: RequestRef): SQL {
  return sql`(${m.organization_id} = ${r.organization_id} and ${m.status} = 'ACTIVE' and ${m.party_id} is null and ${m.id} <> ${r.requester_member_id})`;
}

/** The request's current level names the member: by user, by designation or by role. */
function namedAtCurrentLevel(m: MemberRef, r: RequestRef): SQL {
  return sql`exists (select 1 from ${workflowRequestLevel} lvl
    where lvl.organization_id = ${r.organization_id} and lvl.request_id = ${r.id} and lvl.level = ${r.current_level}
      and (${m.user_id} = any(lvl.user_ids) or ${m.designation_id} = any(lvl.designation_ids) or ${m.role} = any(lvl.roles)))`;
}

/** The member decided the request's current level already. */
function decidedAtCurrentLevel(m: MemberRef, r: RequestRef): SQL {
  return sql`exists (select 1 from ${workflowDecision} dec
    where dec.organization_id = ${r.organization_id} and dec.request_id = ${r.id}
      and dec.level = ${r.current_level} and dec.member_id = ${m.id})`;
}

/** Active staff the current level names, with or without the right to approve (to tell the caller why not). */
export function namedAtLevel(m: MemberRef, r: RequestRef): SQL {
  return sql`(${staffOtherThanRequester(m, r)} and ${namedAtCurrentLevel(m, r)})`;
}

/** A named approver of the current level, whether or not they decided it yet. */
export function namedApprover(rights: ApproverRights, m: MemberRef, r: RequestRef): SQL {
  return sql`(${namedAtLevel(m, r)} and ${mayApproveRequestKind(rights, m, r)})`;
}

/**
 * Some named approver of the current level has not decided it yet. False when the level names
 * nobody who can approve, or when all of them decided (under ALL, after one of them left): then
 * the owner and admins decide it.
 */
export function undecidedNamedApproverExists(rights: ApproverRights, r: RequestRef): SQL {
  const other = memberRef('other');
  return sql`exists (select 1 from ${member} other
    where ${namedApprover(rights, other, r)} and not ${decidedAtCurrentLevel(other, r)})`;
}

/**
 * The member may decide the request's current level now: the request is pending, the member has
 * not decided this level, and is either a named approver of it, or an owner or admin when no named
 * approver is left to decide it (docs/approvals.md#who-approves).
 */
export function currentDecider(rights: ApproverRights, m: MemberRef, r: RequestRef): SQL {
  const fallbackRoles = list(WORKFLOW_FALLBACK_ROLES)!;
  return sql`(${r.state} = 'PENDING' and ${staffOtherThanRequester(m, r)} and not ${decidedAtCurrentLevel(m, r)}
    and ${mayApproveRequestKind(rights, m, r)}
    and (${namedAtCurrentLevel(m, r)}
      or (${m.role} in (${fallbackRoles}) and not ${undecidedNamedApproverExists(rights, r)})))`;
}

/** The calling member may decide the request of the query now (ListWorkFlows' can_decide). */
export function callerDecides(rights: ApproverRights, caller: Caller, r: RequestRef = requestRef()): SQL {
  const me = memberRef('me');
  return sql`exists (select 1 from ${member} me where me.id = ${caller.membership.id} and ${currentDecider(rights, me, r)})`;
}

// ---------------------------------------------------------------------------------------------
// A level before any request: the settings' preview.

interface NamedApprovers {
  designation_ids: string[];
  user_ids: string[];
  roles: Role[];
}

/** Active members of the organization's own staff matching `where`, with whether `eligible` holds. */
function staff(db: Db, caller: Caller, where: SQL | undefined, eligible: SQL = sql`true`) {
  return db
    .select({
      user_id: user.id,
      user_name: user.name,
      user_type: member.role,
      designation_name: designation.name,
      eligible: sql<boolean>`${eligible}`,
    })
    .from(member)
    .innerJoin(user, userOfMember())
    .leftJoin(
      designation,
      and(eq(designation.id, member.designation_id), eq(designation.organization_id, member.organizationId)),
    )
    .where(
      and(
        eq(member.organizationId, caller.organization.id),
        eq(member.status, 'ACTIVE'),
        isNull(member.party_id),
        where,
      ),
    )
    .orderBy(user.name, user.id);
}

function toPerson(row: {
  user_id: string;
  user_name: string;
  user_type: string;
  designation_name: string | null;
}): WorkflowPerson {
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    user_type: row.user_type as Role,
    designation_name: row.designation_name,
  };
}

/** The active owner and admins: who decides when nobody named can (docs/approvals.md#who-approves). */
export async function fallbackApprovers(db: Db, caller: Caller): Promise<WorkflowPerson[]> {
  const rows = await staff(db, caller, inArray(member.role, [...WORKFLOW_FALLBACK_ROLES]));
  return rows.map(toPerson);
}

/**
 * Who a level naming `named` resolves to now for `kind`: the active staff it names who may approve,
 * the owner and admins when none may, and the named ones left out with why.
 */
export async function previewLevel(
  db: Db,
  caller: Caller,
  rights: ApproverRights,
  kind: WorkflowKind,
  named: NamedApprovers,
) {
  const naming = or(
    named.user_ids.length ? inArray(member.userId, named.user_ids) : undefined,
    named.designation_ids.length ? inArray(member.designation_id, named.designation_ids) : undefined,
    named.roles.length ? inArray(member.role, named.roles) : undefined,
  );
  const rows = naming ? await staff(db, caller, naming, mayApproveKind(rights, kind, memberRef())) : [];
  const approvers = rows.filter((row) => row.eligible).map(toPerson);
  const left_out = rows
    .filter((row) => !row.eligible)
    .map((row) => ({
      ...toPerson(row),
      reason: `${roleLabel(row.user_type as Role)}${row.designation_name ? ` (${row.designation_name})` : ''} does not have the Approve right on '${WORKFLOW_KIND_MODULES[kind]}'`,
    }));
  const falls_back = approvers.length === 0;
  return {
    approvers: falls_back ? await fallbackApprovers(db, caller) : approvers,
    falls_back,
    left_out,
  };
}

/** What a level names, as stored in a workflow or in a request. */
interface NamedApprovers {
  designation_ids: string[];
  user_ids: string[];
  roles: Role[];
}

/**
 * The names of the designations and people that levels name, read once for all of them, and a
 * function giving each level's approvers as the screens show them. Only the organization's own
 * designations and members are named; an id that no longer resolves is left out.
 */
export async function approverNames(
  db: Db,
  caller: Caller,
  levels: NamedApprovers[],
): Promise<(level: NamedApprovers) => WorkflowApprovers> {
  const designationIds = [...new Set(levels.flatMap((level) => level.designation_ids))];
  const userIds = [...new Set(levels.flatMap((level) => level.user_ids))];
  const designations = designationIds.length
    ? await db
        .select({ id: designation.id, name: designation.name })
        .from(designation)
        .where(and(inOrganization(designation, caller), inArray(designation.id, designationIds)))
    : [];
  const people = userIds.length
    ? await db
        .select({ id: user.id, name: user.name })
        .from(member)
        .innerJoin(user, userOfMember())
        .where(and(eq(member.organizationId, caller.organization.id), inArray(member.userId, userIds)))
    : [];
  const designationName = new Map(designations.map((row) => [row.id, row.name]));
  const personName = new Map(people.map((row) => [row.id, row.name]));
  return (level) => ({
    designations: level.designation_ids.flatMap((id) =>
      designationName.has(id) ? [{ designation_id: id, designation_name: designationName.get(id)! }] : [],
    ),
    users: level.user_ids.flatMap((id) =>
      personName.has(id) ? [{ user_id: id, user_name: personName.get(id)! }] : [],
    ),
    roles: level.roles,
  });
}
