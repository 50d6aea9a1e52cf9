import { createHash } from 'node:crypto';
import type { ObservationAction, ObservationIndication } from '../contracts/observation-audits';
import { createRandom, type Random } from '../db/demo/random';
import { gaussian, mixSeed } from './behaviour';
import type { WatchSession } from './observation-schedule';
import { MINUTE, SECOND } from './time';
import type { Unit, World } from './world-index';

// What the demo's observers record in a session (docs/METRICS.md '11. Observation audits: how far
// the sensors agree'), made from the room entries and exits that happened on the unit: a few
// missed, tapped a few seconds off, most people named, judged right most of the time. The history
// (observer.ts) gives it the sensors' opportunities, the live simulator (live-observer.ts) what the
// staff really did; both store what it makes under the same ids.

/** How the demo's observer sees and records. */
export const OBSERVER = {
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

/** An entry or exit on the unit the observer may see, and whether hands were cleaned for it. */
export interface SeenOpportunity {
  at: number;
  kind: 'entry' | 'exit';
  userId: number;
  zoneId: number;
  compliant: boolean;
  /** Cleaned with soap (a wash). */
  soap: boolean;
}

/** How often the observer judges as `compliant` says: when it is true, and when it is false (a wash it credits anyway). */
export interface Judgement {
  agreesCompliant: number;
  seesMissedWash: number;
}

/** Judging the sensors' opportunities: a wash the sensors missed (a pocket bottle, one outside the window) is seen. */
export const AGAINST_SENSORS: Judgement = { agreesCompliant: OBSERVER.agreesCompliant, seesMissedWash: OBSERVER.seesMissedWash };
/** Judging what happened: the observer is right but for a glance away. */
export const AGAINST_TRUTH: Judgement = { agreesCompliant: 0.97, seesMissedWash: 0.03 };

/** An observation as the observer's device makes it, before it is stored in its session. */
export interface SessionRecord {
  clientId: string;
  observedAt: Date;
  zoneId: number | null;
  indication: ObservationIndication;
  action: ObservationAction;
  gloves: boolean;
  userId: number | null;
  professionId: string | null;
}

/** The client id the observer's device gives a session: the same at every write. */
export const sessionClientId = (seed: number, session: WatchSession) => demoUuid(`session/${seed}/${session.key}`);

/** What a compliant person was seen doing: a wash after soap (and mostly in a C. diff room), else mostly a rub. */
function actionOf(random: Random, compliant: boolean, soap: boolean, cdiff: boolean): ObservationAction {
  if (!compliant) return 'MISSED';
  if (soap) return 'WASH';
  return random.chance(cdiff ? 0.5 : 0.1) ? 'WASH' : 'RUB';
}

/** The observer's records of one session, made from the sensors' opportunities. */
export function recordsOf(seed: number, unit: Unit, world: World, session: WatchSession, observerId: number | null, sensed: readonly SeenOpportunity[], judge: Judgement = AGAINST_SENSORS): SessionRecord[] {
  const random = createRandom(mixSeed(seed, session.groupId, Math.floor(session.start / MINUTE), 0x0b5f));
  const cdiff = new Set(unit.rooms.filter((r) => r.cdiff).map((r) => r.zone.id));
  const professionOf = new Map(world.data.users.map((u) => [u.id, u.professionCode]));
  const within = (at: number) => Math.min(session.end, Math.max(session.start, at));
  const tap = () => Math.round(Math.max(-OBSERVER.tapMaxS, Math.min(OBSERVER.tapMaxS, OBSERVER.tapDelayS + OBSERVER.tapSpreadS * gaussian(random)))) * SECOND;
  const out: SessionRecord[] = [];
  for (const s of sensed) {
    if (s.userId === observerId || random.chance(OBSERVER.missed)) continue;
    const compliant = random.chance(s.compliant ? judge.agreesCompliant : judge.seesMissedWash);
    const identified = random.chance(OBSERVER.identified);
    const professionId = !identified && random.chance(OBSERVER.byProfession) ? (professionOf.get(s.userId) ?? null) : null;
    const inCdiff = cdiff.has(s.zoneId);
    out.push({
      clientId: demoUuid(`observation/${seed}/${session.key}/${s.userId}/${s.at}/${s.kind}`),
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

