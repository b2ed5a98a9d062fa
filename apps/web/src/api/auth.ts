import { MSG } from '@fieldport/contract/messages';
import { NETWORK_MESSAGE } from './client.ts';

/** A refusal of the identity routes: HTTP status, the provider's code and its message. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The codes that mean "the code you typed is wrong, expired or used up". */
const OTP_FAILURE_CODES = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

export function isOtpFailure(error: unknown): boolean {
  return error instanceof AuthError && error.code !== undefined && OTP_FAILURE_CODES.has(error.code);
}

interface SessionUser {
  id: string;
  email: string;
  name: string;
  mustChangePassword?: boolean;
}

export interface Session {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

async function request<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/auth${path}`, {
      method: init.method,
      credentials: 'same-origin',
      headers:
        init.method === 'POST'
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
      body: init.method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    });
  } catch {
    throw new AuthError(NETWORK_MESSAGE, 'NETWORK', 0);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    // docs/product.md#signing-in: sign-in and password failures show the identity provider's own
    // message.
    const fallback =
      response.status === 429
        ? MSG.tooManyRequests
        : `The request failed (HTTP ${response.status}). Please try again.`;
    throw new AuthError(message || fallback, code, response.status);
  }
  return body as T;
}

export const authApi = {
  signInEmail: (input: { email: string; password: string; rememberMe: boolean }) =>
    request<{ user: SessionUser }>('/sign-in/email', { method: 'POST', body: input }),
  completeNewPassword: (input: { newPassword: string }) =>
    request<{ status: 'SUCCESS' }>('/complete-new-password', { method: 'POST', body: input }),
  sendOtp: (input: { email: string; type: 'sign-in' | 'forget-password' }) =>
    request<unknown>('/email-otp/send-verification-otp', { method: 'POST', body: input }),
  resetPassword: (input: { email: string; otp: string; password: string }) =>
    request<unknown>('/email-otp/reset-password', { method: 'POST', body: input }),
  signInOtp: (input: { email: string; otp: string; rememberMe: boolean }) =>
    request<{ user: SessionUser }>('/sign-in/email-otp', { method: 'POST', body: input }),
  signOut: () => request<unknown>('/sign-out', { method: 'POST', body: {} }),
  getSession: () => request<Session | null>('/get-session', { method: 'GET' }),
};
