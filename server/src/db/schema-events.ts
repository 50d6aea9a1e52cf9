import { index, integer, pgTable, primaryKey, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WashType } from '../contracts/devices';

// Raw sensor events, append-only, one table per kind. Each row keeps the ids the ingest resolved
// (device, wearer, zone, location) so reports never re-resolve MACs.
//
// Partitioning: every event table's primary key starts with `ts`, no unique key leaves it out and
// no foreign key points at an event table, so PostgreSQL can turn each into a table partitioned
// BY RANGE (ts) without changing a query. Event-id uniqueness across partitions is kept by the
// small `event_ledger` table instead, which the ingest writes first.

const ts = () => timestamp('ts', { withTimezone: true, mode: 'date' }).notNull();
const eventId = () => text('event_id').notNull();

/** Every event id ever accepted: a replayed batch finds its ids here and adds nothing. */
export const eventLedger = pgTable('event_ledger', {
  eventId: text('event_id').primaryKey(),
  kind: text('kind').notNull(),
  ts: ts(),
  /** The gateway that sent it (null for events the server or the simulator wrote directly). */
  gatewayId: integer('gateway_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Spans whose derived rows are still to be recomputed: a batch sent with `?derive=deferred` is
 * answered once stored, and its spans (a wearer's or a dispenser's first to last event) are
 * written here in the same transaction. The ingest's deferred deriver recomputes and deletes
 * them in one transaction, so a span is never lost, even to a crash.
 */
export const derivePending = pgTable('derive_pending', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<'USER' | 'WEARABLE' | 'DISPENSER' | 'DEVICE'>().notNull(),
  /** The wearer's user id, or the wearable's, dispenser's or heart-beating device's id. */
  subjectId: integer('subject_id').notNull(),
  fromTs: timestamp('from_ts', { withTimezone: true, mode: 'date' }).notNull(),
  toTs: timestamp('to_ts', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * How far the retention purge has removed a wearer's (USER) or a wearable's (WEARABLE) raw presence
 * and bed events: none before `purged_before` is left, so the derivation never rewrites their derived
 * rows before it (docs/PRIVACY.md 'Retention').
 */
export const retentionHorizons = pgTable(
  'retention_horizons',
  {
    kind: text('kind').$type<'USER' | 'WEARABLE'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    purgedBefore: timestamp('purged_before', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
);

/** A wearer entering or leaving a room (zone), seen through the room's beacon. */
export const presenceEvents = pgTable(
  'presence_events',
  {
    ts: ts(),
    eventId: eventId(),
    wearableId: integer('wearable_id').notNull(),
    userId: integer('user_id'),
    zoneId: integer('zone_id').notNull(),
    groupId: integer('group_id').notNull(),
    action: text('action').$type<'ENTER' | 'LEAVE'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ts, t.eventId] }),
    index('presence_events_user_id_ts_idx').on(t.userId, t.ts),
    index('presence_events_zone_id_ts_idx').on(t.zoneId, t.ts),
    index('presence_events_wearable_id_ts_idx').on(t.wearableId, t.ts),
  ],
);

/** A wearer coming near a bed beacon or moving away from it. */
export const bedEvents = pgTable(
  'bed_events',
  {
    ts: ts(),
    eventId: eventId(),
    wearableId: integer('wearable_id').notNull(),
    userId: integer('user_id'),
    beaconId: integer('beacon_id').notNull(),
    groupId: integer('group_id').notNull(),
    action: text('action').$type<'ENTER' | 'LEAVE'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ts, t.eventId] }),
    index('bed_events_user_id_ts_idx').on(t.userId, t.ts),
    index('bed_events_beacon_id_ts_idx').on(t.beaconId, t.ts),
    index('bed_events_wearable_id_ts_idx').on(t.wearableId, t.ts),
  ],
);

/**
 * A hand-hygiene event credited to a wearer: a dispenser activation credited to them (same event
 * id as the dispense) or a wash their wristband detected.
 */
export const hygieneEvents = pgTable(
  'hygiene_events',
  {
    ts: ts(),
    eventId: eventId(),
    userId: integer('user_id'),
    wearableId: integer('wearable_id'),
    dispenserId: integer('dispenser_id'),
    /** Where it happened: the dispenser's location, or the room the wearer was in (else their home location). */
    groupId: integer('group_id'),
    source: text('source').$type<'DISPENSER' | 'WRISTBAND'>().notNull(),
    washType: text('wash_type').$type<WashType>().notNull(),
    /** Seconds, when the sensor measured it. */
    durationS: real('duration_s'),
  },
  (t) => [
    primaryKey({ columns: [t.ts, t.eventId] }),
    index('hygiene_events_user_id_ts_idx').on(t.userId, t.ts),
    index('hygiene_events_group_id_ts_idx').on(t.groupId, t.ts),
    index('hygiene_events_wearable_id_ts_idx').on(t.wearableId, t.ts),
  ],
);

/** One dispenser activation, credited to a wearer or to nobody. */
export const dispenseEvents = pgTable(
  'dispense_events',
  {
    ts: ts(),
    eventId: eventId(),
    dispenserId: integer('dispenser_id').notNull(),
    groupId: integer('group_id').notNull(),
    /** The dispenser's role when it fired ('Soap' or 'Sanitizer'). */
    role: text('role').notNull(),
    userId: integer('user_id'),
    wearableId: integer('wearable_id'),
    durationS: real('duration_s'),
  },
  (t) => [
    primaryKey({ columns: [t.ts, t.eventId] }),
    index('dispense_events_dispenser_id_ts_idx').on(t.dispenserId, t.ts),
    index('dispense_events_group_id_ts_idx').on(t.groupId, t.ts),
  ],
);

/** A reminder the wristband gave in a REMINDER zone. */
export const reminderEvents = pgTable(
  'reminder_events',
  {
    ts: ts(),
    eventId: eventId(),
    wearableId: integer('wearable_id').notNull(),
    userId: integer('user_id'),
    zoneId: integer('zone_id').notNull(),
    groupId: integer('group_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ts, t.eventId] }), index('reminder_events_user_id_ts_idx').on(t.userId, t.ts)],
);

/** A device saying it is alive, with its battery when it reports one. */
export const heartbeatEvents = pgTable(
  'heartbeat_events',
  {
    ts: ts(),
    eventId: eventId(),
    deviceId: integer('device_id').notNull(),
    gatewayId: integer('gateway_id'),
    batteryPercent: integer('battery_percent'),
    batteryMv: integer('battery_mv'),
  },
  (t) => [primaryKey({ columns: [t.ts, t.eventId] }), index('heartbeat_events_device_id_ts_event_id_idx').on(t.deviceId, t.ts, t.eventId)],
);

/** A wearable taken from (CHECK_OUT) or put back in (CHECK_IN) a charging station slot. */
export const stationEvents = pgTable(
  'station_events',
  {
    ts: ts(),
    eventId: eventId(),
    wearableId: integer('wearable_id').notNull(),
    gatewayId: integer('gateway_id').notNull(),
    userId: integer('user_id'),
    action: text('action').$type<'CHECK_OUT' | 'CHECK_IN'>().notNull(),
    slot: integer('slot'),
  },
  (t) => [
    primaryKey({ columns: [t.ts, t.eventId] }),
    index('station_events_wearable_id_ts_event_id_idx').on(t.wearableId, t.ts, t.eventId),
    index('station_events_user_id_ts_idx').on(t.userId, t.ts),
  ],
);

/** A wristband's own counters since its last report (steps, metres, kilocalories). */
export const counterEvents = pgTable(
  'counter_events',
  {
    ts: ts(),
    eventId: eventId(),
    deviceId: integer('device_id').notNull(),
    userId: integer('user_id'),
    steps: integer('steps'),
    distanceM: real('distance_m'),
    calories: real('calories'),
  },
  (t) => [primaryKey({ columns: [t.ts, t.eventId] }), index('counter_events_user_id_ts_idx').on(t.userId, t.ts)],
);

export type PresenceEventRow = typeof presenceEvents.$inferSelect;
export type HygieneEventRow = typeof hygieneEvents.$inferSelect;
export type DispenseEventRow = typeof dispenseEvents.$inferSelect;
