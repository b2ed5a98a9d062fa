CREATE TABLE "component" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"part_number" text NOT NULL,
	"unit" text DEFAULT 'NOS' NOT NULL,
	"price_paise" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"hsn_code" text,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_level" (
	"id" text GENERATED ALWAYS AS (store_id || ':' || component_id) STORED NOT NULL,
	"organization_id" text NOT NULL,
	"store_id" text NOT NULL,
	"component_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"value_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_level_store_id_component_id_pk" PRIMARY KEY("store_id","component_id"),
	CONSTRAINT "stock_level_quantity_not_negative" CHECK ("stock_level"."quantity" >= 0),
	CONSTRAINT "stock_level_value_not_negative" CHECK ("stock_level"."value_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"store_id" text NOT NULL,
	"component_id" text NOT NULL,
	"movement_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"unit_cost_paise" bigint NOT NULL,
	"value_paise" bigint NOT NULL,
	"reference" text,
	"reason" text,
	"ticket_id" text,
	"technician_user_id" text,
	"consumed_quantity" integer,
	"consumed_value_paise" bigint,
	"other_store_id" text,
	"movement_group_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"party_id" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"phone" text,
	"manager_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"contact_person" text,
	"phone" text,
	"email" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component" ADD CONSTRAINT "component_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_technician_user_id_user_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_other_store_id_store_id_fk" FOREIGN KEY ("other_store_id") REFERENCES "public"."store"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "component_org_part_number_uq" ON "component" USING btree ("organization_id",lower("part_number"));--> statement-breakpoint
CREATE INDEX "component_org_name_idx" ON "component" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "component_org_created_idx" ON "component" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "component_name_trgm" ON "component" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "component_part_number_trgm" ON "component" USING gin ("part_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "component_service_ids_gin" ON "component" USING gin ("service_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_level_id_uq" ON "stock_level" USING btree ("id");--> statement-breakpoint
CREATE INDEX "stock_level_org_component_idx" ON "stock_level" USING btree ("organization_id","component_id");--> statement-breakpoint
CREATE INDEX "stock_level_org_store_idx" ON "stock_level" USING btree ("organization_id","store_id");--> statement-breakpoint
CREATE INDEX "stock_movement_org_created_idx" ON "stock_movement" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movement_org_component_created_idx" ON "stock_movement" USING btree ("organization_id","component_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movement_org_store_created_idx" ON "stock_movement" USING btree ("organization_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movement_ticket_idx" ON "stock_movement" USING btree ("organization_id","ticket_id") WHERE "stock_movement"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "store_org_name_uq" ON "store" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "store_name_trgm" ON "store" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_city_trgm" ON "store" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_org_party_idx" ON "store" USING btree ("organization_id","party_id");--> statement-breakpoint
CREATE INDEX "store_org_created_idx" ON "store" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_org_name_uq" ON "vendor" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_org_gstin_uq" ON "vendor" USING btree ("organization_id","gstin") WHERE "vendor"."gstin" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_name_trgm" ON "vendor" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_city_trgm" ON "vendor" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_gstin_trgm" ON "vendor" USING gin ("gstin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_org_city_idx" ON "vendor" USING btree ("organization_id",lower("city"));--> statement-breakpoint
CREATE INDEX "vendor_org_created_idx" ON "vendor" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "service" DROP COLUMN "component_ids";