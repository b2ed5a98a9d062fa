CREATE TABLE "report_download" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"party_id" text,
	"requested_by_member_id" text NOT NULL,
	"requested_by_user_id" text,
	"kind" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"parameters_text" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_download" ADD CONSTRAINT "report_download_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_download" ADD CONSTRAINT "report_download_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_download" ADD CONSTRAINT "report_download_requested_by_member_id_member_id_fk" FOREIGN KEY ("requested_by_member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_download" ADD CONSTRAINT "report_download_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_download_org_created_idx" ON "report_download" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "report_download_member_idx" ON "report_download" USING btree ("requested_by_member_id","created_at");--> statement-breakpoint
CREATE INDEX "report_download_pending_idx" ON "report_download" USING btree ("created_at") WHERE status in ('QUEUED', 'RUNNING');