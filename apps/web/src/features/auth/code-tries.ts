import { useRef } from 'react';
import { AUTH_LIMITS } from '@fieldport/contract/auth-limits';
import { AuthError } from '../../api/auth.ts';

const ASK_AGAIN = 'Ask for a new code.';

/**
 * What a refused code means, for the field under the code box: wrong (with the attempts left of this
 * code), expired or used up. The snackbar keeps the inherited words; this says why. The
 * count starts again when a new code is sent.
 */
export function useCodeTries() {
  const wrong = useRef(0);
  return {
    /** A new code was sent: every attempt is available again. */
    reset() {
      wrong.current = 0;
    },
    /** The message for a refused code; undefined for other failures. */
    explain(error: unknown): string | undefined {
      if (!(error instanceof AuthError)) return undefined;
      if (error.code === 'OTP_EXPIRED') return `The code has expired. ${ASK_AGAIN}`;
      if (error.code === 'TOO_MANY_ATTEMPTS') return `The code was entered wrongly too often. ${ASK_AGAIN}`;
      if (error.code !== 'INVALID_OTP') return undefined;
      wrong.current += 1;
      const left = AUTH_LIMITS.codeAttempts - wrong.current;
      return left > 0
        ? `The code is wrong or has expired. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
        : `The code was entered wrongly too often. ${ASK_AGAIN}`;
    },
  };
}
