import net from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observations, observationSessions, users } from '../../../server/src/db/schema';
import { DEFAULT_SIMULATOR_SEED, generateEvents, type SimEvent } from '../../../server/src/simulator/generate';
import { liveObserver, liveSessions, liveSessionRecords, witnessedDuring } from '../../../server/src/simulator/live-observer';
import { heldSessions, LIVE_SESSIONS_AFTER } from '../../../server/src/simulator/observation-schedule';
import { sessionClientId } from '../../../server/src/simulator/observer-records';
import { loadWorldData } from '../../../server/src/simulator/world';
import { indexWorld, type World } from '../../../server/src/simulator/world-index';
import { createTestApp, signIn } from '../helpers/app';
import { DAY, T0 } from './world';

// The live simulator's observer (server/src/simulator/live-observer.ts): after the demo history,
// each session of the schedule is recorded through the API as observer@demo.health's phone would,
// from what the staff did (docs/METRICS.md '11. Observation audits: how far the sensors agree').

const SEED = DEFAULT_SIMULATOR_SEED;
const MINUTE = 60_000;
/** The history of this test ends here; live sessions start LIVE_SESSIONS_AFTER later. */
const HISTORY_END = T0 - 20 * DAY;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const key = (e: SimEvent) => `${e.event.id}|${e.at}|${JSON.stringify(e.event)}`;

describe('the live observer', () => {
  let test: Awaited<ReturnType<typeof createTestApp>>;
  let world: World;
  let baseUrl: string;
  beforeAll(async () => {
    test = await createTestApp();
    world = indexWorld({ ...(await loadWorldData(test.db)), historyEnd: new Date(HISTORY_END).toISOString() });
    const port = await freePort();
    await test.app.listen({ host: '127.0.0.1', port });
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => test.close());

  it('holds the sessions after the history, none across its end, and changes nothing the history sent', () => {
    const held = [...heldSessions(world, SEED, HISTORY_END - 30 * DAY, T0, HISTORY_END, true).values()].flat();
    expect(held.some((s) => s.end <= HISTORY_END)).toBe(true);
    expect(held.some((s) => s.start >= HISTORY_END + LIVE_SESSIONS_AFTER)).toBe(true);
    expect(held.every((s) => s.end <= HISTORY_END || s.start >= HISTORY_END + LIVE_SESSIONS_AFTER)).toBe(true);
    const live = liveSessions(world, SEED, HISTORY_END - 30 * DAY, T0).map((l) => l.session);
    expect(live.length).toBeGreaterThan(3);
    expect(live).toEqual(held.filter((s) => s.start >= HISTORY_END + LIVE_SESSIONS_AFTER).sort((a, b) => a.start - b.start || a.groupId - b.groupId));

    // Up to the history's end the live simulator generates what the history did.
    const window = { from: HISTORY_END - 2 * DAY, to: HISTORY_END, seed: SEED, staffOnly: true };
    expect(generateEvents(world, { ...window, watchLive: true }).map(key)).toEqual(generateEvents(world, window).map(key));
    // A witness only listens.
    const witnessed: unknown[] = [];
    const after = { from: HISTORY_END, to: HISTORY_END + 3 * DAY, seed: SEED, staffOnly: true, watchLive: true };
    expect(generateEvents(world, { ...after, witness: (o) => witnessed.push(o) }).map(key)).toEqual(generateEvents(world, after).map(key));
    expect(witnessed.length).toBeGreaterThan(100);
  });

  it('witnesses each room entry and exit the wearable reported, clean only with hand hygiene near the door', () => {
    const all: { compliant: boolean }[] = [];
    for (const { session } of liveSessions(world, SEED, HISTORY_END, T0).slice(0, 6)) {
      const seen = witnessedDuring(world, SEED, session);
      const events = generateEvents(world, { from: session.start - 10 * MINUTE, to: session.end + 10 * MINUTE, seed: SEED, staffOnly: true, watchLive: true });
      const macOf = (userId: number, at: number) => world.holdings.get(userId)?.find((h) => h.from <= at && (h.to === null || at < h.to))?.wearable.device.mac;
      const hygieneOf = (mac: string) => events.filter(({ event }) => (event.type === 'dispense' || event.type === 'wash') && event.wearable === mac).map((e) => e.at);
      for (const o of seen) {
        const mac = macOf(o.userId, o.at);
        expect(mac).toBeDefined();
        const presence = events.find(({ at, event }) => at === o.at && event.type === 'presence' && event.wearable === mac);
        expect(presence?.event).toMatchObject({ action: o.kind === 'entry' ? 'enter' : 'leave' });
        // shift.ts's SEEN bands: 50 s before to 45 s after an entry, 40 s before to 55 s after an exit.
        const [before, after] = o.kind === 'entry' ? [50, 45] : [40, 55];
        if (o.compliant) expect(hygieneOf(mac ?? '').some((at) => at >= o.at - before * 1000 && at <= o.at + after * 1000)).toBe(true);
      }
      all.push(...seen);
    }
    expect(all.length).toBeGreaterThan(50);
    const clean = all.filter((o) => o.compliant).length / all.length;
    expect(clean).toBeGreaterThan(0.5);
    expect(clean).toBeLessThan(1);
  });

  it('records a session through the API as its phone would: start, each due tap, the end, and nothing twice', async () => {
    const [{ unit, session }] = liveSessions(world, SEED, HISTORY_END, T0) as [ReturnType<typeof liveSessions>[number]];
    const planned = liveSessionRecords(world, SEED, unit, session);
    expect(planned.length).toBeGreaterThan(5);
    const lines: string[] = [];
    const observer = liveObserver({ baseUrl, world, seed: SEED, signIn: async () => (await signIn('observer@demo.health')).idToken, log: (l) => lines.push(l) });

    const midway = session.start + (session.end - session.start) / 2;
    const first = await observer.record(HISTORY_END, midway);
    const due = planned.filter((r) => r.observedAt.getTime() <= midway).length;
    expect(first).toEqual({ sessionsStarted: 1, observations: due, sessionsEnded: 0, refused: 0 });
    const [stored] = await test.db.select().from(observationSessions).where(eq(observationSessions.groupId, session.groupId));
    const [observerRow] = await test.db.select().from(users).where(eq(users.userName, 'observer@demo.health'));
    expect(stored).toMatchObject({ observerId: observerRow?.id, startedAt: new Date(session.start), endedAt: null });

    const rest = await observer.record(HISTORY_END, session.end + MINUTE);
    expect(rest).toEqual({ sessionsStarted: 0, observations: planned.length - due, sessionsEnded: 1, refused: 0 });
    expect(await observer.record(HISTORY_END, session.end + 2 * MINUTE)).toEqual({ sessionsStarted: 0, observations: 0, sessionsEnded: 0, refused: 0 });

    // A restarted simulator sends it all again: the API stores nothing twice.
    const again = liveObserver({ baseUrl, world, seed: SEED, signIn: async () => (await signIn('observer@demo.health')).idToken });
    expect(await again.record(HISTORY_END, session.end + MINUTE)).toMatchObject({ observations: planned.length, refused: 0 });
    const rows = await test.db.select().from(observations).where(eq(observations.sessionId, stored?.id ?? -1));
    expect(rows.map((r) => r.clientId).sort()).toEqual(planned.map((r) => r.clientId).sort());
    const [ended] = await test.db.select().from(observationSessions).where(eq(observationSessions.id, stored?.id ?? -1));
    expect(ended?.endedAt).toEqual(new Date(session.end));
    // Named people are the unit's staff; the rest by profession or nobody.
    const named = rows.filter((r) => r.userId !== null).map((r) => r.userId as number);
    expect(named.length).toBeGreaterThan(0);
    const homes = await test.db.select({ groupId: users.groupId }).from(users).where(inArray(users.id, named));
    expect(homes.every((h) => h.groupId === session.groupId)).toBe(true);
    expect(lines).toEqual([]);
  });

  it('keeps what is due while the API cannot be reached, and sends it once it answers', async () => {
    const sessions = liveSessions(world, SEED, HISTORY_END, T0);
    const { unit, session } = sessions[1] as (typeof sessions)[number];
    const unreachable = liveObserver({ baseUrl: `http://127.0.0.1:${await freePort()}`, world, seed: SEED, signIn: async () => (await signIn('observer@demo.health')).idToken });
    await expect(unreachable.record(session.start, session.end)).rejects.toThrow();
    const reachable = liveObserver({ baseUrl, world, seed: SEED, signIn: async () => (await signIn('observer@demo.health')).idToken });
    expect(await reachable.record(session.start, session.end)).toMatchObject({ sessionsEnded: expect.any(Number), refused: 0 });
    const [stored] = await test.db.select().from(observationSessions).where(eq(observationSessions.clientId, sessionClientId(SEED, session)));
    expect(stored?.endedAt).toEqual(new Date(session.end));
    const rows = await test.db.select().from(observations).where(eq(observations.sessionId, stored?.id ?? -1));
    expect(rows).toHaveLength(liveSessionRecords(world, SEED, unit, session).length);
  });
});
