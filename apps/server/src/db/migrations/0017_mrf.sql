CREATE TABLE "mrf" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"mrf_number" text NOT NULL,
	"ticket_id" text NOT NULL,
	"store_id" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"reason" text,
	"receipt_reference" text,
	"raised_by" text,
	"fulfilled_by" text,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mrf_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"mrf_id" text NOT NULL,
	"position" integer NOT NULL,
	"component_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "mrf_line_quantity_positive" CHECK ("mrf_line"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "mrf" ADD CONSTRAINT "mrf_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf" ADD CONSTRAINT "mrf_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf" ADD CONSTRAINT "mrf_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf" ADD CONSTRAINT "mrf_raised_by_user_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf" ADD CONSTRAINT "mrf_fulfilled_by_user_id_fk" FOREIGN KEY ("fulfilled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf_line" ADD CONSTRAINT "mrf_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf_line" ADD CONSTRAINT "mrf_line_mrf_id_mrf_id_fk" FOREIGN KEY ("mrf_id") REFERENCES "public"."mrf"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrf_line" ADD CONSTRAINT "mrf_line_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mrf_org_number_uq" ON "mrf" USING btree ("organization_id","mrf_number");--> statement-breakpoint
CREATE INDEX "mrf_org_ticket_idx" ON "mrf" USING btree ("organization_id","ticket_id");--> statement-breakpoint
CREATE INDEX "mrf_org_created_idx" ON "mrf" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mrf_org_state_created_idx" ON "mrf" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "mrf_org_store_created_idx" ON "mrf" USING btree ("organization_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mrf_line_mrf_idx" ON "mrf_line" USING btree ("mrf_id","position");