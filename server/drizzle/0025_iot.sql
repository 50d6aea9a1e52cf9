CREATE TABLE "iot_connectivity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"connected" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_job_executions" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"thing_id" integer NOT NULL,
	"status" text NOT NULL,
	"stdout" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_job_executions_status_check" CHECK ("status" in ('CREATED', 'QUEUED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELED', 'REJECTED', 'REMOVED', 'TIMED_OUT'))
);
--> statement-breakpoint
CREATE TABLE "iot_job_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parameters" jsonb NOT NULL,
	CONSTRAINT "iot_job_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "iot_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"template_id" integer NOT NULL,
	"description" text,
	"group_id" integer NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone,
	"parameters" jsonb NOT NULL,
	"thing_aws_ids" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "iot_jobs_status_check" CHECK ("status" in ('SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "iot_package_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_name" text NOT NULL,
	"version" text NOT NULL,
	"is_latest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_telemetry_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"metric" text NOT NULL,
	"value" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_telemetry_samples_metric_check" CHECK ("metric" in ('system location', 'dispense uploads')),
	CONSTRAINT "iot_telemetry_samples_value_check" CHECK ("value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "iot_thing_packages" (
	"thing_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_thing_packages_thing_id_package_name_pk" PRIMARY KEY("thing_id","package_name")
);
--> statement-breakpoint
CREATE TABLE "iot_things" (
	"id" serial PRIMARY KEY NOT NULL,
	"aws_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"group_id" integer NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"connectivity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_things_type_check" CHECK ("type" in ('fall_device_v1', 'nfc_gateway_v1'))
);
--> statement-breakpoint
ALTER TABLE "iot_connectivity_events" ADD CONSTRAINT "iot_connectivity_events_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_job_executions" ADD CONSTRAINT "iot_job_executions_job_id_iot_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."iot_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_job_executions" ADD CONSTRAINT "iot_job_executions_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_jobs" ADD CONSTRAINT "iot_jobs_template_id_iot_job_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."iot_job_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_jobs" ADD CONSTRAINT "iot_jobs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_jobs" ADD CONSTRAINT "iot_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_telemetry_samples" ADD CONSTRAINT "iot_telemetry_samples_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_thing_packages" ADD CONSTRAINT "iot_thing_packages_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_connectivity_events_thing_at_idx" ON "iot_connectivity_events" USING btree ("thing_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_job_executions_job_thing_key" ON "iot_job_executions" USING btree ("job_id","thing_id");--> statement-breakpoint
CREATE INDEX "iot_job_executions_thing_idx" ON "iot_job_executions" USING btree ("thing_id","id");--> statement-breakpoint
CREATE INDEX "iot_job_executions_queued_idx" ON "iot_job_executions" USING btree ("thing_id","id") WHERE "status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "iot_jobs_group_idx" ON "iot_jobs" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "iot_jobs_scheduled_idx" ON "iot_jobs" USING btree ("start_at") WHERE "status" = 'SCHEDULED';--> statement-breakpoint
CREATE UNIQUE INDEX "iot_package_versions_name_version_key" ON "iot_package_versions" USING btree ("package_name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_package_versions_one_latest_idx" ON "iot_package_versions" USING btree ("package_name") WHERE "is_latest";--> statement-breakpoint
CREATE INDEX "iot_telemetry_samples_thing_at_idx" ON "iot_telemetry_samples" USING btree ("thing_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_things_aws_id_key" ON "iot_things" USING btree ("aws_id");--> statement-breakpoint
CREATE INDEX "iot_things_group_idx" ON "iot_things" USING btree ("group_id","id");