CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"mac" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"model_id" integer NOT NULL,
	"firmware_version_id" integer,
	"role" text,
	"physical_role" text,
	"zone_id" integer,
	"mode" text,
	"tx_power" integer,
	"code" text,
	"station" text,
	"gateway_id" integer,
	"sync_enabled" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"staged" boolean DEFAULT false NOT NULL,
	"publish" boolean DEFAULT true NOT NULL,
	"x" double precision,
	"y" double precision,
	"battery_percent" integer,
	"battery_mv" integer,
	"last_heartbeat_at" timestamp with time zone,
	"replaced_device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_mac_unique" UNIQUE("mac"),
	CONSTRAINT "devices_type_check" CHECK ("type" in ('BEACON', 'TABLET', 'GATEWAY', 'DISPENSER', 'WRISTBAND', 'BADGE')),
	CONSTRAINT "devices_mac_check" CHECK ("mac" ~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$')
);
--> statement-breakpoint
CREATE TABLE "firmware_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"version" text NOT NULL,
	"url" text,
	"is_latest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wearable_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"unassigned_at" timestamp with time zone,
	"assignor_id" integer,
	"assignor_type" text DEFAULT 'USER' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"ehr_id" text,
	"geometry" jsonb,
	"meta" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"staged" boolean DEFAULT false NOT NULL,
	"publish" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_type_check" CHECK ("type" in ('PATIENT_ROOM', 'CDIFF', 'REMINDER', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "bed_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"wearable_id" integer NOT NULL,
	"user_id" integer,
	"beacon_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "bed_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "bed_visits" (
	"user_id" integer NOT NULL,
	"beacon_id" integer NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"exit_at" timestamp with time zone NOT NULL,
	"group_id" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"counted" boolean NOT NULL,
	CONSTRAINT "bed_visits_user_id_beacon_id_entry_at_pk" PRIMARY KEY("user_id","beacon_id","entry_at")
);
--> statement-breakpoint
CREATE TABLE "compliance_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"entry_opportunities" integer NOT NULL,
	"entry_compliant" integer NOT NULL,
	"exit_opportunities" integer NOT NULL,
	"exit_compliant" integer NOT NULL,
	"visit_count" integer NOT NULL,
	"visit_seconds" integer NOT NULL,
	CONSTRAINT "compliance_daily_day_user_id_group_id_pk" PRIMARY KEY("day","user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "counter_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer,
	"steps" integer,
	"distance_m" real,
	"calories" real,
	CONSTRAINT "counter_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "dispense_daily" (
	"day" date NOT NULL,
	"dispenser_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"role" text NOT NULL,
	"dispense_count" integer NOT NULL,
	"h00" integer DEFAULT 0 NOT NULL,
	"h01" integer DEFAULT 0 NOT NULL,
	"h02" integer DEFAULT 0 NOT NULL,
	"h03" integer DEFAULT 0 NOT NULL,
	"h04" integer DEFAULT 0 NOT NULL,
	"h05" integer DEFAULT 0 NOT NULL,
	"h06" integer DEFAULT 0 NOT NULL,
	"h07" integer DEFAULT 0 NOT NULL,
	"h08" integer DEFAULT 0 NOT NULL,
	"h09" integer DEFAULT 0 NOT NULL,
	"h10" integer DEFAULT 0 NOT NULL,
	"h11" integer DEFAULT 0 NOT NULL,
	"h12" integer DEFAULT 0 NOT NULL,
	"h13" integer DEFAULT 0 NOT NULL,
	"h14" integer DEFAULT 0 NOT NULL,
	"h15" integer DEFAULT 0 NOT NULL,
	"h16" integer DEFAULT 0 NOT NULL,
	"h17" integer DEFAULT 0 NOT NULL,
	"h18" integer DEFAULT 0 NOT NULL,
	"h19" integer DEFAULT 0 NOT NULL,
	"h20" integer DEFAULT 0 NOT NULL,
	"h21" integer DEFAULT 0 NOT NULL,
	"h22" integer DEFAULT 0 NOT NULL,
	"h23" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dispense_daily_day_dispenser_id_pk" PRIMARY KEY("day","dispenser_id")
);
--> statement-breakpoint
CREATE TABLE "dispense_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"dispenser_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"role" text NOT NULL,
	"user_id" integer,
	"wearable_id" integer,
	"duration_s" real,
	CONSTRAINT "dispense_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "event_ledger" (
	"event_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"gateway_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heartbeat_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"device_id" integer NOT NULL,
	"gateway_id" integer,
	"battery_percent" integer,
	"battery_mv" integer,
	CONSTRAINT "heartbeat_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "hygiene_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"wash_type" text NOT NULL,
	"wash_count" integer NOT NULL,
	"duration_sum" real NOT NULL,
	"duration_count" integer NOT NULL,
	CONSTRAINT "hygiene_daily_day_user_id_group_id_wash_type_pk" PRIMARY KEY("day","user_id","group_id","wash_type")
);
--> statement-breakpoint
CREATE TABLE "hygiene_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"user_id" integer,
	"wearable_id" integer,
	"dispenser_id" integer,
	"group_id" integer,
	"source" text NOT NULL,
	"wash_type" text NOT NULL,
	"duration_s" real,
	CONSTRAINT "hygiene_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "presence_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"wearable_id" integer NOT NULL,
	"user_id" integer,
	"zone_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "presence_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"wearable_id" integer NOT NULL,
	"user_id" integer,
	"zone_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "reminder_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "station_events" (
	"ts" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"wearable_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"slot" integer,
	CONSTRAINT "station_events_ts_event_id_pk" PRIMARY KEY("ts","event_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"user_id" integer NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"exit_at" timestamp with time zone NOT NULL,
	"zone_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"counted" boolean NOT NULL,
	"entry_compliant" boolean NOT NULL,
	"exit_compliant" boolean NOT NULL,
	"entry_wash_at" timestamp with time zone,
	"exit_wash_at" timestamp with time zone,
	"exit_wash_type" text,
	CONSTRAINT "visits_user_id_entry_at_pk" PRIMARY KEY("user_id","entry_at")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_firmware_version_id_firmware_versions_id_fk" FOREIGN KEY ("firmware_version_id") REFERENCES "public"."firmware_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_replaced_device_id_devices_id_fk" FOREIGN KEY ("replaced_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_versions" ADD CONSTRAINT "firmware_versions_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_assignments" ADD CONSTRAINT "wearable_assignments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_assignments" ADD CONSTRAINT "wearable_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_assignments" ADD CONSTRAINT "wearable_assignments_assignor_id_users_id_fk" FOREIGN KEY ("assignor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_group_id_type_idx" ON "devices" USING btree ("group_id","type");--> statement-breakpoint
CREATE INDEX "devices_zone_id_idx" ON "devices" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "firmware_versions_model_id_idx" ON "firmware_versions" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "wearable_assignments_device_id_idx" ON "wearable_assignments" USING btree ("device_id","assigned_at");--> statement-breakpoint
CREATE INDEX "wearable_assignments_user_id_idx" ON "wearable_assignments" USING btree ("user_id","assigned_at");--> statement-breakpoint
CREATE INDEX "zones_group_id_idx" ON "zones" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bed_events_user_id_ts_idx" ON "bed_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "bed_events_beacon_id_ts_idx" ON "bed_events" USING btree ("beacon_id","ts");--> statement-breakpoint
CREATE INDEX "bed_events_wearable_id_ts_idx" ON "bed_events" USING btree ("wearable_id","ts");--> statement-breakpoint
CREATE INDEX "bed_visits_group_id_entry_at_idx" ON "bed_visits" USING btree ("group_id","entry_at");--> statement-breakpoint
CREATE INDEX "bed_visits_beacon_id_entry_at_idx" ON "bed_visits" USING btree ("beacon_id","entry_at");--> statement-breakpoint
CREATE INDEX "compliance_daily_user_id_day_idx" ON "compliance_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "counter_events_user_id_ts_idx" ON "counter_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "dispense_daily_group_id_day_idx" ON "dispense_daily" USING btree ("group_id","day");--> statement-breakpoint
CREATE INDEX "dispense_events_dispenser_id_ts_idx" ON "dispense_events" USING btree ("dispenser_id","ts");--> statement-breakpoint
CREATE INDEX "dispense_events_group_id_ts_idx" ON "dispense_events" USING btree ("group_id","ts");--> statement-breakpoint
CREATE INDEX "heartbeat_events_device_id_ts_idx" ON "heartbeat_events" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "hygiene_daily_user_id_day_idx" ON "hygiene_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "hygiene_events_user_id_ts_idx" ON "hygiene_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "hygiene_events_group_id_ts_idx" ON "hygiene_events" USING btree ("group_id","ts");--> statement-breakpoint
CREATE INDEX "presence_events_user_id_ts_idx" ON "presence_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "presence_events_zone_id_ts_idx" ON "presence_events" USING btree ("zone_id","ts");--> statement-breakpoint
CREATE INDEX "presence_events_wearable_id_ts_idx" ON "presence_events" USING btree ("wearable_id","ts");--> statement-breakpoint
CREATE INDEX "reminder_events_user_id_ts_idx" ON "reminder_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "station_events_wearable_id_ts_idx" ON "station_events" USING btree ("wearable_id","ts");--> statement-breakpoint
CREATE INDEX "station_events_user_id_ts_idx" ON "station_events" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "visits_group_id_entry_at_idx" ON "visits" USING btree ("group_id","entry_at");--> statement-breakpoint
CREATE INDEX "visits_zone_id_entry_at_idx" ON "visits" USING btree ("zone_id","entry_at");