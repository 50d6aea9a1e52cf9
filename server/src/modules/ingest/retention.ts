import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs as jobsTable } from '../../db/schema';
import type { ClaimedJob, JobContext, JobHandler, JobRunner } from '../../jobs/job-runner';
import { oldestBefore, purgeSpan, recordPurge, retentionRules } from './retention.repo';

// Retention (docs/PRIVACY.md 'Retention'): raw presence and bed events older than an organization
// keeps them are deleted once a day by a persistent job; the derived figures stay. Each UTC day
// gets one job (its key is the day), queued by whichever server looks first; a job a stopped
// server left is run again by the next, and a purge run twice removes nothing more.

export const RETENTION_JOB = 'retention-purge';
/** How often a server looks whether today's purge is queued. */
export const RETENTION_CHECK_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** The UTC day of `now` as YYYY-MM-DD. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The time before which an organization keeping `days` days purges on `day` (a UTC midnight). */
export function purgeHorizon(day: string, days: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS);
}

/** What one run purged, per organization that lost events. */
export interface PurgeOutcome {
  organizationId: number;
  purgedBefore: Date;
  presenceEvents: number;
  bedEvents: number;
}

/**
 * Purges, for every organization, its locations' raw presence and bed events before its horizon on
 * `day`: a UTC day at a time, oldest first, each in its own short transaction (so ingest and
 * reports go on between them). Records one audit row per organization that lost events.
 */
export async function purgeExpiredEvents(db: Database, day: string, progress: (percent: number) => Promise<void> = async () => undefined): Promise<PurgeOutcome[]> {
  const rules = await retentionRules(db);
  const outcomes: PurgeOutcome[] = [];
  for (const [index, rule] of rules.entries()) {
    const horizon = purgeHorizon(day, rule.retentionDays);
    let presence = 0;
    let bed = 0;
    for (let oldest = await oldestBefore(db, rule.groupIds, horizon); oldest; oldest = await oldestBefore(db, rule.groupIds, horizon)) {
      const from = new Date(Math.floor(oldest.getTime() / DAY_MS) * DAY_MS);
      const to = new Date(Math.min(from.getTime() + DAY_MS, horizon.getTime()));
      const gone = await purgeSpan(db, rule.groupIds, from, to, horizon);
      presence += gone.presence;
      bed += gone.bed;
    }
    if (presence + bed > 0) {
      const outcome = { organizationId: rule.organizationId, purgedBefore: horizon, presenceEvents: presence, bedEvents: bed };
      await recordPurge(db, { ...outcome, retentionDays: rule.retentionDays });
      outcomes.push(outcome);
    }
    await progress(Math.round(((index + 1) / rules.length) * 100));
  }
  return outcomes;
}

/** The job handler: purges as of the day it was queued for. */
export function retentionJob(db: Database): JobHandler {
  return {
    async run(job: ClaimedJob, context: JobContext) {
      const day = typeof job.payload.day === 'string' ? job.payload.day : utcDay(new Date());
      await purgeExpiredEvents(db, day, (percent) => context.progress(percent));
    },
  };
}

/** Queues the purge of `now`'s UTC day unless a server did already; whether it queued it. */
export async function queueRetention(db: Database, jobs: Pick<JobRunner, 'wake'>, now: Date): Promise<boolean> {
  const day = utcDay(now);
  const result = await db.execute<{ id: number }>(sql`
    insert into ${jobsTable} (kind, payload)
    select ${RETENTION_JOB}, ${JSON.stringify({ day, key: day })}::jsonb
    where not exists (select 1 from ${jobsTable} where kind = ${RETENTION_JOB} and payload->>'key' = ${day})
    returning id`);
  const queued = result.rows.length > 0;
  if (queued) jobs.wake();
  return queued;
}

/** Queues each day's purge while the server runs (looking hourly); a failed look is logged and tried again. */
export function startRetentionSchedule(db: Database, jobs: JobRunner, log: { error(obj: unknown, message: string): void }): () => void {
  const tick = async () => {
    try {
      await queueRetention(db, jobs, new Date());
    } catch (error) {
      log.error({ err: error }, 'Could not queue the retention purge');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), RETENTION_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
