CREATE TABLE "maintenance_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"fleet_item_id" text NOT NULL,
	"contract_id" text,
	"repeat" text NOT NULL,
	"every" integer,
	"first_date" date NOT NULL,
	"end_date" date,
	"lead_days" integer NOT NULL,
	"next_due_date" date,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"stop_reason" text,
	"stopped_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_visit" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"due_date" date NOT NULL,
	"outcome" text NOT NULL,
	"ticket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_contract_id_amc_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."amc_contract"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visit" ADD CONSTRAINT "maintenance_visit_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visit" ADD CONSTRAINT "maintenance_visit_plan_id_maintenance_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visit" ADD CONSTRAINT "maintenance_visit_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plan_org_created_idx" ON "maintenance_plan" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_plan_org_item_idx" ON "maintenance_plan" USING btree ("organization_id","fleet_item_id");--> statement-breakpoint
CREATE INDEX "maintenance_plan_active_due_idx" ON "maintenance_plan" USING btree ("organization_id","next_due_date") WHERE "maintenance_plan"."state" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_visit_once_uq" ON "maintenance_visit" USING btree ("plan_id","due_date");--> statement-breakpoint
CREATE INDEX "maintenance_visit_org_outcome_idx" ON "maintenance_visit" USING btree ("organization_id","outcome","due_date");