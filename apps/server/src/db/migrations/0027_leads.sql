CREATE TABLE "lead" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"lead_number" text NOT NULL,
	"form_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"email" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_member_id" text,
	"lost_reason" text,
	"customer_id" text,
	"quotation_id" text,
	"created_by" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_follow_up" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"reminded_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_form" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_owner_member_id" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_form_id_lead_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."lead_form"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_owner_member_id_member_id_fk" FOREIGN KEY ("owner_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_quotation_id_quotation_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form" ADD CONSTRAINT "lead_form_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form" ADD CONSTRAINT "lead_form_default_owner_member_id_member_id_fk" FOREIGN KEY ("default_owner_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form" ADD CONSTRAINT "lead_form_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_number_uq" ON "lead" USING btree ("organization_id","lead_number");--> statement-breakpoint
CREATE INDEX "lead_org_created_idx" ON "lead" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_org_status_idx" ON "lead" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "lead_owner_idx" ON "lead" USING btree ("owner_member_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_form_idx" ON "lead" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "lead_phone_idx" ON "lead" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE INDEX "lead_name_trgm" ON "lead" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_follow_up_lead_idx" ON "lead_follow_up" USING btree ("lead_id","due_at");--> statement-breakpoint
CREATE INDEX "lead_follow_up_due_idx" ON "lead_follow_up" USING btree ("due_at") WHERE reminded_at is null and done_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_form_name_uq" ON "lead_form" USING btree ("organization_id",lower("name"));