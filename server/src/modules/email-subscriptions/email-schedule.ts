import { DEFAULT_REPORT_TIME_ZONE, emailSubscriptionTypeSchema, SCHEDULE_CRON, type StoredSchedule } from '../../contracts/email-subscriptions';
import type { Database } from '../../db/client';
import { JobFailure, type ClaimedJob, type JobHandler, type JobRunner } from '../../jobs/job-runner';
import type { Mailer } from '../../mail/mailer';
import { dueSlot } from './due';
import { homeTimeZone, recordOnce, REPORT_EMAIL_JOB, subscriberById, subscribers } from './email-schedule.repo';
import { reportEmail } from './report-content';

export { REPORT_EMAIL_JOB };

/** How often the server looks for emails that are due. */
export const EMAIL_CHECK_INTERVAL_MS = 60_000;

/** The emails due at `now` that were not recorded yet, each recorded as a job; their keys. */
export async function queueDueEmails(db: Database, jobs: Pick<JobRunner, 'wake'>, now: Date): Promise<string[]> {
  const queued: string[] = [];
  for (const s of await subscribers(db)) {
    const slot = dueSlot(s.schedule, now, s.timeZone ?? DEFAULT_REPORT_TIME_ZONE);
    if (!slot) continue;
    const key = `${s.subscriptionId}:${slot}`;
    if (await recordOnce(db, key, { subscriptionId: s.subscriptionId, userId: s.userId, type: s.type, schedule: s.schedule, slot })) queued.push(key);
  }
  if (queued.length) jobs.wake();
  return queued;
}

/** Sends one recorded report email: the report as it stands when the job runs. */
export function reportEmailJob({ db, reportDb, mailer }: { db: Database; reportDb: Database; mailer: Mailer }): JobHandler {
  return {
    async run(job: ClaimedJob) {
      const { userId, type, slot, schedule } = job.payload as { userId: number; type: unknown; slot: string; schedule: string };
      const user = await subscriberById(db, userId);
      // A user removed or switched off since is not mailed; neither is one whose address went.
      if (!user?.active || !user.email) throw new JobFailure('The subscriber can no longer receive emails');
      const stored = schedule in SCHEDULE_CRON ? (schedule as StoredSchedule) : 'WEEKLY';
      const timeZone = (await homeTimeZone(db, user.groupId)) ?? DEFAULT_REPORT_TIME_ZONE;
      const email = await reportEmail(reportDb, user, emailSubscriptionTypeSchema.parse(type), slot, stored, timeZone);
      await mailer.send({ to: user.email, subject: email.subject, text: email.text, source: `ComplianceReport_${schedule}` });
    },
  };
}

/** Looks for due emails every minute while the server runs; a failed look is logged and tried again. */
export function startEmailSchedule(db: Database, jobs: JobRunner, log: { error(obj: unknown, message: string): void }): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await queueDueEmails(db, jobs, new Date());
    } catch (error) {
      log.error({ err: error }, 'Could not queue the report emails');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), EMAIL_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
