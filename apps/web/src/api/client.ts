import type { DataOf, Envelope, InputOf, OperationDef } from '@fieldport/contract/operation';

/** The machine-readable codes of docs/architecture.md#the-wire-format, plus the client's own. */
type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'NETWORK'
  | 'INTERNAL'
  | (string & {});

/**
 * A failed operation. `message` is the first GraphQL error's message, written for a person;
 * `field` is the input field it is about (BAD_USER_INPUT, CONFLICT), for forms to show it there.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: string; field?: string } }[];
}

async function call<Op extends OperationDef>(op: Op, input: InputOf<Op>): Promise<Envelope<DataOf<Op>>> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: `${op.kind} ${op.name}($input: JSON!) { ${op.name}(input: $input) }`,
        variables: { input },
      }),
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 'NETWORK');
  }

  let body: GraphQLResponse;
  try {
    body = (await response.json()) as GraphQLResponse;
  } catch {
    throw new ApiError(
      `The server could not answer (HTTP ${response.status}). Please try again.`,
      'INTERNAL',
    );
  }

  const first = body.errors?.[0];
  if (first) {
    throw new ApiError(
      first.message || 'The request failed.',
      first.extensions?.code ?? 'INTERNAL',
      first.extensions?.field,
    );
  }
  const raw = body.data?.[op.name];
  if (typeof raw !== 'string') {
    throw new ApiError(`The server gave no answer to ${op.name}.`, 'INTERNAL');
  }
  return JSON.parse(raw) as Envelope<DataOf<Op>>;
}

/** The typed client over the operation catalogue: `api.query(Get_Current_User_Details, input)`. */
export const api = {
  query: <Op extends OperationDef<string, 'query'>>(op: Op, input: InputOf<Op>) => call(op, input),
  mutate: <Op extends OperationDef<string, 'mutation'>>(op: Op, input: InputOf<Op>) => call(op, input),
};

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
