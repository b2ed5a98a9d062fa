import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import type { Role } from '@fieldport/contract/roles';
import { buildMenu } from '@fieldport/contract/menus';
import type { CallerProfile } from '@fieldport/contract/permissions';
import type { Db } from '../db/client.ts';
import { member, organization, session, user } from '../db/schema/identity.ts';
import { designation, party } from '../db/schema/platform.ts';
import type { Identity } from '../auth/identity.ts';
import type { Caller } from '../platform/caller.ts';
import { forbidden, notFound, unauthenticated } from '../platform/errors.ts';
import { partyOfMember } from '../platform/tenant.ts';
import { noteCaller } from '../platform/request-log.ts';

/**
 * The session by its token, with its user, and the membership, organization, party and designation
 * it works in: everything a request needs to know who asks, in one statement (docs/security.md
 * "Identity"). Memberships and the rest are left joins, so that a missing one is told apart from a
 * missing session.
 */
function buildCallerQuery(db: Db) {
  return db
    .select({
      session: {
        id: session.id,
        expiresAt: session.expiresAt,
        activeOrganizationId: session.activeOrganizationId,
      },
      user: { id: user.id, name: user.name, email: user.email, mustChangePassword: user.mustChangePassword },
      member,
      organization,
      party,
      designation,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(
      member,
      and(eq(member.userId, session.userId), eq(member.organizationId, session.activeOrganizationId)),
    )
    .leftJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, partyOfMember())
    .leftJoin(
      designation,
      and(eq(designation.id, member.designation_id), eq(designation.organization_id, member.organizationId)),
    )
    .where(eq(session.token, sql.placeholder('token')))
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

/** What reading better-auth's session cookie needs, from its own settings. */
interface SessionCookieSettings {
  cookieName: string;
  secret: string;
  /** Seconds a session lives, and after how many seconds of it better-auth extends it. */
  expiresIn: number;
  updateAge: number;
}

const cookieSettings = new WeakMap<Identity, Promise<SessionCookieSettings>>();
function cookieSettingsOf(identity: Identity): Promise<SessionCookieSettings> {
  let settings = cookieSettings.get(identity);
  if (!settings) {
    settings = identity.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    }));
    cookieSettings.set(identity, settings);
  }
  return settings;
}

/**
 * Whether a Cookie header carries a session cookie that we signed: a hint that someone is signed in
 * on this browser (the session may have ended since), e.g. to preload the signed-in pages' code.
 */
export async function sessionCookieCheck(
  identity: Identity,
): Promise<(cookieHeader: string | undefined) => boolean> {
  const settings = await cookieSettingsOf(identity);
  return (cookieHeader) => signedSessionToken(cookieHeader, settings) !== null;
}

/**
 * The session token of a request's cookie when its signature is good, else null. The cookie is
 * better-auth's: `<token>.<base64 HMAC-SHA256 of the token with the secret>`, URL-encoded.
 */
function signedSessionToken(cookieHeader: string | undefined, settings: SessionCookieSettings) {
  if (!cookieHeader) return null;
  let value: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === settings.cookieName) {
      value = part.slice(at + 1).trim();
      break;
    }
  }
  if (!value) return null;
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  if (encoded.length !== 44) return null;
  const signature = Buffer.from(encoded, 'base64');
  const expected = createHmac('sha256', settings.secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Resolves the caller from the session cookie, refusing (with the messages of
 * docs/product.md#signing-in) a signed-out request, a temporary password not yet changed, a missing
 * membership and a suspended organization, party or membership. Every operation passes through
 * here.
 *
 * One statement reads the session and everything else (`buildCallerQuery`), so a signed-out or
 * revoked session, and a member deactivated a moment ago, are refused on the very next request.
 * Once a day of a session's life better-auth's own getSession runs as well, to extend it as
 * better-auth does (`updateAge`).
 */
export async function resolveCaller(
  identity: Identity,
  db: Db,
  request: FastifyRequest,
  /** `mailOutbox`: the owner's and admins' Mail Outbox menu item shows. */
  options: { mailOutbox?: boolean } = {},
): Promise<Caller> {
  const settings = await cookieSettingsOf(identity);
  const token = signedSessionToken(request.headers.cookie, settings);
  if (!token) throw unauthenticated(MSG.signInRequired);
  const [row] = await callerQuery(db).execute({ token });
  const now = Date.now();
  if (!row || row.session.expiresAt.getTime() <= now) throw unauthenticated(MSG.signInRequired);
  const dueForExtension =
    row.session.expiresAt.getTime() - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now;
  if (dueForExtension) await identity.api.getSession({ headers: fromNodeHeaders(request.headers) });

  if (row.user.mustChangePassword) throw forbidden(MSG.mustChangePassword);
  if (!row.session.activeOrganizationId) throw notFound(MSG.userNotFound);
  if (!row.member || !row.organization || row.member.status === 'INVALID' || row.member.status === 'PENDING')
    throw notFound(MSG.userNotFound);
  if (row.organization.status !== 'ACTIVE') throw forbidden(MSG.organizationSuspended);
  if (row.member.status !== 'ACTIVE' || row.party?.status === 'SUSPENDED')
    throw forbidden(MSG.membershipSuspended);

  noteCaller(request, {
    user_id: row.user.id,
    member_id: row.member.id,
    organization_id: row.organization.id,
  });
  return callerOf(row.session.id, { ...row, member: row.member, organization: row.organization }, options);
}

/** The rows a caller is made of: a membership with its user, organization, party and designation. */
export interface MembershipRows {
  user: { id: string; name: string; email: string };
  member: typeof member.$inferSelect;
  organization: typeof organization.$inferSelect;
  party: typeof party.$inferSelect | null;
  designation: typeof designation.$inferSelect | null;
}

/**
 * Who asks, from their membership's rows: the designation counts only while it is active, and the
 * menu (and with it every right) follows from the profile. Checks of the session and of the
 * membership's status come before (`resolveCaller`).
 */
export function callerOf(
  sessionId: string,
  rows: MembershipRows,
  options: { mailOutbox?: boolean } = {},
): Caller {
  const role = rows.member.role as Role;
  const activeDesignation =
    rows.designation && rows.designation.status === 'ACTIVE' ? rows.designation : null;
  const profile: CallerProfile = {
    user_type: role,
    designation_id: activeDesignation?.id ?? null,
    accessing_module: activeDesignation?.accessing_module ?? null,
    organization: organizationDetails(rows.organization),
    dealer: rows.party?.kind === 'DEALER' ? dealerFlags(rows.party) : undefined,
    ...(options.mailOutbox ? { mail_outbox: true } : {}),
  };
  return {
    sessionId,
    user: { id: rows.user.id, name: rows.user.name, email: rows.user.email },
    membership: {
      id: rows.member.id,
      role,
      designation_id: activeDesignation?.id ?? null,
      party_id: rows.member.party_id,
    },
    organization: rows.organization,
    party: rows.party,
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

/**
 * The caller a membership would resolve to without a session (the demo seed raising its requests,
 * the tests): the same rows and the same `callerOf`, none of the session's checks.
 */
export async function callerOfMembership(db: Db, membershipId: string, sessionId: string): Promise<Caller> {
  const [row] = await db
    .select({ member, user, organization, party, designation })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, partyOfMember())
    .leftJoin(
      designation,
      and(eq(designation.id, member.designation_id), eq(designation.organization_id, member.organizationId)),
    )
    .where(eq(member.id, membershipId));
  if (!row) throw new Error(`No membership ${membershipId}`);
  return callerOf(sessionId, row);
}

export function organizationDetails(row: typeof organization.$inferSelect) {
  return {
    organization_name: row.name,
    organization_logo_url: row.logo ?? null,
    organization_gstin: row.gstin,
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
