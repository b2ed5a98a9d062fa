ALTER TABLE "member" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limit" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_invitation_token_hash_unique" UNIQUE("invitation_token_hash");--> statement-breakpoint
-- People who signed in before sign-ins were recorded: their first and latest sign-in from their
-- sessions and the audit log, so that no organization may replace a password they already use.
UPDATE "user" SET
  "first_signed_in_at" = seen.first_at,
  "last_signed_in_at" = seen.last_at
FROM (
  SELECT user_id, min(at) AS first_at, max(at) AS last_at FROM (
    SELECT "user_id", "created_at" AS at FROM "session"
    UNION ALL
    SELECT "user_id", "created_at" AS at FROM "audit_log" WHERE "operation" = 'SIGN_IN' AND "user_id" IS NOT NULL
  ) AS sign_ins GROUP BY user_id
) AS seen
WHERE seen.user_id = "user"."id";
