CREATE TABLE "data_import" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"party_id" text,
	"kind" text NOT NULL,
	"created_by" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'READY' NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"preview_rows" jsonb NOT NULL,
	"imported_count" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_import" ADD CONSTRAINT "data_import_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import" ADD CONSTRAINT "data_import_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import" ADD CONSTRAINT "data_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_org_user_idx" ON "data_import" USING btree ("organization_id","created_by","created_at");