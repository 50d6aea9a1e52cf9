import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ObservationAction, ObservationIndication } from '../contracts/observation-audits';
import { zones } from './schema-devices';
import { groups, users } from './schema-directory';

/**
 * An observer's watch of one unit (contracts/observation-audits.ts), named by the id the
 * observer's device gave it; open until `endedAt` is set.
 */
export const observationSessions = pgTable(
  'observation_sessions',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id),
    observerId: integer('observer_id')
      .notNull()
      .references((): AnyPgColumn => users.id),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('observation_sessions_client_id_key').on(t.clientId),
    index('observation_sessions_group_started_idx').on(t.groupId, t.startedAt),
    check('observation_sessions_ended_after_start', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * One opportunity an observer recorded in a session: when, in which room, what made it, what the
 * person did, and who they were (a user, or only a profession, or neither).
 */
export const observations = pgTable(
  'observations',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references((): AnyPgColumn => observationSessions.id, { onDelete: 'cascade' }),
    observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }).notNull(),
    zoneId: integer('zone_id').references((): AnyPgColumn => zones.id, { onDelete: 'set null' }),
    indication: text('indication').$type<ObservationIndication>().notNull(),
    action: text('action').$type<ObservationAction>().notNull(),
    gloves: boolean('gloves').notNull(),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The profession chosen for a person the observer did not identify (its code). */
    professionId: text('profession_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('observations_client_id_key').on(t.clientId),
    index('observations_session_observed_idx').on(t.sessionId, t.observedAt),
    check('observations_indication', sql`${t.indication} in ('MOMENT_1', 'MOMENT_2', 'MOMENT_3', 'MOMENT_4', 'MOMENT_5', 'ROOM_ENTRY', 'ROOM_EXIT')`),
    check('observations_action', sql`${t.action} in ('RUB', 'WASH', 'MISSED')`),
  ],
);

export type ObservationSessionRow = typeof observationSessions.$inferSelect;
export type ObservationRow = typeof observations.$inferSelect;
