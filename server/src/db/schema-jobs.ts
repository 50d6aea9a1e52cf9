import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** What a job is doing: waiting, being run by a server, finished, or given up with a message. */
const JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Long work run outside a request (DESIGN 'Files and long jobs'): exports now, imports and
 * scheduled emails later. A server claims a queued job, beats its heartbeat while it runs and
 * records its progress; a job whose server stopped (heartbeat gone stale, or released when the
 * server closed) is claimed again by the next one, so work survives a restart.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** Which handler runs it ('data-export'). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('QUEUED'),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** What the requester is told when it failed. */
    error: text('error'),
    /** The server instance running it. */
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('jobs_status_id_idx').on(t.status, t.id),
    check('jobs_status_check', sql.raw(`"status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`)),
    check('jobs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
