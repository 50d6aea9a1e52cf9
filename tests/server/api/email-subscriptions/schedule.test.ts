import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emailSubscriptions, jobs, users, type UserRow } from '../../../../server/src/db/schema';
import type { ClaimedJob } from '../../../../server/src/jobs/job-runner';
import { outboxMailer } from '../../../../server/src/mail/mailer';
import { queueDueEmails, REPORT_EMAIL_JOB, reportEmailJob } from '../../../../server/src/modules/email-subscriptions/email-schedule';
import { createTestApp } from '../../helpers/app';
import { mailCount, nextMailTo } from '../../helpers/identity';

const DAY_MS = 86_400_000;
/** Tuesday 00:00 UTC after this week's Monday: Monday afternoon in every US time zone, after 12:30. */
function mondayAfternoon(): { now: Date; monday: string } {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  return { now: new Date(monday.getTime() + DAY_MS), monday: monday.toISOString().slice(0, 10) };
}
const noWake = { wake: () => {} };

describe('the report email schedule', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager] = (await ctx.db.select().from(users).where(eq(users.userName, 'manager@demo.health'))) as [UserRow];
  });
  afterAll(() => ctx.close());

  const queuedFor = async (userId: number) =>
    (await ctx.db.select().from(jobs).where(eq(jobs.kind, REPORT_EMAIL_JOB))).filter((j) => (j.payload as { userId: number }).userId === userId);

  it('queues nothing before Monday 12:30, then each weekly subscription once, even after a restart', async () => {
    const { now, monday } = mondayAfternoon();
    const sunday = new Date(now.getTime() - 2 * DAY_MS);
    expect((await queueDueEmails(ctx.db, noWake, sunday)).filter((key) => key.endsWith(monday))).toEqual([]);

    const first = await queueDueEmails(ctx.db, noWake, now);
    const mine = await ctx.db.select().from(emailSubscriptions).where(and(eq(emailSubscriptions.userId, manager.id), eq(emailSubscriptions.schedule, 'WEEKLY')));
    expect(mine.length).toBeGreaterThan(0);
    for (const s of mine) expect(first).toContain(`${s.id}:${monday}`);
    // Monthly subscriptions are not due on an ordinary Monday.
    const monthly = await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.schedule, 'MONTHLY'));
    if (!monday.endsWith('-01')) for (const s of monthly) expect(first).not.toContain(`${s.id}:${monday}`);

    expect(await queueDueEmails(ctx.db, noWake, new Date(now.getTime() + 60_000))).toEqual([]);
    const restarted = await createTestApp({ database: ctx.database });
    try {
      expect(await queueDueEmails(restarted.db, noWake, new Date(now.getTime() + 120_000))).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect((await queuedFor(manager.id)).length).toBe(mine.length);
  });

  it('is not due a day after the slot', async () => {
    const { now } = mondayAfternoon();
    const weekly = new Set((await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.schedule, 'WEEKLY'))).map((s) => String(s.id)));
    // Wednesday: a monthly subscription may fall due (the 1st), a weekly one may not.
    const queued = await queueDueEmails(ctx.db, noWake, new Date(now.getTime() + 2 * DAY_MS));
    expect(queued.filter((key) => weekly.has(key.split(':')[0] as string))).toEqual([]);
  });

  it('sends the queued email to the local outbox with the week’s compliance', async () => {
    const [job] = (await queuedFor(manager.id)).filter((j) => (j.payload as { type: string }).type === 'FACILITY_COMPLIANCE_REPORT');
    expect(job).toBeDefined();
    const before = mailCount();
    const handler = reportEmailJob({ db: ctx.db, reportDb: ctx.reportDb, mailer: outboxMailer(inject('identity').mailbox) });
    await handler.run({ id: job!.id, kind: job!.kind, payload: job!.payload, attempts: 1 } satisfies ClaimedJob, { progress: async () => {} });
    const mail = await nextMailTo('manager@demo.health', before, 'ComplianceReport_WEEKLY');
    const slot = (job!.payload as { slot: string }).slot;
    expect(mail.subject).toMatch(new RegExp(`^Facility report: hand hygiene compliance, \\d{4}-\\d{2}-\\d{2} to \\d{4}-\\d{2}-\\d{2}$`));
    expect(mail.subject).not.toContain(slot);
    expect(mail.text).toContain("St. Mary's");
    expect(mail.text).toMatch(/compliance (\d+%|no data)|no opportunities this week/);
    // The email names its real schedule, in the subscriber's time zone.
    expect(mail.text).toContain('You receive this email every Monday at 12:30 PM (');
  });

  it('says a person without opportunities had none, in words, and names a monthly schedule and its month', async () => {
    // A subscriber of their own figures who took part in nothing: the nurse of no unit this month.
    const [nurse] = (await ctx.db.select().from(users).where(eq(users.userName, 'invited@demo.health'))) as [UserRow];
    const before = mailCount();
    const handler = reportEmailJob({ db: ctx.db, reportDb: ctx.reportDb, mailer: outboxMailer(inject('identity').mailbox) });
    const payload = { userId: nurse.id, type: 'USER_COMPLIANCE_REPORT', slot: '2026-12-01', schedule: 'MONTHLY' };
    await handler.run({ id: 0, kind: REPORT_EMAIL_JOB, payload, attempts: 1 } satisfies ClaimedJob, { progress: async () => {} });
    const mail = await nextMailTo('invited@demo.health', before, 'ComplianceReport_MONTHLY');
    expect(mail.subject).toBe('Individual report: hand hygiene compliance, 2026-11-01 to 2026-11-30');
    expect(mail.text).toMatch(/: no opportunities this month \(no hand washes\), so no compliance to report$/m);
    expect(mail.text).not.toMatch(/\b0 opportunities\b/);
    expect(mail.text).toMatch(/You receive this email on the 1st of every month at 12:30 PM \([\w/]+ time\)\./);
  });
});
