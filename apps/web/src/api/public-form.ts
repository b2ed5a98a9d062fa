import { ApiError, NETWORK_MESSAGE } from './client.ts';
import { callPublicRoute, refusalMessage } from './public-route.ts';

/** The wire's codes of a refusal, as ApiError has them (docs/architecture.md#the-wire-format). */
const CODES: Record<number, string> = { 400: 'BAD_USER_INPUT', 404: 'NOT_FOUND', 429: 'TOO_MANY_REQUESTS' };

/**
 * One call to a public form's route (a request for service, a lead form). A refusal is an ApiError
 * like an operation's, so that the form shows it under the field it names (ui/use-operation.ts):
 * 400 with its field, 404 an unknown form or a link that is not valid, 429 to wait. Its message is
 * written for the person filling the form.
 */
export async function callPublicForm<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  const called = await callPublicRoute(path, body);
  if (!called) throw new ApiError(NETWORK_MESSAGE, 'NETWORK');
  const { ok, status, answer } = called;
  if (ok) return answer as T;
  throw new ApiError(
    refusalMessage(status, answer),
    CODES[status] ?? 'INTERNAL',
    typeof answer.field === 'string' ? answer.field : undefined,
  );
}
