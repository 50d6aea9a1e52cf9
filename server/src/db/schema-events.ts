import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { WashType } from '../contracts/devices';
import { DISPENSE_HOUR_COLUMNS } from './enums';

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
  (t) => [primaryKey({ columns: [t.ts, t.eventId] }), index('heartbeat_events_device_id_ts_idx').on(t.deviceId, t.ts)],
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
    index('station_events_wearable_id_ts_idx').on(t.wearableId, t.ts),
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

// Derived tables: caches of docs/METRICS.md computed from the raw events above, rebuilt for the
// wearers and days an ingest touches. Deleting every row and deriving again gives the same rows.

/** A wearer's stay in a patient room with its two opportunities (docs/METRICS.md §3). */
export const visits = pgTable(
  'visits',
  {
    userId: integer('user_id').notNull(),
    entryAt: timestamp('entry_at', { withTimezone: true, mode: 'date' }).notNull(),
    exitAt: timestamp('exit_at', { withTimezone: true, mode: 'date' }).notNull(),
    zoneId: integer('zone_id').notNull(),
    groupId: integer('group_id').notNull(),
    durationS: integer('duration_s').notNull(),
    /** At least the location's requiredVisitDuration: only counted visits make opportunities. */
    counted: boolean('counted').notNull(),
    entryCompliant: boolean('entry_compliant').notNull(),
    exitCompliant: boolean('exit_compliant').notNull(),
    entryWashAt: timestamp('entry_wash_at', { withTimezone: true, mode: 'date' }),
    exitWashAt: timestamp('exit_wash_at', { withTimezone: true, mode: 'date' }),
    exitWashType: text('exit_wash_type').$type<WashType>(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryAt] }),
    index('visits_group_id_entry_at_idx').on(t.groupId, t.entryAt),
    index('visits_zone_id_entry_at_idx').on(t.zoneId, t.entryAt),
  ],
);

/** A wearer's stay at a bed (docs/METRICS.md §7). */
export const bedVisits = pgTable(
  'bed_visits',
  {
    userId: integer('user_id').notNull(),
    beaconId: integer('beacon_id').notNull(),
    entryAt: timestamp('entry_at', { withTimezone: true, mode: 'date' }).notNull(),
    exitAt: timestamp('exit_at', { withTimezone: true, mode: 'date' }).notNull(),
    groupId: integer('group_id').notNull(),
    durationS: integer('duration_s').notNull(),
    counted: boolean('counted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.beaconId, t.entryAt] }),
    index('bed_visits_group_id_entry_at_idx').on(t.groupId, t.entryAt),
    index('bed_visits_beacon_id_entry_at_idx').on(t.beaconId, t.entryAt),
  ],
);

/** Opportunities per UTC day, wearer and location. */
export const complianceDaily = pgTable(
  'compliance_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    entryOpportunities: integer('entry_opportunities').notNull(),
    entryCompliant: integer('entry_compliant').notNull(),
    exitOpportunities: integer('exit_opportunities').notNull(),
    exitCompliant: integer('exit_compliant').notNull(),
    visitCount: integer('visit_count').notNull(),
    visitSeconds: integer('visit_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.groupId] }), index('compliance_daily_user_id_day_idx').on(t.userId, t.day)],
);

/** Hand-hygiene events per UTC day, wearer, location (0 when unknown) and wash type. */
export const hygieneDaily = pgTable(
  'hygiene_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    washType: text('wash_type').$type<WashType>().notNull(),
    washCount: integer('wash_count').notNull(),
    durationSum: real('duration_sum').notNull(),
    durationCount: integer('duration_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.groupId, t.washType] }),
    index('hygiene_daily_user_id_day_idx').on(t.userId, t.day),
  ],
);

const HOURS = DISPENSE_HOUR_COLUMNS;

/** Dispenses per UTC day and dispenser, with the day's count split by local hour of day. */
export const dispenseDaily = pgTable(
  'dispense_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dispenserId: integer('dispenser_id').notNull(),
    groupId: integer('group_id').notNull(),
    role: text('role').notNull(),
    dispenseCount: integer('dispense_count').notNull(),
    ...(Object.fromEntries(HOURS.map((h) => [h, integer(h).notNull().default(0)])) as Record<
      `h${string}`,
      ReturnType<typeof integer>
    >),
  },
  (t) => [primaryKey({ columns: [t.day, t.dispenserId] }), index('dispense_daily_group_id_day_idx').on(t.groupId, t.day)],
);

export type PresenceEventRow = typeof presenceEvents.$inferSelect;
export type HygieneEventRow = typeof hygieneEvents.$inferSelect;
export type DispenseEventRow = typeof dispenseEvents.$inferSelect;
export type VisitRow = typeof visits.$inferSelect;
export type BedVisitRow = typeof bedVisits.$inferSelect;
