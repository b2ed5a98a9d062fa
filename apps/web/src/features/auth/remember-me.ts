import { REMEMBER_ME_STORAGE_KEY } from '@fieldport/contract/auth-limits';

/**
 * Remember Me keeps the email only. The old portal also kept the password in local
 * storage; we do not store a password anywhere in the browser (the session cookie lasts instead).
 */
export function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBER_ME_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(REMEMBER_ME_STORAGE_KEY, email);
    else localStorage.removeItem(REMEMBER_ME_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, policy); Remember Me then simply does nothing.
  }
}
