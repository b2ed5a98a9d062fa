CREATE TABLE "credit_account" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_account_balance_ck" CHECK ("credit_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"amount_paise" integer,
	"ticket_id" text,
	"provider" text,
	"reference" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entry_balance_ck" CHECK ("credit_entry"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_account" ADD CONSTRAINT "credit_account_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entry_org_created_idx" ON "credit_entry" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_entry_org_kind_created_idx" ON "credit_entry" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "credit_entry_reference_trgm" ON "credit_entry" USING gin ("reference" gin_trgm_ops);