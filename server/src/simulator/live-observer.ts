import type { ObservationBody, ObservationSessionBody } from '../contracts/observation-audits';
import { generateEvents } from './generate';
import { auditedUnits, LIVE_SESSIONS_AFTER, unitSessions, type WatchSession } from './observation-schedule';
import { AGAINST_TRUTH, recordsOf, type SeenOpportunity, type SessionRecord, sessionClientId } from './observer-records';
import { HOUR, MINUTE } from './time';
import type { Unit, World } from './world-index';

// The live simulator's infection-prevention observer (docs/METRICS.md '11. Observation audits: how
// far the sensors agree'): after the demo history, each session of the schedule
// (observation-schedule.ts) is held by the demo's observer account, and recorded through the API as
// the observer's phone would send it: the session when it starts, each opportunity once its tap is
// due, the end when it ends. What the observer records is what the staff did (the generator's
// witness), not what the sensors counted, so the validation compares the sensors with the truth.

/** What the observer needs. */
export interface LiveObserverOptions {
  /** The API server, e.g. http://localhost:8080 (calls go to {baseUrl}/api/audits/…). */
  baseUrl: string;
  world: World;
  seed: number;
  /** The observer's id token (the API's Authorization); asked again when the API answers 401. */
  signIn: () => Promise<string>;
  log?: (line: string) => void;
}

/** What one call of `record` sent. */
export interface ObserverTally {
  sessionsStarted: number;
  observations: number;
  sessionsEnded: number;
  /** Calls the API refused (4xx other than 401), logged and not sent again. */
  refused: number;
}

/** The observer cannot reach the API (or it fails): the caller calls again later. */
export class ObserverUnreachable extends Error {}

/** A live session's records, made once. */
interface SessionPlan {
  session: WatchSession;
  clientId: string;
  records: SessionRecord[];
}

/** The live sessions of the schedule that start in [from, to), by unit: those starting LIVE_SESSIONS_AFTER past the history's end. */
export function liveSessions(world: World, seed: number, from: number, to: number): { unit: Unit; session: WatchSession }[] {
  if (world.data.historyEnd === null) return [];
  const first = Date.parse(world.data.historyEnd) + LIVE_SESSIONS_AFTER;
  return auditedUnits(world)
    .flatMap((unit) => unitSessions(seed, unit, Math.max(from, first), to).map((session) => ({ unit, session })))
    .sort((a, b) => a.session.start - b.session.start || a.session.groupId - b.session.groupId);
}

/** The unit's room entries and exits during the session, as they happened (shift.ts's witness), oldest first. */
export function witnessedDuring(world: World, seed: number, session: WatchSession): SeenOpportunity[] {
  const seen: SeenOpportunity[] = [];
  generateEvents(world, {
    from: session.start,
    to: session.end + MINUTE,
    seed,
    staffOnly: true,
    watchLive: true,
    witness: (o) => {
      if (o.groupId !== session.groupId || o.at < session.start || o.at > session.end) return;
      seen.push({ at: o.at, kind: o.kind, userId: o.userId, zoneId: o.zoneId, compliant: o.clean, soap: o.soap });
    },
  });
  return seen.sort((a, b) => a.at - b.at || a.userId - b.userId || a.kind.localeCompare(b.kind));
}

/** What the observer's phone records in a live session: its records from what was witnessed, judged against the truth. */
export function liveSessionRecords(world: World, seed: number, unit: Unit, session: WatchSession): SessionRecord[] {
  return recordsOf(seed, unit, world, session, null, witnessedDuring(world, seed, session), AGAINST_TRUTH);
}

/**
 * The observer of the live simulator. `record(since, now)` sends what is due by `now` of the
 * sessions started since `since`: a session's start, its records whose tap time has come, and its
 * end once passed. Every call names what it creates by the id the phone gives it, so sending one
 * again (after a restart, say) stores nothing twice.
 */
export function liveObserver(options: LiveObserverOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const plans = new Map<string, SessionPlan>();
  const started = new Set<string>();
  const sent = new Set<string>();
  const ended = new Set<string>();
  let token: string | null = null;

  async function call(path: string, body: unknown): Promise<{ status: number; message: string }> {
    for (let attempt = 0; ; attempt++) {
      token ??= await options.signIn().catch((error: unknown) => {
        throw new ObserverUnreachable(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw new ObserverUnreachable(error instanceof Error ? error.message : String(error));
      }
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status >= 500 || response.status === 401) throw new ObserverUnreachable(`POST ${path}: HTTP ${response.status}`);
      return { status: response.status, message: answer.message ?? '' };
    }
  }

  /** Sends one call; a refusal is logged and counted, and not sent again. */
  async function send(path: string, body: unknown, tally: ObserverTally): Promise<boolean> {
    const { status, message } = await call(path, body);
    if (status < 300) return true;
    tally.refused += 1;
    log(`observer: POST ${path} refused (HTTP ${status}: ${message || 'no message'})`);
    return false;
  }

  function planOf(unit: Unit, session: WatchSession): SessionPlan {
    const clientId = sessionClientId(options.seed, session);
    let plan = plans.get(clientId);
    if (!plan) {
      plan = { session, clientId, records: liveSessionRecords(options.world, options.seed, unit, session) };
      plans.set(clientId, plan);
    }
    return plan;
  }

  return {
    async record(since: number, now: number): Promise<ObserverTally> {
      const tally: ObserverTally = { sessionsStarted: 0, observations: 0, sessionsEnded: 0, refused: 0 };
      // A session lasts at most an hour: one started an hour before `since` may still be on.
      for (const { unit, session } of liveSessions(options.world, options.seed, since - HOUR, now + 1)) {
        if (session.start > now) continue;
        const plan = planOf(unit, session);
        if (ended.has(plan.clientId)) continue;
        if (!started.has(plan.clientId)) {
          const body: ObservationSessionBody = { clientId: plan.clientId, groupId: session.groupId, startedAt: new Date(session.start).toISOString() };
          if (!(await send('/audits/sessions', body, tally))) {
            ended.add(plan.clientId);
            continue;
          }
          started.add(plan.clientId);
          tally.sessionsStarted += 1;
        }
        for (const r of plan.records) {
          if (r.observedAt.getTime() > now || sent.has(r.clientId)) continue;
          const body: ObservationBody = { ...r, sessionClientId: plan.clientId, observedAt: r.observedAt.toISOString() };
          if (await send('/audits/observations', body, tally)) tally.observations += 1;
          sent.add(r.clientId);
        }
        if (session.end <= now) {
          if (await send(`/audits/sessions/${plan.clientId}/end`, { endedAt: new Date(session.end).toISOString() }, tally)) tally.sessionsEnded += 1;
          ended.add(plan.clientId);
          plans.delete(plan.clientId);
          for (const r of plan.records) sent.delete(r.clientId);
        }
      }
      return tally;
    },
  };
}

export type LiveObserver = ReturnType<typeof liveObserver>;
