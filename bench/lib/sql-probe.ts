import type { Database } from '../../apps/server/src/db/client.ts';

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Records the SQL statements that `work` sends through the app's database client (the one Drizzle
 * and better-auth use), by wrapping its `query` method for the duration of `work`. Used once per
 * benchmark to say how many statements an operation costs; never during a measured window.
 */
export async function recordStatements(database: Database, work: () => Promise<void>): Promise<string[]> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    statements.push((text ?? '(unknown statement)').replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}

/** A one-line gist of a statement: its verb and the tables it touches. */
export function statementGist(sql: string): string {
  const verb = sql.split(' ')[0].toUpperCase();
  const tables = [...sql.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((match) => match[1]);
  const unique = [...new Set(tables)];
  return unique.length ? `${verb} ${unique.join(' + ')}` : verb;
}
