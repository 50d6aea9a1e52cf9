import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, users, wearableAssignments } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens, userIdOf } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { getPersonalReport, getReport } from './report-client';

// ICU – 3 North (group 6) keeps its clocks on US/Pacific.
const ICU = 6;

interface Activity {
  timestamp: string;
  type: string;
  location: string | null;
  timeZone: string | null;
  device: string | null;
  duration: number | null;
  verdict: { counted: boolean; compliant: boolean; windowFrom: string; windowTo: string; washAt: string | null; visitSeconds: number; requiredSeconds: number } | null;
}

describe('a wearer’s activity of one day', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let user: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    user = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5)[0]?.id as number;
    const fleet = await createFleet(ctx.db, ICU, [user]);
    const e = eventsFor(fleet);
    await ingest(ctx.db, [
      ...e.visit(user, '2023-06-01T08:00:00Z', '2023-06-01T08:05:00Z'),
      e.dispense(user, '2023-06-01T08:00:10Z', 'soap', 25),
    ]);
  });
  afterAll(() => ctx.close());

  it('lists the day’s events oldest first, each with its location’s time zone, times as UTC instants', async () => {
    const { status, body } = await getPersonalReport(ctx.app, admin.idToken, 'compliance/user/activity', { userId: user, date: '2023-06-01' });
    expect(status).toBe(200);
    const events = body.userActivity as Activity[];
    expect(events.map((a) => [a.timestamp, a.type, a.timeZone])).toEqual([
      ['2023-06-01T08:00:00.000Z', 'Room Entry', 'US/Pacific'],
      ['2023-06-01T08:00:10.000Z', 'Hand Hygiene', 'US/Pacific'],
      ['2023-06-01T08:05:00.000Z', 'Room Exit', 'US/Pacific'],
    ]);
    expect(events[1]?.duration).toBe(25);
  });

  it('says why each room entry and exit counted or was missed: the location’s window and the hand hygiene in it', async () => {
    const { body } = await getPersonalReport(ctx.app, admin.idToken, 'compliance/user/activity', { userId: user, date: '2023-06-01' });
    const [unit] = await ctx.db.select().from(groups).where(eq(groups.id, ICU));
    if (!unit) throw new Error('no ICU');
    const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
    const [entry, wash, exit] = body.userActivity as Activity[];
    // The dispense 10 s after the entry falls in the entry's window: compliant, named by its time.
    expect(entry?.verdict).toEqual({
      counted: true,
      compliant: true,
      windowFrom: at('2023-06-01T08:00:00Z', -unit.beforeEntrySecondsToComply),
      windowTo: at('2023-06-01T08:00:00Z', unit.afterEntrySecondsToComply),
      washAt: '2023-06-01T08:00:10.000Z',
      visitSeconds: 300,
      requiredSeconds: unit.requiredVisitDuration,
    });
    expect(wash?.verdict).toBeNull();
    // Nothing around the exit: missed.
    expect(exit?.verdict).toMatchObject({ counted: true, compliant: false, washAt: null, windowFrom: at('2023-06-01T08:05:00Z', -unit.beforeExitSecondsToComply) });
    expect(body.opportunities).toBe(2);
    expect(body.compliance).toBe(0.5);
  });

  it('says how many SmartSensors the user wears now: none for someone with no device', async () => {
    const week = { startDate: '2023-05-26', endDate: '2023-06-01' };
    const wearer = await getPersonalReport(ctx.app, admin.idToken, 'compliance/user/dashboard', { userId: user, ...week });
    const held = await ctx.db.select({ n: count() }).from(wearableAssignments).where(and(eq(wearableAssignments.userId, user), isNull(wearableAssignments.unassignedAt)));
    expect(held[0]?.n).toBeGreaterThan(0);
    expect(wearer.body.assignedWearables).toBe(held[0]?.n);
    const technician = await signIn('tech@demo.health');
    const own = await getReport(ctx.app, technician.idToken, 'compliance/user/dashboard', week);
    expect(own.status).toBe(200);
    expect(own.body.assignedWearables).toBe(0);
  });

  it('answers a wearer their own room entries and exits with their verdicts, and nobody else’s', async () => {
    const nurse = await signIn('nurse@demo.health');
    const nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
    const [home] = await ctx.db.select().from(users).where(eq(users.id, nurseId));
    const fleet = await createFleet(ctx.db, home?.groupId as number, [nurseId]);
    const e = eventsFor(fleet);
    await ingest(ctx.db, [
      ...e.visit(nurseId, '2023-06-02T09:00:00Z', '2023-06-02T09:04:00Z'),
      e.dispense(nurseId, '2023-06-02T09:04:20Z', 'sanitizer', 20),
      // Just after midnight, cleaned just before it: the wash belongs to the day before, yet the timeline shows it.
      e.dispense(nurseId, '2023-06-02T23:59:40Z', 'sanitizer', 20),
      ...e.visit(nurseId, '2023-06-03T00:00:10Z', '2023-06-03T00:03:00Z'),
    ]);

    const own = await getReport(ctx.app, nurse.idToken, 'compliance/user/own-opportunities', { date: '2023-06-02' });
    expect(own.status).toBe(200);
    expect(own.body.doors.map((d: { type: string; verdict: { compliant: boolean } }) => [d.type, d.verdict.compliant])).toEqual([
      ['Room Entry', false],
      ['Room Exit', true],
    ]);
    expect(own.body.hygiene.map((h: { timestamp: string }) => h.timestamp)).toEqual(['2023-06-02T09:04:20.000Z', '2023-06-02T23:59:40.000Z']);
    const next = await getReport(ctx.app, nurse.idToken, 'compliance/user/own-opportunities', { date: '2023-06-03' });
    expect(next.body.doors[0]).toMatchObject({ type: 'Room Entry', verdict: { compliant: true, washAt: '2023-06-02T23:59:40.000Z' } });
    expect(next.body.hygiene.map((h: { timestamp: string }) => h.timestamp)).toEqual(['2023-06-02T23:59:40.000Z']);
    // The admin asking for the same day gets their own, which holds no door, even naming the nurse.
    expect((await getReport(ctx.app, admin.idToken, 'compliance/user/own-opportunities', { date: '2023-06-02' })).body.doors).toEqual([]);
    const named = await getReport(ctx.app, admin.idToken, 'compliance/user/own-opportunities', { date: '2023-06-02', userId: nurseId });
    expect(named.status).toBe(200);
    expect(named.body.doors).toEqual([]);
  });
});
