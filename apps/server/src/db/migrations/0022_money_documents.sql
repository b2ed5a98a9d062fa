CREATE TABLE "amc_contract" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"contract_number" text NOT NULL,
	"customer_id" text NOT NULL,
	"amc_type_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"visits_per_item" integer,
	"amount_paise" bigint NOT NULL,
	"source" text NOT NULL,
	"quotation_id" text,
	"note" text,
	"applied_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amc_contract_item" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"fleet_item_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fgr" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"fgr_number" text NOT NULL,
	"state" text NOT NULL,
	"ticket_id" text NOT NULL,
	"fleet_item_id" text NOT NULL,
	"coverage" text NOT NULL,
	"coverage_until" date NOT NULL,
	"reason" text NOT NULL,
	"replacement_serial_number" text NOT NULL,
	"replacement_fleet_item_id" text,
	"note" text,
	"workflow_request_id" text,
	"decision_comment" text,
	"claim_status" text DEFAULT 'PENDING' NOT NULL,
	"claim_reference" text,
	"claim_note" text,
	"claim_updated_at" timestamp with time zone,
	"reopened_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"quotation_number" text NOT NULL,
	"party_id" text,
	"revision" integer NOT NULL,
	"state" text NOT NULL,
	"customer_id" text NOT NULL,
	"location_id" text NOT NULL,
	"ticket_id" text,
	"template_id" text,
	"supply" text NOT NULL,
	"valid_until" date NOT NULL,
	"header_text" text,
	"footer_text" text,
	"terms" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"workflow_request_id" text,
	"decision_comment" text,
	"customer_comment" text,
	"responded_at" timestamp with time zone,
	"outcome" jsonb,
	"shared_at" timestamp with time zone,
	"shared_to" text,
	"created_by_member_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_paid_within_total" CHECK ("quotation"."paid_paise" BETWEEN 0 AND "quotation"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "quotation_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"quotation_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text,
	"fleet_item_id" text,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"quotation_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_payment_amount_positive" CHECK ("quotation_payment"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotation_template" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"header_text" text,
	"footer_text" text,
	"terms" text,
	"validity_days" integer NOT NULL,
	"default_lines" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "amc_contract" ADD CONSTRAINT "amc_contract_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract" ADD CONSTRAINT "amc_contract_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract" ADD CONSTRAINT "amc_contract_amc_type_id_amc_type_id_fk" FOREIGN KEY ("amc_type_id") REFERENCES "public"."amc_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract" ADD CONSTRAINT "amc_contract_quotation_id_quotation_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract" ADD CONSTRAINT "amc_contract_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract_item" ADD CONSTRAINT "amc_contract_item_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract_item" ADD CONSTRAINT "amc_contract_item_contract_id_amc_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."amc_contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contract_item" ADD CONSTRAINT "amc_contract_item_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgr" ADD CONSTRAINT "fgr_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgr" ADD CONSTRAINT "fgr_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgr" ADD CONSTRAINT "fgr_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgr" ADD CONSTRAINT "fgr_replacement_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("replacement_fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgr" ADD CONSTRAINT "fgr_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_location_id_customer_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_template_id_quotation_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quotation_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation" ADD CONSTRAINT "quotation_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_line" ADD CONSTRAINT "quotation_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_line" ADD CONSTRAINT "quotation_line_quotation_id_quotation_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_line" ADD CONSTRAINT "quotation_line_fleet_item_id_fleet_item_id_fk" FOREIGN KEY ("fleet_item_id") REFERENCES "public"."fleet_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_payment" ADD CONSTRAINT "quotation_payment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_payment" ADD CONSTRAINT "quotation_payment_quotation_id_quotation_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_payment" ADD CONSTRAINT "quotation_payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_template" ADD CONSTRAINT "quotation_template_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amc_contract_org_number_uq" ON "amc_contract" USING btree ("organization_id","contract_number");--> statement-breakpoint
CREATE INDEX "amc_contract_org_end_idx" ON "amc_contract" USING btree ("organization_id","end_date","id");--> statement-breakpoint
CREATE INDEX "amc_contract_org_customer_idx" ON "amc_contract" USING btree ("organization_id","customer_id","end_date");--> statement-breakpoint
CREATE INDEX "amc_contract_unapplied_idx" ON "amc_contract" USING btree ("start_date") WHERE "amc_contract"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "amc_contract_number_trgm" ON "amc_contract" USING gin ("contract_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "amc_contract_item_uq" ON "amc_contract_item" USING btree ("contract_id","fleet_item_id");--> statement-breakpoint
CREATE INDEX "amc_contract_item_fleet_idx" ON "amc_contract_item" USING btree ("organization_id","fleet_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fgr_org_number_uq" ON "fgr" USING btree ("organization_id","fgr_number");--> statement-breakpoint
CREATE UNIQUE INDEX "fgr_live_ticket_uq" ON "fgr" USING btree ("organization_id","ticket_id") WHERE "fgr"."state" IN ('PENDING_APPROVAL', 'APPROVED');--> statement-breakpoint
CREATE INDEX "fgr_org_created_idx" ON "fgr" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fgr_org_state_created_idx" ON "fgr" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "fgr_number_trgm" ON "fgr" USING gin ("fgr_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_org_number_revision_uq" ON "quotation" USING btree ("organization_id","quotation_number","revision");--> statement-breakpoint
CREATE INDEX "quotation_org_created_idx" ON "quotation" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotation_org_state_created_idx" ON "quotation" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "quotation_org_customer_created_idx" ON "quotation" USING btree ("organization_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotation_org_ticket_idx" ON "quotation" USING btree ("organization_id","ticket_id") WHERE "quotation"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quotation_number_trgm" ON "quotation" USING gin ("quotation_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotation_line_quotation_idx" ON "quotation_line" USING btree ("quotation_id","position");--> statement-breakpoint
CREATE INDEX "quotation_payment_quotation_idx" ON "quotation_payment" USING btree ("quotation_id","paid_on");--> statement-breakpoint
CREATE INDEX "quotation_payment_org_paid_idx" ON "quotation_payment" USING btree ("organization_id","paid_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_template_org_name_uq" ON "quotation_template" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "quotation_template_name_trgm" ON "quotation_template" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotation_template_org_created_idx" ON "quotation_template" USING btree ("organization_id","created_at");