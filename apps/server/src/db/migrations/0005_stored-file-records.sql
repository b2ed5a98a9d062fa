ALTER TABLE "stored_file" ADD COLUMN "record_kind" text;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "record_id" text;--> statement-breakpoint
CREATE INDEX "stored_file_record_idx" ON "stored_file" USING btree ("organization_id","record_kind","record_id");--> statement-breakpoint
CREATE INDEX "stored_file_unattached_idx" ON "stored_file" USING btree ("created_at") WHERE record_id is null;--> statement-breakpoint
-- Files already in use belong to their records, so that the clean-up never removes them.
UPDATE "stored_file" SET "record_kind" = 'SERVICE', "record_id" = s."id"
FROM "service" s, jsonb_array_elements(s."files") f
WHERE f->>'key' = "stored_file"."key" AND s."organization_id" = "stored_file"."organization_id";--> statement-breakpoint
UPDATE "stored_file" SET "record_kind" = 'TICKET', "record_id" = e."ticket_id"
FROM "ticket_event" e
WHERE e."file_key" = "stored_file"."key" AND e."organization_id" = "stored_file"."organization_id";--> statement-breakpoint
INSERT INTO "stored_file" ("id", "organization_id", "key", "purpose", "file_name", "file_type", "file_size", "record_kind", "record_id")
SELECT 'logo-' || o."id", o."id", o."logo", 'ORGANIZATION_LOGO', 'logo', CASE WHEN o."logo" LIKE '%.png' THEN 'image/png' ELSE 'image/jpeg' END, 0, 'ORGANIZATION', o."id"
FROM "organization" o WHERE o."logo" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "stored_file" ("id", "organization_id", "key", "purpose", "file_name", "file_type", "file_size", "record_kind", "record_id")
SELECT 'report-' || a."id", r."organization_id", a."storage_key", 'ISSUE_REPORT', 'screenshot.' || a."file_extension", a."content_type", a."file_size", 'ISSUE_REPORT', r."id"
FROM "issue_report_attachment" a JOIN "issue_report" r ON r."id" = a."issue_report_id"
WHERE r."organization_id" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
