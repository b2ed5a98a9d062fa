CREATE TABLE "customer" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"party_id" text,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"phone_national" text NOT NULL,
	"email" text,
	"customer_category_id" text,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "customer_import" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"party_id" text,
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
CREATE TABLE "customer_location" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"is_primary" boolean NOT NULL,
	"label" text,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"party_id" text,
	"key" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"master_category_id" text NOT NULL,
	"name" text NOT NULL,
	"category_type" text DEFAULT 'PRODUCT' NOT NULL,
	"ticket_prefix" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_category" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" text NOT NULL,
	"display_id" text NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"enable_type" text DEFAULT 'ALL' NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"technician_enabled" boolean DEFAULT true NOT NULL,
	"manufacturer_name" text,
	"source" text DEFAULT 'PORTAL' NOT NULL,
	"service_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"component_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"autotag_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "organization_sequence" (
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "organization_sequence_organization_id_name_pk" PRIMARY KEY("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "additional_part" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"part_code" text NOT NULL,
	"price_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closure_remark" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_category" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_notification" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"ticket_state" text NOT NULL,
	"after_hours" integer NOT NULL,
	"notify_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_emails" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_description" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fleet_status" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_type" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_type" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_category" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wip_state" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wip_sub_stage" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wip_state_id" text NOT NULL,
	"name" text NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pincode_type" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_partner_territory" (
	"organization_id" text NOT NULL,
	"party_id" text NOT NULL,
	"territory_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_partner_territory_organization_id_party_id_territory_id_pk" PRIMARY KEY("organization_id","party_id","territory_id")
);
--> statement-breakpoint
CREATE TABLE "technician_expertise" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_expertise_organization_id_member_id_category_id_pk" PRIMARY KEY("organization_id","member_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "technician_territory" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"territory_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_territory_organization_id_member_id_territory_id_pk" PRIMARY KEY("organization_id","member_id","territory_id")
);
--> statement-breakpoint
CREATE TABLE "territory" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"territory_category_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_pincode" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"territory_id" text NOT NULL,
	"pincode" text NOT NULL,
	"pincode_type_id" text,
	"area_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "ticket_assignment_mode" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "designation" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_customer_category_id_customer_category_id_fk" FOREIGN KEY ("customer_category_id") REFERENCES "public"."customer_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import" ADD CONSTRAINT "customer_import_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import" ADD CONSTRAINT "customer_import_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import" ADD CONSTRAINT "customer_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_location" ADD CONSTRAINT "customer_location_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_location" ADD CONSTRAINT "customer_location_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_master_category_id_master_category_id_fk" FOREIGN KEY ("master_category_id") REFERENCES "public"."master_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_category" ADD CONSTRAINT "master_category_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_sequence" ADD CONSTRAINT "organization_sequence_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_part" ADD CONSTRAINT "additional_part_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_remark" ADD CONSTRAINT "closure_remark_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_category" ADD CONSTRAINT "customer_category_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD CONSTRAINT "escalation_notification_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_description" ADD CONSTRAINT "problem_description_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fleet_status" ADD CONSTRAINT "product_fleet_status_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type" ADD CONSTRAINT "service_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_type" ADD CONSTRAINT "support_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_category" ADD CONSTRAINT "territory_category_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wip_state" ADD CONSTRAINT "wip_state_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wip_sub_stage" ADD CONSTRAINT "wip_sub_stage_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wip_sub_stage" ADD CONSTRAINT "wip_sub_stage_wip_state_id_wip_state_id_fk" FOREIGN KEY ("wip_state_id") REFERENCES "public"."wip_state"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pincode_type" ADD CONSTRAINT "pincode_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_partner_territory" ADD CONSTRAINT "service_partner_territory_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_partner_territory" ADD CONSTRAINT "service_partner_territory_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_partner_territory" ADD CONSTRAINT "service_partner_territory_territory_id_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_expertise" ADD CONSTRAINT "technician_expertise_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_expertise" ADD CONSTRAINT "technician_expertise_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_expertise" ADD CONSTRAINT "technician_expertise_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_territory" ADD CONSTRAINT "technician_territory_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_territory" ADD CONSTRAINT "technician_territory_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_territory" ADD CONSTRAINT "technician_territory_territory_id_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory" ADD CONSTRAINT "territory_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory" ADD CONSTRAINT "territory_territory_category_id_territory_category_id_fk" FOREIGN KEY ("territory_category_id") REFERENCES "public"."territory_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_pincode" ADD CONSTRAINT "territory_pincode_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_pincode" ADD CONSTRAINT "territory_pincode_territory_id_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_pincode" ADD CONSTRAINT "territory_pincode_pincode_type_id_pincode_type_id_fk" FOREIGN KEY ("pincode_type_id") REFERENCES "public"."pincode_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_org_phone_uq" ON "customer" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE INDEX "customer_org_name_idx" ON "customer" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customer_org_party_name_idx" ON "customer" USING btree ("organization_id","party_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customer_org_created_idx" ON "customer" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_org_phone_national_idx" ON "customer" USING btree ("organization_id","phone_national" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customer_org_phone_prefix_idx" ON "customer" USING btree ("organization_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customer_name_trgm" ON "customer" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_email_trgm" ON "customer" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_import_org_user_idx" ON "customer_import" USING btree ("organization_id","created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_location_primary_uq" ON "customer_location" USING btree ("customer_id") WHERE "customer_location"."is_primary";--> statement-breakpoint
CREATE INDEX "customer_location_customer_idx" ON "customer_location" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_location_org_pincode_idx" ON "customer_location" USING btree ("organization_id","pincode");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_key_uq" ON "stored_file" USING btree ("key");--> statement-breakpoint
CREATE INDEX "stored_file_org_created_idx" ON "stored_file" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "category_org_name_uq" ON "category" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "category_org_prefix_uq" ON "category" USING btree ("organization_id","ticket_prefix");--> statement-breakpoint
CREATE INDEX "category_name_trgm" ON "category" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "category_org_master_idx" ON "category" USING btree ("organization_id","master_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "master_category_org_name_uq" ON "master_category" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "master_category_name_trgm" ON "master_category" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "master_category_org_created_idx" ON "master_category" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_category_name_uq" ON "service" USING btree ("organization_id","category_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_org_display_id_uq" ON "service" USING btree ("organization_id","display_id");--> statement-breakpoint
CREATE INDEX "service_name_trgm" ON "service" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_display_id_trgm" ON "service" USING gin ("display_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_manufacturer_trgm" ON "service" USING gin ("manufacturer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_org_category_idx" ON "service" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "service_org_created_idx" ON "service" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "additional_part_org_name_uq" ON "additional_part" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "additional_part_org_code_uq" ON "additional_part" USING btree ("organization_id",lower("part_code"));--> statement-breakpoint
CREATE INDEX "additional_part_name_trgm" ON "additional_part" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "additional_part_code_trgm" ON "additional_part" USING gin ("part_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "additional_part_org_created_idx" ON "additional_part" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "closure_remark_org_name_uq" ON "closure_remark" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "closure_remark_name_trgm" ON "closure_remark" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "closure_remark_org_created_idx" ON "closure_remark" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_category_org_name_uq" ON "customer_category" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_category_name_trgm" ON "customer_category" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_category_org_created_idx" ON "customer_category" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_notification_org_name_uq" ON "escalation_notification" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "escalation_notification_name_trgm" ON "escalation_notification" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "escalation_notification_org_state_idx" ON "escalation_notification" USING btree ("organization_id","ticket_state");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_description_org_name_uq" ON "problem_description" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "problem_description_name_trgm" ON "problem_description" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "problem_description_org_created_idx" ON "problem_description" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_fleet_status_org_name_uq" ON "product_fleet_status" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_fleet_status_name_trgm" ON "product_fleet_status" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_fleet_status_org_created_idx" ON "product_fleet_status" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_type_org_name_uq" ON "service_type" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "service_type_name_trgm" ON "service_type" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_type_org_created_idx" ON "service_type" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_type_org_name_uq" ON "support_type" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "support_type_name_trgm" ON "support_type" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_type_org_created_idx" ON "support_type" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_category_org_name_uq" ON "territory_category" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "territory_category_name_trgm" ON "territory_category" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "territory_category_org_created_idx" ON "territory_category" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wip_state_org_name_uq" ON "wip_state" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "wip_state_name_trgm" ON "wip_state" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wip_state_org_order_idx" ON "wip_state" USING btree ("organization_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "wip_sub_stage_state_name_uq" ON "wip_sub_stage" USING btree ("organization_id","wip_state_id",lower("name"));--> statement-breakpoint
CREATE INDEX "wip_sub_stage_name_trgm" ON "wip_sub_stage" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wip_sub_stage_org_state_order_idx" ON "wip_sub_stage" USING btree ("organization_id","wip_state_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "pincode_type_org_name_uq" ON "pincode_type" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pincode_type_name_trgm" ON "pincode_type" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pincode_type_org_created_idx" ON "pincode_type" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "service_partner_territory_org_territory_idx" ON "service_partner_territory" USING btree ("organization_id","territory_id");--> statement-breakpoint
CREATE INDEX "technician_expertise_org_category_idx" ON "technician_expertise" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "technician_territory_org_territory_idx" ON "technician_territory" USING btree ("organization_id","territory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_org_name_uq" ON "territory" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "territory_name_trgm" ON "territory" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "territory_org_category_idx" ON "territory" USING btree ("organization_id","territory_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_pincode_org_pincode_uq" ON "territory_pincode" USING btree ("organization_id","pincode");--> statement-breakpoint
CREATE INDEX "territory_pincode_org_territory_idx" ON "territory_pincode" USING btree ("organization_id","territory_id","pincode");--> statement-breakpoint
CREATE INDEX "territory_pincode_pincode_trgm" ON "territory_pincode" USING gin ("pincode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "territory_pincode_area_trgm" ON "territory_pincode" USING gin ("area_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_organization_role_idx" ON "member" USING btree ("organization_id","role","status");--> statement-breakpoint
CREATE INDEX "member_organization_party_idx" ON "member" USING btree ("organization_id","party_id","role");--> statement-breakpoint
CREATE INDEX "member_phone_trgm" ON "member" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_name_trgm" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_name_lower_idx" ON "user" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "audit_log_organization_operation_idx" ON "audit_log" USING btree ("organization_id","operation","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_user_idx" ON "audit_log" USING btree ("organization_id","user_email","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_email_trgm" ON "audit_log" USING gin ("user_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_operation_trgm" ON "audit_log" USING gin ("operation" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "designation_org_name_uq" ON "designation" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "designation_name_trgm" ON "designation" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "party_name_trgm" ON "party" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "party_org_kind_name_uq" ON "party" USING btree ("organization_id","kind",lower("name"));