import { z } from 'zod';
import { MSG } from './messages.ts';

/** docs/product.md#signing-in: trimmed and lowercased, must contain an at-sign. */
export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, MSG.required)
  .max(254, 'Email must be at most 254 characters')
  .refine((value) => value.includes('@'), MSG.emailInvalid);

/**
 * At least 8 characters with upper case, lower case, digit and symbol (docs/product.md#signing-in).
 */
export const passwordPolicySchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(128, 'Password must be at most 128 characters')
  .refine(
    (value) =>
      value.length >= 8 &&
      /[A-Z]/.test(value) &&
      /[a-z]/.test(value) &&
      /\d/.test(value) &&
      /[^A-Za-z0-9]/.test(value),
    MSG.passwordPolicy,
  );

export const otpCodeSchema = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .regex(/^\d{6}$/, 'The code has 6 digits');

export { AUTH_LIMITS, REMEMBER_ME_STORAGE_KEY } from './auth-limits.ts';
