import { createHash } from 'node:crypto';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { ObservationAction, ObservationIndication } from '../contracts/observation-audits';
import type { Database } from '../db/client';
import { createRandom, type Random } from '../db/demo/random';
import { TEMPLATE_IDS } from '../db/permission-catalog';
import { observations, userManagedGroups, users, visits } from '../db/schema';
import { endSession, type NewObservation, storeSession } from '../modules/audits/audits.repo';
import { gaussian, mixSeed } from './behaviour';
import { auditedUnits, unitSessions, type WatchSession } from './observation-schedule';
import { HOUR, MINUTE, SECOND } from './time';
import type { Unit, World } from './world-index';

// The demo's observers at work: each held session (observation-schedule.ts) is stored as its
// observer's device would send it, with the opportunities they recorded, read from the sensors'
// own opportunities of the session (docs/METRICS.md '3. Visits and opportunities': the entry and
// exit of each counted visit in the unit's patient rooms) as a person would see them: a few
// missed, tapped a few seconds off, judged as the sensors judged most of the time (docs/METRICS.md
// '11. Observation audits: how far the sensors agree').

/** How the demo's observer sees and records. */
const OBSERVER = {
  /** Opportunities the observer did not record (busy with another). */
  missed: 0.07,
  /** Judged compliant when the sensors counted it compliant: the rest are washes the observer did not see done properly. */
  agreesCompliant: 0.94,
  /** Judged compliant when the sensors did not: hand hygiene the sensors missed (a pocket bottle, a wash outside the window). */
  seesMissedWash: 0.3,
  /** The person named by their badge or the unit's staff list; else by profession, or not at all. */
  identified: 0.8,
  byProfession: 0.75,
  /** The tap after (or before) the moment, seconds: centred a little late, never more than 40 s off. */
  tapDelayS: 5,
  tapSpreadS: 12,
  tapMaxS: 40,
  /** Gloves worn, in a C. diff room and elsewhere. */
  glovesCdiff: 0.6,
  gloves: 0.12,
  /** Opportunities of people without a wearable (a visiting physician, transport), for each one the sensors counted. */
  unseen: 0.05,
} as const;

const ENTRY_INDICATIONS = [['ROOM_ENTRY', 60], ['MOMENT_1', 32], ['MOMENT_2', 8]] as const satisfies readonly (readonly [ObservationIndication, number])[];
const EXIT_INDICATIONS = [['ROOM_EXIT', 55], ['MOMENT_4', 30], ['MOMENT_5', 10], ['MOMENT_3', 5]] as const satisfies readonly (readonly [ObservationIndication, number])[];

/** A UUID (version 5 layout) named by `name`: the ids the observer's device gave, the same at every write. */
export function demoUuid(name: string): string {
  const h = createHash('sha256').update(`lavo-demo-audits/${name}`).digest('hex');
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A sensor opportunity of the session (docs/METRICS.md '3. Visits and opportunities'). */
interface SensorOpportunity {
  at: number;
  kind: 'entry' | 'exit';
  userId: number;
  zoneId: number;
  compliant: boolean;
  soap: boolean;
}

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
async function sensorOpportunities(db: Database, session: WatchSession): Promise<SensorOpportunity[]> {
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
  const out: SensorOpportunity[] = [];
  for (const v of rows) {
    const base = { userId: v.userId, zoneId: v.zoneId };
    if (inSession(v.entryAt.getTime())) out.push({ ...base, at: v.entryAt.getTime(), kind: 'entry', compliant: v.entryCompliant, soap: false });
    if (inSession(v.exitAt.getTime())) out.push({ ...base, at: v.exitAt.getTime(), kind: 'exit', compliant: v.exitCompliant, soap: v.exitWashType === 'SOAP' });
  }
  return out.sort((a, b) => a.at - b.at || a.userId - b.userId || a.kind.localeCompare(b.kind));
}

/** What a compliant person was seen doing: a wash after soap (and mostly in a C. diff room), else mostly a rub. */
function actionOf(random: Random, compliant: boolean, soap: boolean, cdiff: boolean): ObservationAction {
  if (!compliant) return 'MISSED';
  if (soap) return 'WASH';
  return random.chance(cdiff ? 0.5 : 0.1) ? 'WASH' : 'RUB';
}

/** The observer's records of one session, made from the sensors' opportunities. */
function recordsOf(seed: number, unit: Unit, world: World, session: WatchSession, sessionId: number, observerId: number, sensed: readonly SensorOpportunity[]): NewObservation[] {
  const random = createRandom(mixSeed(seed, session.groupId, Math.floor(session.start / MINUTE), 0x0b5f));
  const cdiff = new Set(unit.rooms.filter((r) => r.cdiff).map((r) => r.zone.id));
  const professionOf = new Map(world.data.users.map((u) => [u.id, u.professionCode]));
  const within = (at: number) => Math.min(session.end, Math.max(session.start, at));
  const tap = () => Math.round(Math.max(-OBSERVER.tapMaxS, Math.min(OBSERVER.tapMaxS, OBSERVER.tapDelayS + OBSERVER.tapSpreadS * gaussian(random)))) * SECOND;
  const out: NewObservation[] = [];
  for (const s of sensed) {
    if (s.userId === observerId || random.chance(OBSERVER.missed)) continue;
    const compliant = random.chance(s.compliant ? OBSERVER.agreesCompliant : OBSERVER.seesMissedWash);
    const identified = random.chance(OBSERVER.identified);
    const professionId = !identified && random.chance(OBSERVER.byProfession) ? (professionOf.get(s.userId) ?? null) : null;
    const inCdiff = cdiff.has(s.zoneId);
    out.push({
      clientId: demoUuid(`observation/${seed}/${session.key}/${s.userId}/${s.at}/${s.kind}`),
      sessionId,
      observedAt: new Date(within(s.at + tap())),
      zoneId: s.zoneId,
      indication: random.weighted(s.kind === 'entry' ? ENTRY_INDICATIONS : EXIT_INDICATIONS),
      action: actionOf(random, compliant, s.compliant && s.soap, inCdiff),
      gloves: random.chance(inCdiff ? OBSERVER.glovesCdiff : OBSERVER.gloves),
      userId: identified ? s.userId : null,
      professionId,
    });
  }
  // People the sensors do not follow: no wearable, so the observer names a profession or nobody.
  const staffProfessions = [...new Set(world.workers.filter((u) => u.groupId === unit.group.id).map((u) => u.professionCode))].filter((p) => p !== null).sort();
  const unseen = sensed.filter(() => random.chance(OBSERVER.unseen)).length;
  for (let n = 0; n < unseen; n++) {
    const entry = random.chance(0.5);
    const compliant = random.chance(0.7);
    out.push({
      clientId: demoUuid(`observation/${seed}/${session.key}/unseen/${n}`),
      sessionId,
      observedAt: new Date(session.start + Math.floor(random.next() * (session.end - session.start) / SECOND) * SECOND),
      zoneId: random.pick(unit.rooms).zone.id,
      indication: random.weighted(entry ? ENTRY_INDICATIONS : EXIT_INDICATIONS),
      action: actionOf(random, compliant, false, false),
      gloves: random.chance(OBSERVER.gloves),
      userId: null,
      professionId: staffProfessions.length > 0 && random.chance(0.7) ? random.pick(staffProfessions) : null,
    });
  }
  return out.sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime() || (a.clientId < b.clientId ? -1 : 1));
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
          const { session } = await storeSession(db, { clientId: demoUuid(`session/${seed}/${held.key}`), groupId: held.groupId, observerId, startedAt: new Date(held.start) });
          if (session.endedAt === null) await endSession(db, session.id, new Date(held.end));
          const records = recordsOf(seed, unit, world, held, session.id, observerId, await sensorOpportunities(db, held));
          if (records.length > 0) await db.insert(observations).values(records).onConflictDoNothing({ target: observations.clientId });
          tally.sessions += 1;
          tally.observations += records.length;
        }
      }
      return tally;
    },
  };
}
