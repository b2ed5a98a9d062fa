CREATE TABLE "device_action" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"action_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"record_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_action_organization_id_user_id_action_id_pk" PRIMARY KEY("organization_id","user_id","action_id")
);
--> statement-breakpoint
ALTER TABLE "device_action" ADD CONSTRAINT "device_action_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_action" ADD CONSTRAINT "device_action_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_action_received_idx" ON "device_action" USING btree ("received_at");