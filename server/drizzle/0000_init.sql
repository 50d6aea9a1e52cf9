CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"schedule" text DEFAULT 'WEEKLY' NOT NULL,
	CONSTRAINT "email_subscriptions_user_id_type_key" UNIQUE("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text,
	"time_zone" text DEFAULT 'US/Pacific' NOT NULL,
	"floorplan_image" text,
	"shift_length_hours" integer DEFAULT 12 NOT NULL,
	"required_hand_wash_duration" integer DEFAULT 20 NOT NULL,
	"required_visit_duration" integer DEFAULT 30 NOT NULL,
	"before_entry_seconds_to_comply" integer DEFAULT 60 NOT NULL,
	"after_entry_seconds_to_comply" integer DEFAULT 60 NOT NULL,
	"before_exit_seconds_to_comply" integer DEFAULT 60 NOT NULL,
	"after_exit_seconds_to_comply" integer DEFAULT 120 NOT NULL,
	"map_scale" double precision
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"type" text NOT NULL,
	"account_type" text NOT NULL,
	"default_location_id" integer,
	"display_durations" boolean DEFAULT true NOT NULL,
	"display_reminders" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_account_type_check" CHECK ("account_type" in ('LAVO', 'PRO', 'BASIC'))
);
--> statement-breakpoint
CREATE TABLE "permission_template_permissions" (
	"template_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "permission_template_permissions_template_id_permission_id_pk" PRIMARY KEY("template_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permission_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner" text,
	"organization_id" integer
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text DEFAULT 'access' NOT NULL,
	"subject" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "permissions_subject_unique" UNIQUE("subject")
);
--> statement-breakpoint
CREATE TABLE "professions" (
	"pid" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"organization_id" integer,
	CONSTRAINT "professions_organization_id_code_key" UNIQUE NULLS NOT DISTINCT("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "user_managed_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_managed_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_managed_organizations" (
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_managed_organizations_user_id_organization_id_pk" PRIMARY KEY("user_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"client_user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"picture" text,
	"profession_code" text,
	"organization_id" integer NOT NULL,
	"group_id" integer,
	"role_id" integer DEFAULT 4 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"cognito_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name"),
	CONSTRAINT "users_cognito_id_unique" UNIQUE("cognito_id"),
	CONSTRAINT "users_user_name_lower_check" CHECK ("users"."user_name" = lower("users"."user_name"))
);
--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD CONSTRAINT "email_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_parent_id_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_location_id_groups_id_fk" FOREIGN KEY ("default_location_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_template_permissions" ADD CONSTRAINT "permission_template_permissions_template_id_permission_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."permission_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_template_permissions" ADD CONSTRAINT "permission_template_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_templates" ADD CONSTRAINT "permission_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professions" ADD CONSTRAINT "professions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_managed_groups" ADD CONSTRAINT "user_managed_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_managed_groups" ADD CONSTRAINT "user_managed_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_managed_organizations" ADD CONSTRAINT "user_managed_organizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_managed_organizations" ADD CONSTRAINT "user_managed_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_permission_templates_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."permission_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_parent_id_idx" ON "groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "groups_organization_id_idx" ON "groups" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organizations_parent_id_idx" ON "organizations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "permission_templates_organization_id_idx" ON "permission_templates" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "user_managed_groups_group_id_idx" ON "user_managed_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "user_managed_organizations_organization_id_idx" ON "user_managed_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "users_organization_id_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "users_group_id_idx" ON "users" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");