CREATE TABLE "workflow" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_decision" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"request_id" text NOT NULL,
	"level" integer NOT NULL,
	"member_id" text NOT NULL,
	"user_id" text NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_level" (
	"organization_id" text NOT NULL,
	"workflow_id" text NOT NULL,
	"position" integer NOT NULL,
	"rule" text NOT NULL,
	"designation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "workflow_level_organization_id_workflow_id_position_pk" PRIMARY KEY("organization_id","workflow_id","position")
);
--> statement-breakpoint
CREATE TABLE "workflow_request" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"summary" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"current_level" integer DEFAULT 1 NOT NULL,
	"level_count" integer NOT NULL,
	"source" text NOT NULL,
	"requester_member_id" text NOT NULL,
	"requester_user_id" text NOT NULL,
	"requester_party_id" text,
	"withdraw_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_request_level" (
	"organization_id" text NOT NULL,
	"request_id" text NOT NULL,
	"level" integer NOT NULL,
	"rule" text NOT NULL,
	"designation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "workflow_request_level_organization_id_request_id_level_pk" PRIMARY KEY("organization_id","request_id","level")
);
--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decision" ADD CONSTRAINT "workflow_decision_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decision" ADD CONSTRAINT "workflow_decision_request_id_workflow_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."workflow_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decision" ADD CONSTRAINT "workflow_decision_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decision" ADD CONSTRAINT "workflow_decision_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_level" ADD CONSTRAINT "workflow_level_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_level" ADD CONSTRAINT "workflow_level_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request" ADD CONSTRAINT "workflow_request_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request" ADD CONSTRAINT "workflow_request_requester_member_id_member_id_fk" FOREIGN KEY ("requester_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request" ADD CONSTRAINT "workflow_request_requester_user_id_user_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request" ADD CONSTRAINT "workflow_request_requester_party_id_party_id_fk" FOREIGN KEY ("requester_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request_level" ADD CONSTRAINT "workflow_request_level_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request_level" ADD CONSTRAINT "workflow_request_level_request_id_workflow_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."workflow_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_org_kind_uq" ON "workflow" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_decision_request_level_member_uq" ON "workflow_decision" USING btree ("organization_id","request_id","level","member_id");--> statement-breakpoint
CREATE INDEX "workflow_request_org_state_created_idx" ON "workflow_request" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "workflow_request_org_requester_idx" ON "workflow_request" USING btree ("organization_id","requester_member_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_request_org_kind_created_idx" ON "workflow_request" USING btree ("organization_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "workflow_request_org_created_idx" ON "workflow_request" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_request_pending_record_uq" ON "workflow_request" USING btree ("organization_id","kind","record_id") WHERE "workflow_request"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "workflow_request_org_record_idx" ON "workflow_request" USING btree ("organization_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "workflow_request_summary_trgm" ON "workflow_request" USING gin ("summary" gin_trgm_ops);