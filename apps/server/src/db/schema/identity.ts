import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TicketAssignmentMode } from '@fieldport/contract/operations/organization';
import { DEFAULT_CABINET_QUOTA_BYTES } from '@fieldport/contract/operations/cabinet';
import { trigramIndex } from '../indexes.ts';

// The tables of better-auth (core, email OTP) and its organization plugin. The property names are
// better-auth's field names; the database columns are snake_case (the client uses casing
// 'snake_case'). Extra columns that our product needs sit beside the plugin's own.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    /** Set when an administrator gave a temporary password: the first sign-in must change it. */
    mustChangePassword: boolean().notNull().default(false),
    /**
     * The first and the latest sign-in, in any organization (auth/identity.ts). A person who has
     * signed in has a password of their own to protect: no organization may replace it.
     */
    firstSignedInAt: timestamp({ withTimezone: true }),
    lastSignedInAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The people screens search members by name and email, and page them by name (docs/people.md#lists).
  (table) => [
    trigramIndex('user_name_trgm', table.name),
    trigramIndex('user_email_trgm', table.email),
    index('user_name_lower_idx').on(sql`lower(${table.name})`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The organization plugin's active organization: the membership this session works in. */
    activeOrganizationId: text(),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

/** One-time codes (sign-in OTP, password reset), stored hashed by the email OTP plugin. */
export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

export const ORGANIZATION_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** The tenant (docs/product.md#roles-and-parties). */
export const organization = pgTable('organization', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  logo: text(),
  metadata: text(),
  createdAt: createdAt(),
  status: text().$type<OrganizationStatus>().notNull().default('ACTIVE'),
  time_zone: text().notNull().default('Asia/Kolkata'),
  currency: text().notNull().default('INR'),
  /** Its GSTIN, whose first two digits are its state's code; null: not given (docs/payouts.md#tax). */
  gstin: text(),
  enable_credits_recharge: boolean().notNull().default(false),
  is_access_control_enable: boolean().notNull().default(false),
  is_enable_partners_monthly_closed_ticket_report_tab: boolean().notNull().default(false),
  /** How new tickets are given out (docs/product.md#assignment-and-claim). */
  ticket_assignment_mode: text().$type<TicketAssignmentMode>().notNull().default('MANUAL'),
  /** Bytes of documents its cabinet may hold (docs/cabinet.md#quota); set by the portal's operator. */
  cabinet_quota_bytes: bigint({ mode: 'number' }).notNull().default(DEFAULT_CABINET_QUOTA_BYTES),
});

/**
 * PENDING: an organization invited a person who already has a sign-in; the membership counts for
 * nothing until the person accepts the invitation (docs/people.md#invitations).
 */
export const MEMBERSHIP_STATUSES = ['ACTIVE', 'INACTIVE', 'INVALID', 'PENDING'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * A membership: one person in one organization. `role` is the plugin's column and holds our
 * user_type (one of the roles in packages/contract/src/roles.ts).
 */
export const member = pgTable(
  'member',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: createdAt(),
    status: text().$type<MembershipStatus>().notNull().default('ACTIVE'),
    designation_id: text(),
    /** The service partner or dealer this member works for; null for the organization's own staff. */
    party_id: text(),
    /** E.164; per membership, so that one organization never changes what another one keeps. */
    phone_number: text(),
    /** When this organization last mailed the member an invitation (people/invitation.ts). */
    invited_at: timestamp({ withTimezone: true }),
    /** SHA-256 of the single-use token of a PENDING membership's invitation link; null once used. */
    invitation_token_hash: text().unique(),
    invitation_expires_at: timestamp({ withTimezone: true }),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('member_organization_user_idx').on(table.organizationId, table.userId),
    index('member_user_idx').on(table.userId),
    // The people screens list one organization's members by role and status, or by party.
    index('member_organization_role_idx').on(table.organizationId, table.role, table.status),
    index('member_organization_party_idx').on(table.organizationId, table.party_id, table.role),
    trigramIndex('member_phone_trgm', table.phone_number),
  ],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text(),
    status: text().notNull().default('pending'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    inviterId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    metadata: jsonb(),
  },
  (table) => [index('invitation_organization_idx').on(table.organizationId)],
);
