/**
 * The identity constants without zod, so that the sign-in screen can use them without loading the
 * schemas (docs/architecture.md#what-each-screen-loads). auth.ts re-exports them.
 */

/** Lifetimes and limits of the identity codes (docs/security.md#identity). */
export const AUTH_LIMITS = {
  codeDigits: 6,
  codeLifetimeSeconds: 10 * 60,
  codeAttempts: 3,
  rememberMeDays: 30,
} as const;

/** The one local-storage key Remember Me uses; it holds the email only, never the password. */
export const REMEMBER_ME_STORAGE_KEY = 'fieldport.rememberedEmail';
