ALTER TABLE "mail_outbox" ADD COLUMN "organization_id" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_organization_idx" ON "mail_outbox" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Menu items renamed to the inherited names ('All Search', 'Store/Service Center'): the
-- designations that grant them by name follow.
UPDATE "designation" SET "accessing_module" = (
  SELECT jsonb_agg(
    CASE e->>'module_name'
      WHEN 'Search' THEN jsonb_set(e, '{module_name}', '"All Search"')
      WHEN 'Store/Service Centre' THEN jsonb_set(e, '{module_name}', '"Store/Service Center"')
      ELSE e
    END ORDER BY ordinality)
  FROM jsonb_array_elements("accessing_module") WITH ORDINALITY AS entries(e, ordinality)
)
WHERE jsonb_typeof("accessing_module") = 'array' AND jsonb_array_length("accessing_module") > 0
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements("accessing_module") e
    WHERE e->>'module_name' IN ('Search', 'Store/Service Centre')
  );
