import { and, asc, desc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  FINAL_EXECUTION_STATUSES,
  IOT_MESSAGES,
  JOB_LIST_OF,
  type ExecutionStatus,
  type Job,
  type JobExecution,
  type JobTemplate,
  type PendingExecution,
} from '../../contracts/iot';
import type { Database } from '../../db/client';
import { iotJobExecutions, iotJobs, iotJobTemplates, iotThingPackages, iotThings, type IotJobRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { idIn, iso, isoOrNull } from '../../core/sql';
import type { NewJob } from './iot-backend';

// The jobs of the local stand-in, in the way AWS IoT Jobs runs them: a job is SCHEDULED until its
// start, then IN_PROGRESS with one execution QUEUED per target thing; each thing takes its next
// QUEUED execution, reports it IN_PROGRESS and then SUCCEEDED or FAILED; the job is COMPLETED
// when every execution is over. A cancel stops what has not started (docs/IOT.md 'States').

/** Where an execution may go from where it is, by the thing's report. */
const NEXT: Readonly<Partial<Record<ExecutionStatus, readonly ExecutionStatus[]>>> = {
  QUEUED: ['IN_PROGRESS', 'REJECTED'],
  IN_PROGRESS: ['SUCCEEDED', 'FAILED'],
};

const toTemplate = (row: typeof iotJobTemplates.$inferSelect): JobTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  template: { parameters: row.parameters },
});

const toJob = (row: IotJobRow, templateName: string): Job => ({
  id: row.id,
  name: row.name,
  templateId: row.templateId,
  templateName,
  description: row.description,
  startAt: isoOrNull(row.startAt),
  status: row.status,
  list: JOB_LIST_OF[row.status],
  targetCount: row.thingAwsIds.length,
  groupId: row.groupId,
  thingAwsIds: row.thingAwsIds,
  parameters: row.parameters,
  createdAt: iso(row.createdAt),
  completedAt: isoOrNull(row.completedAt),
});

const executionColumns = {
  execution: iotJobExecutions,
  jobName: iotJobs.name,
  thing: { id: iotThings.id, awsId: iotThings.awsId, name: iotThings.name },
};

type ExecutionRow = { execution: typeof iotJobExecutions.$inferSelect; jobName: string; thing: JobExecution['thing'] };

const toExecution = ({ execution, jobName, thing }: ExecutionRow): JobExecution => ({
  id: execution.id,
  jobId: execution.jobId,
  jobName,
  thing,
  status: execution.status,
  createdAt: iso(execution.createdAt),
  lastUpdatedAt: iso(execution.lastUpdatedAt),
  detailsMap: { stdout: execution.stdout },
});

const isFinal = (status: ExecutionStatus) => (FINAL_EXECUTION_STATUSES as readonly ExecutionStatus[]).includes(status);

export function localJobs(db: Database) {
  const jobsWhere = async (where: SQL | undefined, tdb: Database = db): Promise<Job[]> => {
    const rows = await tdb
      .select({ job: iotJobs, templateName: iotJobTemplates.name })
      .from(iotJobs)
      .innerJoin(iotJobTemplates, eq(iotJobTemplates.id, iotJobs.templateId))
      .where(where)
      .orderBy(desc(iotJobs.id))
      .limit(1_000);
    return rows.map((r) => toJob(r.job, r.templateName));
  };
  const requireJob = async (id: number, tdb: Database = db) => {
    const [job] = await jobsWhere(eq(iotJobs.id, id), tdb);
    if (!job) throw new HttpError(404, IOT_MESSAGES.jobNotFound);
    return job;
  };
  const executionsWhere = async (where: SQL, tdb: Database = db): Promise<JobExecution[]> => {
    const rows = await tdb
      .select(executionColumns)
      .from(iotJobExecutions)
      .innerJoin(iotJobs, eq(iotJobs.id, iotJobExecutions.jobId))
      .innerJoin(iotThings, eq(iotThings.id, iotJobExecutions.thingId))
      .where(where)
      .orderBy(desc(iotJobExecutions.id))
      .limit(2_000);
    return rows.map(toExecution);
  };
  const executionOf = (jobId: number, thingId: number) => and(eq(iotJobExecutions.jobId, jobId), eq(iotJobExecutions.thingId, thingId)) as SQL;

  /** Starts a job: IN_PROGRESS, an execution QUEUED per target thing (COMPLETED at once if none is left). */
  async function start(tx: Database, job: IotJobRow, now: Date): Promise<void> {
    const things = job.thingAwsIds.length ? await tx.select({ id: iotThings.id }).from(iotThings).where(inArray(iotThings.awsId, job.thingAwsIds)) : [];
    if (things.length) {
      await tx
        .insert(iotJobExecutions)
        .values(things.map((t) => ({ jobId: job.id, thingId: t.id, status: 'QUEUED' as const, createdAt: now, lastUpdatedAt: now })))
        .onConflictDoNothing();
    }
    await tx
      .update(iotJobs)
      .set(things.length ? { status: 'IN_PROGRESS' } : { status: 'COMPLETED', completedAt: now })
      .where(eq(iotJobs.id, job.id));
  }

  /** A started job whose executions are all over is COMPLETED. */
  async function completeIfDone(tx: Database, jobId: number, now: Date): Promise<void> {
    await tx
      .update(iotJobs)
      .set({ status: 'COMPLETED', completedAt: now })
      .where(
        and(
          eq(iotJobs.id, jobId),
          eq(iotJobs.status, 'IN_PROGRESS'),
          sql`not exists (select 1 from ${iotJobExecutions} where ${iotJobExecutions.jobId} = ${jobId} and ${notInArray(iotJobExecutions.status, [...FINAL_EXECUTION_STATUSES])})`,
        ),
      );
  }

  /** A successful execution installs the versions its job's 'version' parameters name. */
  async function applyVersions(tx: Database, jobId: number, thingId: number, now: Date): Promise<void> {
    const [found] = await tx.select({ job: iotJobs, template: iotJobTemplates }).from(iotJobs).innerJoin(iotJobTemplates, eq(iotJobTemplates.id, iotJobs.templateId)).where(eq(iotJobs.id, jobId));
    if (!found) return;
    for (const parameter of found.template.parameters) {
      const value = found.job.parameters[parameter.name];
      if (parameter.type !== 'version' || !parameter.packageName || typeof value !== 'string') continue;
      await tx
        .insert(iotThingPackages)
        .values({ thingId, packageName: parameter.packageName, version: value, updatedAt: now })
        .onConflictDoUpdate({ target: [iotThingPackages.thingId, iotThingPackages.packageName], set: { version: value, updatedAt: now } });
    }
  }

  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction(work);

  return {
    templates: async () => (await db.select().from(iotJobTemplates).orderBy(asc(iotJobTemplates.name))).map(toTemplate),
    findTemplate: async (id: number) => {
      const [row] = await db.select().from(iotJobTemplates).where(eq(iotJobTemplates.id, id));
      return row ? toTemplate(row) : null;
    },

    listJobs: (groupIds: readonly number[]) => jobsWhere(idIn(iotJobs.groupId, groupIds)),
    findJob: async (id: number) => (await jobsWhere(eq(iotJobs.id, id)))[0] ?? null,

    async createJob(job: NewJob): Promise<Job> {
      return transaction(async (tx) => {
        const now = new Date();
        const things = await tx.select({ awsId: iotThings.awsId }).from(iotThings).where(inArray(iotThings.id, [...job.thingIds])).orderBy(asc(iotThings.id));
        const scheduled = job.startAt !== null && job.startAt > now;
        const [row] = await tx
          .insert(iotJobs)
          .values({
            name: job.name,
            templateId: job.templateId,
            description: job.description,
            groupId: job.groupId,
            status: 'SCHEDULED',
            startAt: job.startAt,
            parameters: job.parameters,
            thingAwsIds: things.map((t) => t.awsId),
            createdBy: job.createdBy,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('job not created');
        if (!scheduled) await start(tx, row, now);
        return requireJob(row.id, tx);
      });
    },

    async cancelJob(id: number): Promise<Job> {
      return transaction(async (tx) => {
        const [job] = await tx.select().from(iotJobs).where(eq(iotJobs.id, id)).for('update');
        if (!job) throw new HttpError(404, IOT_MESSAGES.jobNotFound);
        if (job.status !== 'SCHEDULED' && job.status !== 'IN_PROGRESS') throw new HttpError(409, `${IOT_MESSAGES.jobCancelRefused}: this one is ${job.status}`);
        const now = new Date();
        // What has not started is cancelled; an execution already IN_PROGRESS runs to its end (AWS IoT's cancel without force).
        await tx
          .update(iotJobExecutions)
          .set({ status: 'CANCELED', lastUpdatedAt: now })
          .where(and(eq(iotJobExecutions.jobId, id), eq(iotJobExecutions.status, 'QUEUED')));
        await tx.update(iotJobs).set({ status: 'CANCELED', completedAt: now }).where(eq(iotJobs.id, id));
        return requireJob(id, tx);
      });
    },

    executionsOfJob: (jobId: number) => executionsWhere(eq(iotJobExecutions.jobId, jobId)),
    executionsOfThing: (thingId: number) => executionsWhere(eq(iotJobExecutions.thingId, thingId)),
    findExecution: async (jobId: number, thingId: number) => (await executionsWhere(executionOf(jobId, thingId)))[0] ?? null,

    async cancelExecution(jobId: number, thingId: number): Promise<JobExecution> {
      return transaction(async (tx) => {
        const [execution] = await tx.select().from(iotJobExecutions).where(executionOf(jobId, thingId)).for('update');
        if (!execution) throw new HttpError(404, IOT_MESSAGES.executionNotFound);
        if (execution.status !== 'QUEUED') throw new HttpError(409, `${IOT_MESSAGES.executionCancelRefused}: this one is ${execution.status}`);
        const now = new Date();
        await tx.update(iotJobExecutions).set({ status: 'CANCELED', lastUpdatedAt: now }).where(eq(iotJobExecutions.id, execution.id));
        await completeIfDone(tx, jobId, now);
        const [updated] = await executionsWhere(eq(iotJobExecutions.id, execution.id), tx);
        return updated!;
      });
    },

    // ---- The thing's side ----

    async nextExecution(thingId: number): Promise<PendingExecution | null> {
      const [row] = await db
        .select({ execution: iotJobExecutions, job: iotJobs, template: iotJobTemplates })
        .from(iotJobExecutions)
        .innerJoin(iotJobs, eq(iotJobs.id, iotJobExecutions.jobId))
        .innerJoin(iotJobTemplates, eq(iotJobTemplates.id, iotJobs.templateId))
        .where(and(eq(iotJobExecutions.thingId, thingId), eq(iotJobExecutions.status, 'QUEUED')))
        .orderBy(asc(iotJobExecutions.id))
        .limit(1);
      if (!row) return null;
      return {
        jobId: row.job.id,
        executionId: row.execution.id,
        status: row.execution.status,
        jobName: row.job.name,
        templateName: row.template.name,
        parameters: row.job.parameters,
        template: { parameters: row.template.parameters },
      };
    },

    async reportExecution(thingId: number, jobId: number, report: { status: ExecutionStatus; stdout?: string }): Promise<ExecutionStatus> {
      return transaction(async (tx) => {
        const [execution] = await tx.select().from(iotJobExecutions).where(executionOf(jobId, thingId)).for('update');
        if (!execution) throw new HttpError(404, IOT_MESSAGES.executionNotFound);
        if (!(NEXT[execution.status] ?? []).includes(report.status)) throw new HttpError(409, `${IOT_MESSAGES.transition}: ${execution.status} → ${report.status}`);
        const now = new Date();
        await tx
          .update(iotJobExecutions)
          .set({ status: report.status, lastUpdatedAt: now, ...(report.stdout === undefined ? {} : { stdout: report.stdout }) })
          .where(eq(iotJobExecutions.id, execution.id));
        if (report.status === 'SUCCEEDED') await applyVersions(tx, jobId, thingId, now);
        if (isFinal(report.status)) await completeIfDone(tx, jobId, now);
        return report.status;
      });
    },

    async startDueJobs(now: Date = new Date()): Promise<number> {
      return transaction(async (tx) => {
        const due = await tx
          .select()
          .from(iotJobs)
          .where(and(eq(iotJobs.status, 'SCHEDULED'), lte(iotJobs.startAt, now)))
          .orderBy(asc(iotJobs.id))
          .limit(100)
          .for('update', { skipLocked: true });
        for (const job of due) await start(tx, job, now);
        return due.length;
      });
    },
  };
}
