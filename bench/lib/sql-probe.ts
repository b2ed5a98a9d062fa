import type { Database } from '../../apps/server/src/db/client.ts';

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Records the SQL statements that `work` sends through the app's database client (the one Drizzle
 * and better-auth use), by wrapping its `query` method for the duration of `work`. Used once per
 * benchmark to say how many statements an operation costs; never during a measured window.
 */
export async function recordStatements(database: Database, work: () => Promise<void>): Promise<string[]> {
  return (await recordQueries(database, work)).map((query) => query.text.replace(/\s+/g, ' ').trim());
}

/** A statement as it was sent, with its parameters, so that a baseline can send it again as it is. */
export interface RecordedQuery {
  text: string;
  params: unknown[];
}

/** Like recordStatements, keeping each statement's text and parameters. */
export async function recordQueries(database: Database, work: () => Promise<void>): Promise<RecordedQuery[]> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  const queries: RecordedQuery[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const config =
      typeof first === 'object' && first !== null
        ? (first as { text?: string; values?: unknown[] })
        : undefined;
    const text = typeof first === 'string' ? first : config?.text;
    const params = (config?.values ?? (Array.isArray(args[1]) ? args[1] : [])) as unknown[];
    queries.push({ text: text ?? '(unknown statement)', params });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return queries;
}

/** A one-line gist of a statement: its verb and the tables it touches. */
export function statementGist(sql: string): string {
  const verb = sql.split(' ')[0].toUpperCase();
  const tables = [...sql.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((match) => match[1]);
  const unique = [...new Set(tables)];
  return unique.length ? `${verb} ${unique.join(' + ')}` : verb;
}
