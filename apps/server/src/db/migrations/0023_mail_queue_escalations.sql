CREATE TABLE "ticket_escalation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"level" integer NOT NULL,
	"ticket_state" text NOT NULL,
	"state_since" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD COLUMN "priority" text;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD COLUMN "territory_id" text;--> statement-breakpoint
ALTER TABLE "ticket_escalation" ADD CONSTRAINT "ticket_escalation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_escalation" ADD CONSTRAINT "ticket_escalation_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_escalation" ADD CONSTRAINT "ticket_escalation_rule_id_escalation_notification_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."escalation_notification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_escalation_once_uq" ON "ticket_escalation" USING btree ("ticket_id","rule_id","level");--> statement-breakpoint
CREATE INDEX "ticket_escalation_org_fired_idx" ON "ticket_escalation" USING btree ("organization_id","fired_at");--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD CONSTRAINT "escalation_notification_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_notification" ADD CONSTRAINT "escalation_notification_territory_id_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territory"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_idempotency_key_uq" ON "mail_outbox" USING btree ("idempotency_key");--> statement-breakpoint
UPDATE "mail_outbox" SET "attempts" = 1, "sent_at" = CASE WHEN "status" = 'SENT' THEN "created_at" END;