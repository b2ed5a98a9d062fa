CREATE TABLE "contact_message" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text NOT NULL,
	"dial_code" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"request_number" text NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"source" text NOT NULL,
	"dealer_party_id" text,
	"customer_name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"email" text,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state_name" text NOT NULL,
	"country" text NOT NULL,
	"serial_number" text,
	"product_name" text,
	"problem" text NOT NULL,
	"preferred_visit_date" date,
	"created_by_member_id" text,
	"created_by" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"ticket_id" text,
	"customer_id" text
);
--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_dealer_party_id_party_id_fk" FOREIGN KEY ("dealer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_created_idx" ON "contact_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_request_org_created_idx" ON "service_request" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_request_org_state_idx" ON "service_request" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "service_request_org_dealer_idx" ON "service_request" USING btree ("organization_id","dealer_party_id","created_at");--> statement-breakpoint
CREATE INDEX "service_request_org_phone_idx" ON "service_request" USING btree ("organization_id","phone");