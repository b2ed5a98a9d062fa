CREATE TABLE "cost_configuration" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"party_id" text NOT NULL,
	"service_id" text,
	"category_id" text,
	"service_type_id" text,
	"territory_category_id" text,
	"amount_paise" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	CONSTRAINT "cost_configuration_amount_ck" CHECK ("cost_configuration"."amount_paise" >= 0),
	CONSTRAINT "cost_configuration_days_ck" CHECK ("cost_configuration"."valid_until" is null or "cost_configuration"."valid_until" >= "cost_configuration"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "service_type_id" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "partner_amount_paise" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "partner_rate_card_id" text;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_service_type_id_service_type_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_configuration" ADD CONSTRAINT "cost_configuration_territory_category_id_territory_category_id_fk" FOREIGN KEY ("territory_category_id") REFERENCES "public"."territory_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_configuration_org_name_uq" ON "cost_configuration" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cost_configuration_name_trgm" ON "cost_configuration" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cost_configuration_org_party_idx" ON "cost_configuration" USING btree ("organization_id","party_id","status");--> statement-breakpoint
CREATE INDEX "cost_configuration_org_created_idx" ON "cost_configuration" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_service_type_id_service_type_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_partner_rate_card_id_cost_configuration_id_fk" FOREIGN KEY ("partner_rate_card_id") REFERENCES "public"."cost_configuration"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_org_partner_closed_idx" ON "ticket" USING btree ("organization_id","partner_party_id","closed_at") WHERE "ticket"."closed_at" is not null and "ticket"."partner_party_id" is not null;