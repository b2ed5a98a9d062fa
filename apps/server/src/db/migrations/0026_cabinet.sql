CREATE TABLE "cabinet_document" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"description" text,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_folder" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_folder_share" (
	"folder_id" text NOT NULL,
	"party_id" text NOT NULL,
	CONSTRAINT "cabinet_folder_share_folder_id_party_id_pk" PRIMARY KEY("folder_id","party_id")
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "cabinet_quota_bytes" bigint DEFAULT 2147483648 NOT NULL;--> statement-breakpoint
ALTER TABLE "cabinet_document" ADD CONSTRAINT "cabinet_document_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_document" ADD CONSTRAINT "cabinet_document_folder_id_cabinet_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cabinet_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_document" ADD CONSTRAINT "cabinet_document_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_folder" ADD CONSTRAINT "cabinet_folder_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_folder" ADD CONSTRAINT "cabinet_folder_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_folder_share" ADD CONSTRAINT "cabinet_folder_share_folder_id_cabinet_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cabinet_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_folder_share" ADD CONSTRAINT "cabinet_folder_share_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabinet_document_folder_idx" ON "cabinet_document" USING btree ("folder_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "cabinet_document_org_idx" ON "cabinet_document" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_document_key_uq" ON "cabinet_document" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_document_name_uq" ON "cabinet_document" USING btree ("folder_id",lower("file_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_folder_name_uq" ON "cabinet_folder" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cabinet_folder_share_party_idx" ON "cabinet_folder_share" USING btree ("party_id","folder_id");