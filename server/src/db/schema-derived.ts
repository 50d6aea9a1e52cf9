import { boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { WashType } from '../contracts/devices';
import { DISPENSE_HOUR_COLUMNS } from './enums';

// Derived tables: caches of docs/METRICS.md computed from the raw events of schema-events.ts,
// rebuilt for the wearers and days an ingest touches. Deleting every row and deriving again gives
// the same rows.

/** The opportunity and visit counts every compliance rollup keeps (each table its own columns). */
const complianceCounts = () => ({
    entryOpportunities: integer('entry_opportunities').notNull(),
    entryCompliant: integer('entry_compliant').notNull(),
    exitOpportunities: integer('exit_opportunities').notNull(),
    exitCompliant: integer('exit_compliant').notNull(),
    visitCount: integer('visit_count').notNull(),
    visitSeconds: integer('visit_seconds').notNull(),
});

/** Wash type, count and duration sums of the hygiene rollups summed from hygiene_daily (in double precision, as a range's query adds them). */
const hygieneSums = () => ({
  washType: text('wash_type').$type<WashType>().notNull(),
  washCount: integer('wash_count').notNull(),
  durationSum: doublePrecision('duration_sum').notNull(),
  durationCount: integer('duration_count').notNull(),
});

/** A wearer's stay in a patient room with its two opportunities (docs/METRICS.md 'Visits and opportunities'). */
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

/** A wearer's stay at a bed (docs/METRICS.md 'Wearables and staff rounding'). */
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

/**
 * Counted bed visits per UTC day and location over every wearer (docs/METRICS.md 'Wearables and staff rounding'): what the
 * per-location rounding summaries read, with the wearers and beds of the day as sorted id lists
 * (a range's distinct staff and beds are the distinct ids of its days).
 */
export const bedVisitDays = pgTable(
  'bed_visit_days',
  {
    groupId: integer('group_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitCount: integer('visit_count').notNull(),
    visitSeconds: integer('visit_seconds').notNull(),
    userIds: integer('user_ids').array().notNull(),
    beaconIds: integer('beacon_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.day] })],
);

/**
 * Exposure (docs/METRICS.md 'Exposure and contact tracing'): two wearers' room visits overlapping for more than 30 s and less
 * than 2 h, kept from both sides: one row with each of the two as `user_id`. `start_at` is the
 * later entry, `end_at` the earlier exit; each side keeps the location of its own visit.
 */
export const interactions = pgTable(
  'interactions',
  {
    userId: integer('user_id').notNull(),
    contactId: integer('contact_id').notNull(),
    zoneId: integer('zone_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    groupId: integer('group_id').notNull(),
    contactGroupId: integer('contact_group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.startAt, t.contactId, t.zoneId] }),
    index('interactions_contact_id_start_at_idx').on(t.contactId, t.startAt),
    index('interactions_group_id_start_at_idx').on(t.groupId, t.startAt),
  ],
);

/** Opportunities per UTC day, wearer and location. */
export const complianceDaily = pgTable(
  'compliance_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    ...complianceCounts(),
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

/**
 * compliance_daily summed per UTC week (Monday to Sunday; `week` is its Monday), wearer and
 * location: a range's whole weeks are read here and only its edge days from the daily rows.
 */
export const complianceWeekly = pgTable(
  'compliance_weekly',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    ...complianceCounts(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId, t.groupId] }), index('compliance_weekly_user_id_week_idx').on(t.userId, t.week)],
);

/** hygiene_daily summed per UTC week (its Monday), wearer, location and wash type. */
export const hygieneWeekly = pgTable(
  'hygiene_weekly',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    ...hygieneSums(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId, t.groupId, t.washType] }),
    index('hygiene_weekly_user_id_week_idx').on(t.userId, t.week),
  ],
);

/**
 * compliance_daily summed per UTC day and location over every wearer, for the figures that need no
 * wearer (location view): a day of a whole network is one row a location instead of one a
 * wearer. `ratio_sum` and `ratio_users` carry the mean of each wearer's own ratio (docs/METRICS.md 'Compliance')
 * for the wearers whose opportunities that day were all at this location; those of a wearer with
 * opportunities at several locations that day are read from compliance_daily
 * (compliance_split_days names them).
 */
export const complianceLocationDaily = pgTable(
  'compliance_location_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    groupId: integer('group_id').notNull(),
    ...complianceCounts(),
    /** Σ compliant ÷ opportunities of the wearers with opportunities here alone that day (exact: numeric). */
    ratioSum: numeric('ratio_sum').notNull(),
    ratioUsers: integer('ratio_users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.groupId] })],
);

/** Wearer-days with opportunities at more than one location: their ratios depend on which locations a report selects. */
export const complianceSplitDays = pgTable(
  'compliance_split_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** hygiene_daily summed per UTC day, location and wash type over every wearer. */
export const hygieneLocationDaily = pgTable(
  'hygiene_location_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    groupId: integer('group_id').notNull(),
    ...hygieneSums(),
  },
  (t) => [primaryKey({ columns: [t.day, t.groupId, t.washType] })],
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
  (t) => [
    primaryKey({ columns: [t.day, t.dispenserId] }),
    index('dispense_daily_group_id_day_idx').on(t.groupId, t.day),
    // Data trust asks whether a dispenser was used in the ten days up to a day.
    index('dispense_daily_dispenser_id_day_idx').on(t.dispenserId, t.day),
  ],
);

/**
 * Wearable sessions (docs/METRICS.md 'Wearables and staff rounding') cut at UTC midnight: one row per wearer, session and UTC
 * day with the session's first and last event of that day. A range of whole days sees a session
 * from its earliest row's first event to its latest row's last event.
 */
export const wearSessionDays = pgTable(
  'wear_session_days',
  {
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sessionStart: timestamp('session_start', { withTimezone: true, mode: 'date' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.sessionStart] })],
);

export type VisitRow = typeof visits.$inferSelect;
export type BedVisitRow = typeof bedVisits.$inferSelect;

/**
 * Heartbeats per device and UTC day: how many, and in how many of the day's 24 UTC hours at least
 * one arrived (docs/METRICS.md 'Data trust'). Read with the devices' placement for a location's trust.
 */
export const deviceHeartbeatDays = pgTable(
  'device_heartbeat_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    beats: integer('beats').notNull(),
    hours: integer('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * A wearer on shift at a location on a UTC day (a wearable taken from one of its kiosks that day),
 * and whether the location's room beacons saw them that day (docs/METRICS.md 'Data trust').
 */
export const shiftDays = pgTable(
  'shift_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    seen: boolean('seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.groupId] }), index('shift_days_group_id_day_idx').on(t.groupId, t.day)],
);
