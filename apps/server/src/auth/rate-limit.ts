import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface RateLimitRule {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against a fixed window kept in the database (so that several processes
 * share it) and answers how many seconds to wait when the limit is passed, or 0.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<number> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    INSERT INTO rate_limit (key, window_start, count) VALUES (${rule.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN 1 ELSE rate_limit.count + 1 END,
      window_start = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN now() ELSE rate_limit.window_start END
    RETURNING count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int AS retry_after`);
  const row = result.rows[0];
  return Number(row.count) > rule.max ? Number(row.retry_after) : 0;
}

/** Forgets windows that ended long ago; called now and then so that the table stays small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day'`);
}
