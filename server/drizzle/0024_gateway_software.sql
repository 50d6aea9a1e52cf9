CREATE TABLE "gateway_software" (
	"device_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"software_version_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_software_device_id_package_name_pk" PRIMARY KEY("device_id","package_name")
);
--> statement-breakpoint
CREATE TABLE "gateway_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"terminal_enabled" boolean DEFAULT false NOT NULL,
	"terminal_url" text,
	"terminal_requested_at" timestamp with time zone,
	"status_code" integer,
	"status_message" text,
	"status_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_states_status_code_check" CHECK ("status_code" is null or "status_code" between 100 and 599)
);
--> statement-breakpoint
CREATE TABLE "software_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"software_version_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "software_jobs_status_check" CHECK ("status" in ('PENDING', 'STARTED', 'UPDATED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "software_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_name" text NOT NULL,
	"version" text NOT NULL,
	"model_id" integer NOT NULL,
	"is_latest" boolean DEFAULT false NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "software_versions_model_package_version_key" UNIQUE("model_id","package_name","version")
);
--> statement-breakpoint
ALTER TABLE "gateway_software" ADD CONSTRAINT "gateway_software_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_software" ADD CONSTRAINT "gateway_software_software_version_id_software_versions_id_fk" FOREIGN KEY ("software_version_id") REFERENCES "public"."software_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_states" ADD CONSTRAINT "gateway_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_jobs" ADD CONSTRAINT "software_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_jobs" ADD CONSTRAINT "software_jobs_software_version_id_software_versions_id_fk" FOREIGN KEY ("software_version_id") REFERENCES "public"."software_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_jobs" ADD CONSTRAINT "software_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_versions" ADD CONSTRAINT "software_versions_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "software_jobs_device_idx" ON "software_jobs" USING btree ("device_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "software_jobs_one_open_idx" ON "software_jobs" USING btree ("device_id","software_version_id") WHERE "status" in ('PENDING', 'STARTED');--> statement-breakpoint
CREATE UNIQUE INDEX "software_versions_one_latest_idx" ON "software_versions" USING btree ("model_id","package_name") WHERE "is_latest";