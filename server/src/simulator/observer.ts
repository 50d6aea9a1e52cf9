import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { TEMPLATE_IDS } from '../db/permission-catalog';
import { observations, userManagedGroups, users, visits } from '../db/schema';
import { endSession, storeSession } from '../modules/audits/audits.repo';
import { auditedUnits, unitSessions, type WatchSession } from './observation-schedule';
import { recordsOf, type SeenOpportunity, sessionClientId } from './observer-records';
import { HOUR } from './time';
import type { World } from './world-index';

// The demo's observers at work: each held session (observation-schedule.ts) is stored as its
// observer's device would send it, with the opportunities they recorded, read from the sensors'
// own opportunities of the session (docs/METRICS.md '3. Visits and opportunities': the entry and
// exit of each counted visit in the unit's patient rooms) as a person would see them
// (observer-records.ts), judged as the sensors judged most of the time.

/**
 * Who watches each audited unit: an active user of the Hospital Administrator template (which
 * holds every report, OBSERVATION_AUDITS among them: permission-catalog.ts) who manages the unit or
 * a location above it, the one managing the highest first (a hospital's administrator before a
 * department's manager), then one not working on the unit, then the smallest id.
 */
export async function observersOf(db: Database, world: World): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: users.id, groupId: userManagedGroups.groupId })
    .from(users)
    .innerJoin(userManagedGroups, eq(userManagedGroups.userId, users.id))
    .where(and(eq(users.roleId, TEMPLATE_IDS.hospitalAdministrator), eq(users.active, true)));
  const homeOf = new Map(world.data.users.map((u) => [u.id, u.groupId]));
  const out = new Map<number, number>();
  for (const unit of auditedUnits(world)) {
    const chain: number[] = [];
    for (let g = world.groups.get(unit.group.id); g; g = g.parentId === null ? undefined : world.groups.get(g.parentId)) chain.push(g.id);
    const ranked = rows
      .map((r) => ({ ...r, height: chain.indexOf(r.groupId), works: homeOf.get(r.userId) === unit.group.id }))
      .filter((r) => r.height >= 0)
      .sort((a, b) => b.height - a.height || Number(a.works) - Number(b.works) || a.userId - b.userId);
    if (ranked[0]) out.set(unit.group.id, ranked[0].userId);
  }
  return out;
}

/** The sensors' opportunities on the unit from the session's start to its end (both included), oldest first. */
async function sensorOpportunities(db: Database, session: WatchSession): Promise<SeenOpportunity[]> {
  // A visit lasts at most 12 hours (docs/METRICS.md '3. Visits and opportunities').
  const rows = await db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.groupId, session.groupId),
        eq(visits.counted, true),
        gte(visits.entryAt, new Date(session.start - 13 * HOUR)),
        lte(visits.entryAt, new Date(session.end)),
        gte(visits.exitAt, new Date(session.start)),
      ),
    )
    .orderBy(asc(visits.entryAt), asc(visits.userId));
  const inSession = (at: number) => at >= session.start && at <= session.end;
  const out: SeenOpportunity[] = [];
  for (const v of rows) {
    const base = { userId: v.userId, zoneId: v.zoneId };
    if (inSession(v.entryAt.getTime())) out.push({ ...base, at: v.entryAt.getTime(), kind: 'entry', compliant: v.entryCompliant, soap: false });
    if (inSession(v.exitAt.getTime())) out.push({ ...base, at: v.exitAt.getTime(), kind: 'exit', compliant: v.exitCompliant, soap: v.exitWashType === 'SOAP' });
  }
  return out.sort((a, b) => a.at - b.at || a.userId - b.userId || a.kind.localeCompare(b.kind));
}

/** Records the observation sessions of one span of the history. */
export interface ObserverDesk {
  /**
   * Stores the sessions that start in [from, to) and end by the history's end, with their
   * observations, once the visits of their span are derived for good. Storing one again changes
   * nothing (the ids are the same). Resolves with the sessions and observations stored.
   */
  record(from: number, to: number): Promise<{ sessions: number; observations: number }>;
}

/** The desk of the history ending at `until`: its observers are looked up once. */
export function observerDesk(db: Database, world: World, seed: number, until: number): ObserverDesk {
  let observers: Promise<Map<number, number>> | undefined;
  return {
    async record(from, to) {
      const tally = { sessions: 0, observations: 0 };
      const watchers = await (observers ??= observersOf(db, world));
      for (const unit of auditedUnits(world)) {
        const observerId = watchers.get(unit.group.id);
        if (observerId === undefined) continue;
        for (const held of unitSessions(seed, unit, from, to)) {
          if (held.end > until) continue;
          const { session } = await storeSession(db, { clientId: sessionClientId(seed, held), groupId: held.groupId, observerId, startedAt: new Date(held.start) });
          if (session.endedAt === null) await endSession(db, session.id, new Date(held.end));
          const records = recordsOf(seed, unit, world, held, observerId, await sensorOpportunities(db, held)).map((r) => ({ ...r, sessionId: session.id }));
          if (records.length > 0) await db.insert(observations).values(records).onConflictDoNothing({ target: observations.clientId });
          tally.sessions += 1;
          tally.observations += records.length;
        }
      }
      return tally;
    },
  };
}
