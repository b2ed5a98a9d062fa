import { betterAuth } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { emailOTP, organization } from 'better-auth/plugins';
import { AUTH_LIMITS, passwordPolicySchema } from '@fieldport/contract/auth';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as identitySchema from '../db/schema/identity.ts';
import { writeAudit } from '../platform/audit.ts';
import { newId } from '../db/ids.ts';
import type { Mailer } from '../platform/mail.ts';
import type { FastifyBaseLogger } from 'fastify';
import { redactedError } from '../platform/http-guards.ts';
import { membershipGate } from './membership-gate.ts';

interface IdentityOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  /** The server's logger: better-auth's own lines go there, with errors redacted like every other. */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
}

const CODE_MAIL: Record<string, { subject: string; purpose: string }> = {
  'sign-in': { subject: 'Your Fieldport sign-in code', purpose: 'sign in to Fieldport' },
  'forget-password': {
    subject: 'Your Fieldport password reset code',
    purpose: 'reset your Fieldport password',
  },
};

/**
 * Requests whose code mail could not be delivered. better-auth logs and swallows an error of
 * sendVerificationOTP and answers success; the after hook below answers the failure instead, so
 * that nobody is told 'OTP Sent Successfully !' for a mail that never left.
 */
const undeliveredCodes = new WeakSet<Request>();

/**
 * better-auth with email and password, email OTP and the organization plugin. The
 * organization plugin supplies organizations, memberships and the session's active organization;
 * its HTTP endpoints are not exposed (see auth/routes.ts), because who may change memberships is
 * decided by our own operations.
 */
export function createIdentity({ config, db, mailer, secret, log }: IdentityOptions) {
  return betterAuth({
    logger: {
      log: (level, message, ...args) =>
        log?.[level](
          { details: args.map((arg) => (arg instanceof Error ? redactedError(arg) : arg)) },
          `identity: ${message}`,
        ),
    },
    // An unexpected error (the database failing inside better-auth) is thrown to the server's one
    // error handler, which logs it redacted and answers INTERNAL_SERVER_ERROR (docs/security.md
    // "HTTP").
    onAPIError: { throw: true },
    appName: 'Fieldport',
    baseURL: config.publicUrl,
    basePath: '/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema: identitySchema }),
    // Our own limits, kept in the database and applied per IP and per account (auth/rate-limit.ts).
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // A password chosen through Forgot Password is the person's own: no temporary one remains.
      async onPasswordReset({ user: person }, request) {
        await db
          .update(identitySchema.user)
          .set({ mustChangePassword: false })
          .where(eq(identitySchema.user.id, person.id));
        const gate = await membershipGate(db, { userId: person.id });
        await writeAudit(db, {
          organization_id: gate.ok ? gate.organizationId : null,
          user_id: person.id,
          user_email: person.email,
          operation: 'RESET_PASSWORD',
          target: person.id,
          ip_address: clientAddress(request),
        });
      },
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      // Remember Me keeps the session 30 days; without it the cookie ends with the browser.
      expiresIn: AUTH_LIMITS.rememberMeDays * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    advanced: {
      cookiePrefix: 'fieldport',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => newId() },
    },
    plugins: [
      emailOTP({
        otpLength: AUTH_LIMITS.codeDigits,
        expiresIn: AUTH_LIMITS.codeLifetimeSeconds,
        allowedAttempts: AUTH_LIMITS.codeAttempts,
        storeOTP: 'hashed',
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }, ctx) {
          const mail = CODE_MAIL[type] ?? { subject: 'Your Fieldport code', purpose: 'continue' };
          try {
            await mailer.send({
              to: email,
              subject: mail.subject,
              text:
                `Your code to ${mail.purpose} is ${otp}.\n\n` +
                `It is valid for ${AUTH_LIMITS.codeLifetimeSeconds / 60} minutes and can be entered wrongly ` +
                `${AUTH_LIMITS.codeAttempts} times at most. If you did not ask for it, ignore this mail.`,
            });
          } catch (error) {
            if (ctx?.request) undeliveredCodes.add(ctx.request);
            throw error;
          }
        },
      }),
      organization({ allowUserToCreateOrganization: false }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/email-otp/send-verification-otp') {
          // docs/product.md#signing-in: an unknown or suspended email is told so ('Invalid Mail ID
          // !!' on the client) instead of silently receiving nothing.
          const email = String(ctx.body?.email ?? '')
            .trim()
            .toLowerCase();
          const gate = await membershipGate(db, { email });
          if (!gate.ok) {
            // A forgotten password is answered alike for every address, so that the form cannot
            // tell which addresses have accounts; no mail is sent (docs/security.md#identity).
            if (ctx.body?.type === 'forget-password') return ctx.json({ success: true });
            throw new APIError(gate.status, { message: gate.message, code: gate.status });
          }
        }
        if (ctx.path === '/email-otp/reset-password') {
          const policy = passwordPolicySchema.safeParse(ctx.body?.password);
          if (!policy.success) {
            throw new APIError('BAD_REQUEST', {
              message: policy.error.issues[0].message,
              code: 'PASSWORD_POLICY',
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.request && undeliveredCodes.has(ctx.request)) {
          throw new APIError('SERVICE_UNAVAILABLE', {
            message: 'The code could not be mailed. Please try again in a few minutes.',
            code: 'MAIL_FAILED',
          });
        }
        // The OTP sign-in has no rememberMe of its own: without it, the cookie ends with the browser.
        if (ctx.path === '/sign-in/email-otp' && ctx.context.newSession && ctx.body?.rememberMe !== true) {
          await setSessionCookie(ctx, ctx.context.newSession, true);
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in path ends here: refuse before any session exists, and start the session
          // in the first organization where the person is active.
          async before(session) {
            const gate = await membershipGate(db, { userId: session.userId });
            if (!gate.ok) throw new APIError(gate.status, { message: gate.message, code: gate.status });
            return { data: { ...session, activeOrganizationId: gate.organizationId } };
          },
          async after(session) {
            const row = session as typeof session & { activeOrganizationId?: string };
            // A person who has signed in has a password of their own: ResendInvitation never
            // replaces it (docs/people.md#invitations).
            const [person] = await db
              .update(identitySchema.user)
              .set({
                firstSignedInAt: sql`coalesce(${identitySchema.user.firstSignedInAt}, now())`,
                lastSignedInAt: sql`now()`,
              })
              .where(eq(identitySchema.user.id, session.userId))
              .returning({ email: identitySchema.user.email });
            await writeAudit(db, {
              organization_id: row.activeOrganizationId ?? null,
              user_id: session.userId,
              user_email: person?.email ?? null,
              operation: 'SIGN_IN',
              target: session.userId,
              ip_address: session.ipAddress ?? null,
            });
          },
        },
      },
    },
  });
}

export type Identity = ReturnType<typeof createIdentity>;

/** The client address auth/routes.ts hands to better-auth (Fastify's view of it, proxies included). */
function clientAddress(request: Request | undefined): string | null {
  return request?.headers.get('x-forwarded-for')?.split(',')[0].trim() || null;
}
