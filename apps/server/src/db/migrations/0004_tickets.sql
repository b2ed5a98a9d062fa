CREATE TABLE "technician_attendance" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"ticket_number" text NOT NULL,
	"state" text NOT NULL,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"customer_id" text NOT NULL,
	"location_id" text NOT NULL,
	"service_id" text NOT NULL,
	"category_id" text NOT NULL,
	"territory_id" text,
	"serial_number" text,
	"problem_description_id" text,
	"problem_note" text,
	"preferred_visit_date" date,
	"preferred_visit_time" text,
	"under_warranty" boolean DEFAULT false NOT NULL,
	"is_foc" boolean DEFAULT false NOT NULL,
	"service_charge_paise" integer DEFAULT 0 NOT NULL,
	"wip_sub_stage_id" text,
	"closure_remark_id" text,
	"is_floating" boolean DEFAULT false NOT NULL,
	"partner_party_id" text,
	"dealer_party_id" text,
	"technician_id" text,
	"assigned_at" timestamp with time zone,
	"closed_with" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"closure_reason" text,
	"recreated_from_ticket_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_closure_otp" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"voided_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_event" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"text" text,
	"details" jsonb,
	"file_key" text,
	"file_name" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "technician_attendance" ADD CONSTRAINT "technician_attendance_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_attendance" ADD CONSTRAINT "technician_attendance_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_location_id_customer_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_territory_id_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territory"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_problem_description_id_problem_description_id_fk" FOREIGN KEY ("problem_description_id") REFERENCES "public"."problem_description"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_wip_sub_stage_id_wip_sub_stage_id_fk" FOREIGN KEY ("wip_sub_stage_id") REFERENCES "public"."wip_sub_stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_closure_remark_id_closure_remark_id_fk" FOREIGN KEY ("closure_remark_id") REFERENCES "public"."closure_remark"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_partner_party_id_party_id_fk" FOREIGN KEY ("partner_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_dealer_party_id_party_id_fk" FOREIGN KEY ("dealer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_technician_id_member_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_closure_otp" ADD CONSTRAINT "ticket_closure_otp_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_closure_otp" ADD CONSTRAINT "ticket_closure_otp_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_closure_otp" ADD CONSTRAINT "ticket_closure_otp_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_closure_otp" ADD CONSTRAINT "ticket_closure_otp_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_event" ADD CONSTRAINT "ticket_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_event" ADD CONSTRAINT "ticket_event_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_event" ADD CONSTRAINT "ticket_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "technician_attendance_org_member_day_uq" ON "technician_attendance" USING btree ("organization_id","member_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_org_number_uq" ON "ticket" USING btree ("organization_id","ticket_number");--> statement-breakpoint
CREATE INDEX "ticket_org_state_created_idx" ON "ticket" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_org_technician_idx" ON "ticket" USING btree ("organization_id","technician_id","state");--> statement-breakpoint
CREATE INDEX "ticket_org_partner_idx" ON "ticket" USING btree ("organization_id","partner_party_id","state","created_at");--> statement-breakpoint
CREATE INDEX "ticket_org_dealer_idx" ON "ticket" USING btree ("organization_id","dealer_party_id","state","created_at");--> statement-breakpoint
CREATE INDEX "ticket_org_customer_idx" ON "ticket" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "ticket_org_created_idx" ON "ticket" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_org_closed_idx" ON "ticket" USING btree ("organization_id","closed_at");--> statement-breakpoint
CREATE INDEX "ticket_org_floating_idx" ON "ticket" USING btree ("organization_id","created_at") WHERE "ticket"."is_floating" and "ticket"."state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "ticket_number_trgm" ON "ticket" USING gin ("ticket_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_serial_trgm" ON "ticket" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_closure_otp_org_ticket_idx" ON "ticket_closure_otp" USING btree ("organization_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_event_org_ticket_idx" ON "ticket_event" USING btree ("organization_id","ticket_id","created_at");