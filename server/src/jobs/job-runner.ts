import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

// Persistent jobs (DESIGN 'Files and long jobs'): one implementation for PGlite and PostgreSQL.
// A job is a row of `jobs`. A server claims the oldest queued one (FOR UPDATE SKIP LOCKED, so
// several servers never take the same job), beats its heartbeat while it runs, records its
// progress, and ends it DONE or FAILED. A job left RUNNING by a server that stopped (it released
// the job on close, or its heartbeat went stale after a crash) is claimed again by the next server
// and run again from the start; after MAX_ATTEMPTS starts it fails instead of looping.

/** A refusal or failure whose message is recorded for the job's requester. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobContext {
  /** Records the progress (0 to 100) the screen shows. */
  progress(percent: number): Promise<void>;
}

export interface JobHandler {
  run(job: ClaimedJob, context: JobContext): Promise<void>;
  /** After the job ended DONE or FAILED (notifications); its errors are logged, never thrown. */
  finished?(job: ClaimedJob, outcome: { status: 'DONE' | 'FAILED'; error: string | null }): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  handlers: Readonly<Record<string, JobHandler>>;
  /** How often an idle runner looks for queued jobs (ms). */
  pollMs?: number;
  /** A running job whose heartbeat is older than this belongs to a server that stopped (ms). */
  staleAfterMs?: number;
  log?: { error(obj: unknown, message: string): void };
}

export const MAX_ATTEMPTS = 3;
const INTERRUPTED = 'The job was interrupted too many times and was given up.';
const UNEXPECTED = 'The job failed unexpectedly.';

export interface JobRunner {
  /** This runner's id, recorded on the jobs it claims. */
  readonly instanceId: string;
  /** Records a job (in `db`, which may be the transaction that records what the job is for). */
  enqueue(kind: string, payload: Record<string, unknown>, db?: Database): Promise<number>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  start(): void;
  /** Stops claiming; waits a little for the job under way, then hands it back to the queue. */
  stop(): Promise<void>;
  /** Resolves once no queued or claimable job is left (tests). */
  idle(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const pollMs = options.pollMs ?? 2_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const instanceId = randomUUID();
  const kinds = Object.keys(handlers);
  let started = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let current: { job: ClaimedJob; done: Promise<void> } | undefined;
  let idleWaiters: (() => void)[] = [];

  const mine = (id: number) => and(eq(jobs.id, id), eq(jobs.claimedBy, instanceId), eq(jobs.status, 'RUNNING'));

  async function claim(): Promise<ClaimedJob | null> {
    if (kinds.length === 0) return null;
    const kindList = sql.join(kinds.map((k) => sql`${k}`), sql`, `);
    const result = await db.execute<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number }>(sql`
      update jobs set status = 'RUNNING', claimed_by = ${instanceId}, heartbeat_at = now(), started_at = coalesce(started_at, now()),
        attempts = attempts + 1, progress = 0
      where id = (
        select id from jobs
        where kind in (${kindList})
          and (status = 'QUEUED' or (status = 'RUNNING' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000}))))
        order by id limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    const row = result.rows[0];
    return row ? { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: Number(row.attempts) } : null;
  }

  async function end(job: ClaimedJob, status: 'DONE' | 'FAILED', error: string | null) {
    const ended = await db
      .update(jobs)
      .set({ status, error, progress: status === 'DONE' ? 100 : sql`${jobs.progress}`, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(mine(job.id))
      .returning({ id: jobs.id });
    // Handed back on close meanwhile: the next server runs it again.
    if (ended.length === 0) return;
    await handlers[job.kind]?.finished?.(job, { status, error }).catch((e: unknown) => options.log?.error({ err: e, jobId: job.id }, 'Job notification failed'));
  }

  async function runOne(job: ClaimedJob) {
    const handler = handlers[job.kind];
    if (!handler) return end(job, 'FAILED', UNEXPECTED);
    if (job.attempts > MAX_ATTEMPTS) return end(job, 'FAILED', INTERRUPTED);
    const beat = setInterval(() => {
      db.update(jobs).set({ heartbeatAt: new Date() }).where(mine(job.id)).catch(() => undefined);
    }, Math.max(1_000, staleAfterMs / 3));
    beat.unref();
    try {
      await handler.run(job, {
        progress: async (percent) => {
          await db.update(jobs).set({ progress: Math.max(0, Math.min(100, Math.round(percent))), heartbeatAt: new Date() }).where(mine(job.id));
        },
      });
      await end(job, 'DONE', null);
    } catch (error) {
      if (stopping) return; // Handed back (or about to be): not a failure of the job.
      if (!(error instanceof JobFailure)) options.log?.error({ err: error, jobId: job.id }, 'Job failed');
      await end(job, 'FAILED', error instanceof JobFailure ? error.message : UNEXPECTED).catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
  }

  async function drain() {
    while (!stopping) {
      const job = await claim().catch((error: unknown) => {
        options.log?.error({ err: error }, 'Could not claim a job');
        return null;
      });
      if (!job) break;
      const done = runOne(job);
      current = { job, done };
      await done.catch(() => undefined);
      current = undefined;
    }
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function wake() {
    if (!started || stopping) return;
    if (loop) {
      // Looks again once the current pass ends.
      void loop.then(() => wake());
      return;
    }
    loop = drain().finally(() => {
      loop = undefined;
    });
  }

  return {
    instanceId,
    async enqueue(kind, payload, into = db) {
      const [row] = await into.insert(jobs).values({ kind, payload }).returning({ id: jobs.id });
      if (into === db) wake();
      return row!.id;
    },
    wake,
    start() {
      if (started) return;
      started = true;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (!started || stopping) return;
      stopping = true;
      clearInterval(timer);
      const running = current;
      if (running) {
        const finished = await Promise.race([running.done.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 3_000).unref())]);
        if (!finished) {
          await db
            .update(jobs)
            .set({ status: 'QUEUED', claimedBy: null, heartbeatAt: null })
            .where(mine(running.job.id))
            .catch(() => undefined);
        }
      }
    },
    idle: () =>
      new Promise<void>((resolve) => {
        if (!started) return resolve();
        idleWaiters.push(resolve);
        wake();
      }),
  };
}
