CREATE TABLE "device_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"description" text NOT NULL,
	"settings" jsonb,
	"firmware_version_id" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_operations_type_check" CHECK ("type" in ('SETTING', 'DFU')),
	CONSTRAINT "device_operations_status_check" CHECK ("status" in ('PENDING', 'WORKING', 'DONE', 'FAILED', 'CANCELED')),
	CONSTRAINT "device_operations_progress_check" CHECK ("progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "device_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"desired" jsonb NOT NULL,
	"reported" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_firmware_version_id_firmware_versions_id_fk" FOREIGN KEY ("firmware_version_id") REFERENCES "public"."firmware_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_settings" ADD CONSTRAINT "device_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_presets" ADD CONSTRAINT "setting_presets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_presets" ADD CONSTRAINT "setting_presets_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_presets" ADD CONSTRAINT "setting_presets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_operations_device_idx" ON "device_operations" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_operations_open_group_idx" ON "device_operations" USING btree ("group_id") WHERE "status" in ('PENDING', 'WORKING');--> statement-breakpoint
CREATE UNIQUE INDEX "device_operations_one_open_idx" ON "device_operations" USING btree ("device_id","type") WHERE "status" in ('PENDING', 'WORKING');--> statement-breakpoint
CREATE INDEX "setting_presets_organization_model_idx" ON "setting_presets" USING btree ("organization_id","model_id");