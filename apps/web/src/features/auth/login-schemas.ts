import { z } from 'zod';
import { emailSchema, otpCodeSchema, passwordPolicySchema } from '@fieldport/contract/auth';
import { MSG } from '@fieldport/contract/messages';

/**
 * docs/product.md#signing-in. Email fields trim and lowercase before anything is sent (the
 * contract's emailSchema).
 */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MSG.passwordRequired),
});

const confirmedPassword = <Shape extends { newPassword: string; confirmPassword: string }>(value: Shape) =>
  value.newPassword === value.confirmPassword;

export const changePasswordSchema = z
  .object({ newPassword: passwordPolicySchema, confirmPassword: z.string() })
  .refine(confirmedPassword, { message: MSG.passwordMismatch, path: ['confirmPassword'] });

/** Forgot password: the email's own 'required' message is 'Please Enter Registered Email'. */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, MSG.registeredEmailRequired).pipe(emailSchema),
});

export const resetPasswordSchema = z.object({
  code: z.string().trim().min(1, MSG.codeRequired).pipe(otpCodeSchema),
  newPassword: passwordPolicySchema,
});

export const otpEmailSchema = z.object({ email: emailSchema });

export const otpCodeFormSchema = z.object({ otp: otpCodeSchema });
