CREATE TABLE "purchase_order" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"po_number" text NOT NULL,
	"state" text NOT NULL,
	"vendor_id" text NOT NULL,
	"store_id" text NOT NULL,
	"supply" text NOT NULL,
	"expected_on" date,
	"note" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"workflow_request_id" text,
	"decision_comment" text,
	"shared_at" timestamp with time zone,
	"shared_to" text,
	"raised_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_paid_within_total" CHECK ("purchase_order"."paid_paise" BETWEEN 0 AND "purchase_order"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"purchase_order_id" text NOT NULL,
	"position" integer NOT NULL,
	"component_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_line_quantity_positive" CHECK ("purchase_order_line"."quantity" > 0),
	CONSTRAINT "purchase_order_line_received_within_ordered" CHECK ("purchase_order_line"."received_quantity" BETWEEN 0 AND "purchase_order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"purchase_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_payment_amount_positive" CHECK ("purchase_order_payment"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipt" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"purchase_order_id" text NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"movement_group_id" text NOT NULL,
	"received_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipt_line" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"receipt_id" text NOT NULL,
	"line_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock_movement_id" text NOT NULL,
	CONSTRAINT "purchase_order_receipt_line_quantity_positive" CHECK ("purchase_order_receipt_line"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_vendor_id_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_raised_by_user_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_purchase_order_id_purchase_order_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payment" ADD CONSTRAINT "purchase_order_payment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payment" ADD CONSTRAINT "purchase_order_payment_purchase_order_id_purchase_order_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payment" ADD CONSTRAINT "purchase_order_payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt" ADD CONSTRAINT "purchase_order_receipt_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt" ADD CONSTRAINT "purchase_order_receipt_purchase_order_id_purchase_order_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt" ADD CONSTRAINT "purchase_order_receipt_received_by_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_line" ADD CONSTRAINT "purchase_order_receipt_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_line" ADD CONSTRAINT "purchase_order_receipt_line_receipt_id_purchase_order_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_order_receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_line" ADD CONSTRAINT "purchase_order_receipt_line_line_id_purchase_order_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_line" ADD CONSTRAINT "purchase_order_receipt_line_stock_movement_id_stock_movement_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movement"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_org_number_uq" ON "purchase_order" USING btree ("organization_id","po_number");--> statement-breakpoint
CREATE INDEX "purchase_order_org_created_idx" ON "purchase_order" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_order_org_state_created_idx" ON "purchase_order" USING btree ("organization_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_order_org_vendor_created_idx" ON "purchase_order" USING btree ("organization_id","vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_order_org_store_created_idx" ON "purchase_order" USING btree ("organization_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_order_number_trgm" ON "purchase_order" USING gin ("po_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_line_component_uq" ON "purchase_order_line" USING btree ("purchase_order_id","component_id");--> statement-breakpoint
CREATE INDEX "purchase_order_line_order_idx" ON "purchase_order_line" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_payment_order_idx" ON "purchase_order_payment" USING btree ("purchase_order_id","paid_on");--> statement-breakpoint
CREATE INDEX "purchase_order_receipt_order_idx" ON "purchase_order_receipt" USING btree ("purchase_order_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_receipt_line_receipt_idx" ON "purchase_order_receipt_line" USING btree ("receipt_id");