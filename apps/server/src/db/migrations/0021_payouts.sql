CREATE TABLE "payout" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"party_id" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"state" text NOT NULL,
	"supply" text,
	"partner_gstin" text,
	"organization_gstin" text,
	"ticket_count" integer NOT NULL,
	"extra_count" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"workflow_request_id" text,
	"decision_comment" text,
	"note" text,
	"raised_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_period_ck" CHECK ("payout"."period_to" >= "payout"."period_from"),
	CONSTRAINT "payout_paid_within_total" CHECK ("payout"."paid_paise" BETWEEN 0 AND "payout"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "payout_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"payout_id" text NOT NULL,
	"position" integer NOT NULL,
	"ticket_id" text,
	"closed_on" date,
	"description" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"payout_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_payment_amount_ck" CHECK ("payout_payment"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "party" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_raised_by_user_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_line" ADD CONSTRAINT "payout_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_line" ADD CONSTRAINT "payout_line_payout_id_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_line" ADD CONSTRAINT "payout_line_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_payment" ADD CONSTRAINT "payout_payment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_payment" ADD CONSTRAINT "payout_payment_payout_id_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_payment" ADD CONSTRAINT "payout_payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_org_number_uq" ON "payout" USING btree ("organization_id","invoice_number");--> statement-breakpoint
CREATE INDEX "payout_org_created_idx" ON "payout" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_org_party_created_idx" ON "payout" USING btree ("organization_id","party_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_org_state_created_idx" ON "payout" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_invoice_number_trgm" ON "payout" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_line_live_ticket_uq" ON "payout_line" USING btree ("organization_id","ticket_id") WHERE "payout_line"."ticket_id" IS NOT NULL AND "payout_line"."live";--> statement-breakpoint
CREATE INDEX "payout_line_payout_idx" ON "payout_line" USING btree ("organization_id","payout_id","closed_on","id");--> statement-breakpoint
CREATE INDEX "payout_payment_payout_idx" ON "payout_payment" USING btree ("organization_id","payout_id");