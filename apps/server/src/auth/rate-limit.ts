import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
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

/** The answer of a route whose limit is reached: 429, Retry-After and the message of the README. */
export function refuseTooMany(reply: FastifyReply, retryAfter: number) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfter))
    .send({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
}

/** Forgets windows that ended long ago; called now and then so that the table stays small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`,
  );
}

export interface BackoffRule {
  key: string;
  /** Failures in the window before each further one makes the account wait. */
  threshold: number;
  windowSeconds: number;
  maxDelaySeconds: number;
}

/**
 * Seconds an account must still wait after its failures (from every address), or 0. Read before an
 * attempt; only a failure counts (recordFailure), so that the owner's own attempts between the
 * waits go through.
 */
export async function backoffWait(db: Db, rule: BackoffRule): Promise<number> {
  const result = await db.execute<{ retry_after: number }>(sql`
    SELECT CEIL(EXTRACT(EPOCH FROM (blocked_until - now())))::int AS retry_after
    FROM rate_limit WHERE key = ${rule.key} AND blocked_until > now()`);
  const row = result.rows[0];
  return row ? Math.max(1, Number(row.retry_after)) : 0;
}

/**
 * Counts one failure in the account's window. From the threshold on, each failure makes the next
 * attempt wait 1, 2, 4 ... seconds, at most maxDelaySeconds: a guesser spread over many addresses
 * slows down quickly, while one address alone never gets there (its own limit is lower).
 */
export async function recordFailure(db: Db, rule: BackoffRule): Promise<void> {
  // Exponent capped so that the power stays a small number; the cap on seconds applies after.
  await db.execute(sql`
    INSERT INTO rate_limit (key, window_start, count) VALUES (${rule.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN 1 ELSE rate_limit.count + 1 END,
      window_start = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN now() ELSE rate_limit.window_start END,
      blocked_until = CASE
        WHEN rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) THEN NULL
        WHEN rate_limit.count + 1 < ${rule.threshold} THEN NULL
        ELSE now() + make_interval(secs => LEAST(${rule.maxDelaySeconds}::double precision,
          power(2, LEAST(rate_limit.count + 1 - ${rule.threshold}, 30))))
      END`);
}
