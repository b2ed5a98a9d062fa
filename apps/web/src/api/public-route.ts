import { MSG } from '@fieldport/contract/messages';

/**
 * One call to a public REST route (a mailed link's, the public forms'): no session is needed, the
 * answer is JSON. A network failure is `null`; anything else comes back with its status and body
 * for the caller to turn into its own refusal (each route's clients show their own words).
 */
export async function callPublicRoute(
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; answer: Record<string, unknown> } | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return null;
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, answer };
}

/** The refusal's own message, or a plain one by its status. */
export function refusalMessage(status: number, answer: Record<string, unknown>): string {
  if (typeof answer.message === 'string') return answer.message;
  return status === 429 ? MSG.tooManyRequests : `The request failed (HTTP ${status}). Please try again.`;
}
