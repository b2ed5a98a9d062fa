CREATE TABLE "component_request" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"request_number" text NOT NULL,
	"ticket_id" text NOT NULL,
	"store_id" text,
	"state" text NOT NULL,
	"note" text,
	"requested_by" text,
	"workflow_request_id" text,
	"decision_comment" text,
	"decided_at" timestamp with time zone,
	"issued_to" text,
	"issued_by" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_request_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"request_id" text NOT NULL,
	"position" integer NOT NULL,
	"component_id" text,
	"additional_part_id" text,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	CONSTRAINT "component_request_line_one_part" CHECK (("component_request_line"."component_id" IS NULL) <> ("component_request_line"."additional_part_id" IS NULL)),
	CONSTRAINT "component_request_line_quantity_positive" CHECK ("component_request_line"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_issued_to_user_id_fk" FOREIGN KEY ("issued_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request" ADD CONSTRAINT "component_request_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request_line" ADD CONSTRAINT "component_request_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request_line" ADD CONSTRAINT "component_request_line_request_id_component_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."component_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request_line" ADD CONSTRAINT "component_request_line_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_request_line" ADD CONSTRAINT "component_request_line_additional_part_id_additional_part_id_fk" FOREIGN KEY ("additional_part_id") REFERENCES "public"."additional_part"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "component_request_org_number_uq" ON "component_request" USING btree ("organization_id","request_number");--> statement-breakpoint
CREATE INDEX "component_request_org_ticket_idx" ON "component_request" USING btree ("organization_id","ticket_id");--> statement-breakpoint
CREATE INDEX "component_request_org_created_idx" ON "component_request" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "component_request_org_state_created_idx" ON "component_request" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "component_request_org_store_created_idx" ON "component_request" USING btree ("organization_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "component_request_line_request_idx" ON "component_request_line" USING btree ("request_id","position");