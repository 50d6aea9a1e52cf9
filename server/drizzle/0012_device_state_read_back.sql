DROP INDEX "heartbeat_events_device_id_ts_idx";--> statement-breakpoint
DROP INDEX "station_events_wearable_id_ts_idx";--> statement-breakpoint
CREATE INDEX "heartbeat_events_device_id_ts_event_id_idx" ON "heartbeat_events" USING btree ("device_id","ts","event_id");--> statement-breakpoint
CREATE INDEX "station_events_wearable_id_ts_event_id_idx" ON "station_events" USING btree ("wearable_id","ts","event_id");