CREATE TABLE "device_heartbeat_days" (
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"beats" integer NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "device_heartbeat_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "shift_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"seen" boolean NOT NULL,
	CONSTRAINT "shift_days_day_user_id_group_id_pk" PRIMARY KEY("day","user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "opportunity_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"door_at" timestamp with time zone NOT NULL,
	"visit_entry_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reply" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_disputes_kind" CHECK ("opportunity_disputes"."kind" in ('ENTRY', 'EXIT')),
	CONSTRAINT "opportunity_disputes_reason" CHECK ("opportunity_disputes"."reason" in ('WASHED_ELSEWHERE', 'BADGE_LEFT', 'OTHER')),
	CONSTRAINT "opportunity_disputes_status" CHECK ("opportunity_disputes"."status" in ('OPEN', 'ACCEPTED', 'DECLINED'))
);
--> statement-breakpoint
ALTER TABLE "opportunity_disputes" ADD CONSTRAINT "opportunity_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_disputes" ADD CONSTRAINT "opportunity_disputes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_disputes" ADD CONSTRAINT "opportunity_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_days_group_id_day_idx" ON "shift_days" USING btree ("group_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_disputes_user_kind_door_key" ON "opportunity_disputes" USING btree ("user_id","kind","door_at");--> statement-breakpoint
CREATE INDEX "opportunity_disputes_group_status_idx" ON "opportunity_disputes" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "dispense_daily_dispenser_id_day_idx" ON "dispense_daily" USING btree ("dispenser_id","day");