CREATE TABLE "amc_type" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"duration_months" integer NOT NULL,
	"visits" integer,
	"price_paise" bigint NOT NULL,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_item" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"serial_number" text NOT NULL,
	"service_id" text NOT NULL,
	"customer_id" text,
	"location_id" text,
	"dealer_party_id" text,
	"invoice_date" date,
	"installation_date" date,
	"warranty_months" integer,
	"warranty_end_date" date,
	"warranty_end_explicit" boolean DEFAULT false NOT NULL,
	"amc_type_id" text,
	"amc_start_date" date,
	"amc_end_date" date,
	"amc_visits_included" integer,
	"amc_visits_used" integer DEFAULT 0 NOT NULL,
	"product_fleet_status_id" text,
	"notes" text,
	"approval_state" text DEFAULT 'APPROVED' NOT NULL,
	"pending_customer_id" text,
	"pending_location_id" text,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "fleet_item_event" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"fleet_item_id" text NOT NULL,
	"kind" text NOT NULL,
	"details" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "fleet_item_id" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "coverage" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "coverage_until" date;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "coverage_visits_left" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "amc_visit_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "amc_type" ADD CONSTRAINT "amc_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_location_id_customer_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_dealer_party_id_party_id_fk" FOREIGN KEY ("dealer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_amc_type_id_amc_type_id_fk" FOREIGN KEY ("amc_type_id") REFERENCES "public"."amc_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_product_fleet_status_id_product_fleet_status_id_fk" FOREIGN KEY ("product_fleet_status_id") REFERENCES "public"."product_fleet_status"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_pending_customer_id_customer_id_fk" FOREIGN KEY ("pending_customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_pending_location_id_customer_location_id_fk" FOREIGN KEY ("pending_location_id") REFERENCES "public"."customer_location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item" ADD CONSTRAINT "fleet_item_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item_event" ADD CONSTRAINT "fleet_item_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item_event" ADD CONSTRAINT "fleet_item_event_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_item_event" ADD CONSTRAINT "fleet_item_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amc_type_org_name_uq" ON "amc_type" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "amc_type_name_trgm" ON "amc_type" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_item_org_service_serial_uq" ON "fleet_item" USING btree ("organization_id","service_id","serial_number");--> statement-breakpoint
CREATE INDEX "fleet_item_org_serial_prefix_idx" ON "fleet_item" USING btree ("organization_id","serial_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "fleet_item_org_customer_idx" ON "fleet_item" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "fleet_item_org_dealer_created_idx" ON "fleet_item" USING btree ("organization_id","dealer_party_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_item_org_created_idx" ON "fleet_item" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_item_org_pending_idx" ON "fleet_item" USING btree ("organization_id","approval_state") WHERE "fleet_item"."approval_state" <> 'APPROVED';--> statement-breakpoint
CREATE INDEX "fleet_item_event_item_idx" ON "fleet_item_event" USING btree ("fleet_item_id","created_at");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_org_fleet_item_idx" ON "ticket" USING btree ("organization_id","fleet_item_id","created_at");