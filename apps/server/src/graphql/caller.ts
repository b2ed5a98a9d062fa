import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import type { Role } from '@fieldport/contract/roles';
import { buildMenu, type MenuResult } from '@fieldport/contract/menus';
import type { CallerProfile } from '@fieldport/contract/permissions';
import type { AccessModule } from '@fieldport/contract/operations/account';
import type { Db } from '../db/client.ts';
import { member, organization, user } from '../db/schema/identity.ts';
import { designation, party } from '../db/schema/platform.ts';
import type { Identity } from '../auth/identity.ts';
import { forbidden, notFound, unauthenticated } from '../platform/errors.ts';

/** Everything the server knows about the person making a request, in their current organization. */
export interface Caller {
  sessionId: string;
  user: { id: string; name: string; email: string };
  membership: { id: string; role: Role; designation_id: string | null; party_id: string | null };
  organization: typeof organization.$inferSelect;
  party: typeof party.$inferSelect | null;
  designation: { id: string; name: string; accessing_module: AccessModule[] } | null;
  /** What decides access (packages/contract/src/permissions.ts); the menu is built from it. */
  profile: CallerProfile;
  menu: MenuResult;
}

function buildCallerQuery(db: Db) {
  return db
    .select({
      member,
      organization,
      party,
      designation,
      user: { id: user.id, name: user.name, email: user.email },
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, and(eq(party.id, member.party_id), eq(party.organization_id, member.organizationId)))
    .leftJoin(
      designation,
      and(eq(designation.id, member.designation_id), eq(designation.organization_id, member.organizationId)),
    )
    .where(
      and(
        eq(member.organizationId, sql.placeholder('organizationId')),
        eq(member.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('resolve_caller');
}

// Every request resolves its caller: the query is built (and on PostgreSQL planned) once per
// database handle instead of once per request (bench/current-user.bench.ts measures it).
const preparedCallerQueries = new WeakMap<Db, ReturnType<typeof buildCallerQuery>>();
function callerQuery(db: Db) {
  let prepared = preparedCallerQueries.get(db);
  if (!prepared) {
    prepared = buildCallerQuery(db);
    preparedCallerQueries.set(db, prepared);
  }
  return prepared;
}

/**
 * Resolves the caller from the session cookie, refusing (with the messages of SPEC section 8) a
 * signed-out request, a temporary password not yet changed, a missing membership and a suspended
 * organization, party or membership. Every operation passes through here.
 */
export async function resolveCaller(identity: Identity, db: Db, request: FastifyRequest): Promise<Caller> {
  const session = await identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) throw unauthenticated(MSG.signInRequired);
  const sessionUser = session.user as typeof session.user & { mustChangePassword?: boolean };
  if (sessionUser.mustChangePassword) throw forbidden(MSG.mustChangePassword);
  const organizationId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId;
  if (!organizationId) throw notFound(MSG.userNotFound);

  const [row] = await callerQuery(db).execute({ organizationId, userId: session.user.id });

  if (!row || row.member.status === 'INVALID' || row.member.status === 'PENDING')
    throw notFound(MSG.userNotFound);
  if (row.organization.status !== 'ACTIVE') throw forbidden(MSG.organizationSuspended);
  if (row.member.status !== 'ACTIVE' || row.party?.status === 'SUSPENDED')
    throw forbidden(MSG.membershipSuspended);

  const role = row.member.role as Role;
  const activeDesignation = row.designation && row.designation.status === 'ACTIVE' ? row.designation : null;
  const profile: CallerProfile = {
    user_type: role,
    designation_id: activeDesignation?.id ?? null,
    accessing_module: activeDesignation?.accessing_module ?? null,
    organization: organizationDetails(row.organization),
    dealer: row.party?.kind === 'DEALER' ? dealerFlags(row.party) : undefined,
  };
  return {
    sessionId: session.session.id,
    user: row.user,
    membership: {
      id: row.member.id,
      role,
      designation_id: activeDesignation?.id ?? null,
      party_id: row.member.party_id,
    },
    organization: row.organization,
    party: row.party,
    designation: activeDesignation
      ? {
          id: activeDesignation.id,
          name: activeDesignation.name,
          accessing_module: activeDesignation.accessing_module,
        }
      : null,
    profile,
    menu: buildMenu(profile),
  };
}

export function organizationDetails(row: typeof organization.$inferSelect) {
  return {
    organization_name: row.name,
    organization_logo_url: row.logo ?? null,
    enable_credits_recharge: row.enable_credits_recharge,
    is_access_control_enable: row.is_access_control_enable,
    is_enable_partners_monthly_closed_ticket_report_tab:
      row.is_enable_partners_monthly_closed_ticket_report_tab,
  };
}

export function dealerFlags(row: typeof party.$inferSelect) {
  return {
    is_report_tab_visible: row.is_report_tab_visible,
    is_product_fleet_tab_visible: row.is_product_fleet_tab_visible,
    is_customer_tab_visible: row.is_customer_tab_visible,
    enable_service_co_ordinators_tab: row.enable_service_co_ordinators_tab,
    enable_representatives_tab: row.enable_representatives_tab,
  };
}
