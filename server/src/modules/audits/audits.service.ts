import {
  AUDIT_MESSAGES,
  MAX_SESSION_HOURS,
  isCompliantAction,
  type AuditUnit,
  type Observation,
  type ObservationBody,
  type ObservationSession,
} from '../../contracts/observation-audits';
import type { Database } from '../../db/client';
import type { ObservationRow, ObservationSessionRow } from '../../db/schema';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { shownFullName } from '../../core/names';
import { locationsUnder, requireLocationInScope } from '../locations';
import { userInScope } from '../users';
import {
  activeStaffOf,
  endSession,
  heldNfcTags,
  heldWearableMacs,
  isPatientRoomIn,
  locationById,
  locationNames,
  observationByClientId,
  observationsOf,
  organizationParents,
  patientRoomsOf,
  professionsOf,
  removeObservation,
  sessionByClientId,
  sessionClientIdOfObservation,
  sessionsStartedIn,
  storeObservation,
  storeSession,
  unitRowsAmong,
  usersByIds,
} from './audits.repo';
import { monthBounds } from './audit-month';

// The observers' calls (docs/PERMISSIONS.md 'Observation audits'): a session is started on a unit
// in the caller's scope and only its observer records in it, ends it or undoes its records; what
// lies outside the caller's scope is answered 404, as if it did not exist. Each creation is named by
// the id the observer's device gave it, so the outbox's replay of one answers what is stored.

const SESSION_MS = MAX_SESSION_HOURS * 3_600_000;

/** A unit: a location of type UNIT. */
const isUnit = (group: { type: string }) => group.type === 'UNIT';

interface SessionNames {
  groupName: string;
  observerName: string;
}

function toSession(row: ObservationSessionRow, names: SessionNames, counts: { observations: number; compliant: number }): ObservationSession {
  return {
    clientId: row.clientId,
    groupId: row.groupId,
    groupName: names.groupName,
    observer: { id: row.observerId, name: names.observerName },
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ...counts,
  };
}

function toObservation(row: ObservationRow, sessionClientId: string): Observation {
  return {
    clientId: row.clientId,
    sessionClientId,
    observedAt: row.observedAt.toISOString(),
    zoneId: row.zoneId,
    indication: row.indication,
    action: row.action,
    gloves: row.gloves,
    userId: row.userId,
    professionId: row.professionId,
  };
}

/** Observations and compliant ones per session. */
async function countsOf(db: Database, sessionIds: readonly number[]): Promise<Map<number, { observations: number; compliant: number }>> {
  const counts = new Map<number, { observations: number; compliant: number }>();
  for (const o of await observationsOf(db, sessionIds)) {
    const c = counts.get(o.sessionId) ?? { observations: 0, compliant: 0 };
    c.observations += 1;
    if (isCompliantAction(o.action)) c.compliant += 1;
    counts.set(o.sessionId, c);
  }
  return counts;
}

/** An organization and every one above it: the professions it sees are the global ones and theirs. */
async function organizationsAbove(db: Database, organizationIds: readonly number[]): Promise<Map<number, number[]>> {
  const parentOf = await organizationParents(db);
  const chains = new Map<number, number[]>();
  for (const id of organizationIds) {
    const chain: number[] = [];
    for (let at: number | null | undefined = id; at != null && !chain.includes(at); at = parentOf.get(at)) chain.push(at);
    chains.set(id, chain);
  }
  return chains;
}

export function createAuditsService(db: Database) {
  /** Sessions as answered: their unit's and observer's names and their counts. */
  async function present(rows: readonly ObservationSessionRow[]): Promise<ObservationSession[]> {
    if (rows.length === 0) return [];
    const groupName = await locationNames(db, rows.map((r) => r.groupId));
    const people = await usersByIds(db, rows.map((r) => r.observerId));
    const observerName = new Map(people.map((u) => [u.id, shownFullName(u)]));
    const counts = await countsOf(db, rows.map((r) => r.id));
    return rows.map((r) =>
      toSession(r, { groupName: groupName.get(r.groupId) ?? '', observerName: observerName.get(r.observerId) ?? '' }, counts.get(r.id) ?? { observations: 0, compliant: 0 }),
    );
  }

  /** The caller's own session named by its device's id; another observer's, or one outside the scope, is 404 as if it did not exist. */
  async function ownSession(caller: Caller, clientId: string): Promise<ObservationSessionRow> {
    const session = await sessionByClientId(db, clientId);
    if (!session || session.observerId !== caller.user.id || !(await caller.scope()).groupIds.has(session.groupId)) {
      throw new HttpError(404, AUDIT_MESSAGES.sessionNotFound);
    }
    return session;
  }

  return {
    /** GET /audits/units: the units in the caller's scope, with their patient rooms, staff and professions, for the observer's device to keep. */
    async units(caller: Caller): Promise<{ data: AuditUnit[] }> {
      const scope = await caller.scope();
      const unitRows = await unitRowsAmong(db, [...scope.groupIds]);
      if (unitRows.length === 0) return { data: [] };
      const unitIds = unitRows.map((u) => u.id);
      const parentName = await locationNames(db, unitRows.flatMap((u) => (u.parentId ? [u.parentId] : [])));
      const rooms = await patientRoomsOf(db, unitIds);
      const staff = await activeStaffOf(db, unitIds);
      // What a badge's QR code or NFC tag names, so the observer's device can tell who it is without signal.
      const [macs, tags] = await Promise.all([heldWearableMacs(db, staff.map((s) => s.id)), heldNfcTags(db, staff.map((s) => s.id))]);
      const above = await organizationsAbove(db, [...new Set(unitRows.map((u) => u.organizationId))]);
      const professionRows = await professionsOf(db, [...above.values()].flat());
      return {
        data: unitRows.map((u) => ({
          id: u.id,
          name: u.name,
          parentName: u.parentId ? (parentName.get(u.parentId) ?? null) : null,
          timeZone: u.timeZone,
          rooms: rooms.filter((r) => r.groupId === u.id).map((r) => ({ id: r.id, name: r.name })),
          staff: staff
            .filter((s) => s.groupId === u.id)
            .map((s) => ({
              id: s.id,
              name: s.clientUserId ? `${shownFullName(s)} · ${s.clientUserId}` : shownFullName(s),
              professionId: s.professionCode,
              wearableMacs: macs.get(s.id) ?? [],
              nfcTags: tags.get(s.id) ?? [],
            })),
          professions: uniqueByCode(professionRows.filter((p) => p.organizationId === null || (above.get(u.organizationId) ?? []).includes(p.organizationId))),
        })),
      };
    },

    /** POST /audits/sessions: starts a session on a unit; a replay answers the stored session. */
    async start(caller: Caller, body: { clientId: string; groupId: number; startedAt: string }): Promise<ObservationSession> {
      const scope = await caller.scope();
      const stored = await sessionByClientId(db, body.clientId);
      if (stored) return (await present([await ownSession(caller, stored.clientId)]))[0] as ObservationSession;
      requireLocationInScope(scope, body.groupId);
      const unit = await locationById(db, body.groupId);
      if (!unit || !isUnit(unit)) throw new HttpError(400, AUDIT_MESSAGES.notAUnit);
      const { session } = await storeSession(db, { clientId: body.clientId, groupId: body.groupId, observerId: caller.user.id, startedAt: new Date(body.startedAt) });
      // Another observer's device stored the same id meanwhile.
      if (session.observerId !== caller.user.id) throw new HttpError(404, AUDIT_MESSAGES.sessionNotFound);
      return (await present([session]))[0] as ObservationSession;
    },

    /** POST /audits/sessions/:clientId/end: ends the caller's session; ending it again keeps the first end. */
    async end(caller: Caller, clientId: string, body: { endedAt: string }): Promise<ObservationSession> {
      const session = await ownSession(caller, clientId);
      if (session.endedAt) return (await present([session]))[0] as ObservationSession;
      const endedAt = new Date(body.endedAt);
      if (endedAt < session.startedAt) throw new HttpError(400, 'endedAt: must not be before the session started');
      if (endedAt.getTime() - session.startedAt.getTime() > SESSION_MS) throw new HttpError(400, AUDIT_MESSAGES.tooLong);
      const ended = await endSession(db, session.id, endedAt);
      return (await present([ended ?? session]))[0] as ObservationSession;
    },

    /** POST /audits/observations: records an opportunity in the caller's session; a replay answers the stored one. */
    async record(caller: Caller, body: ObservationBody): Promise<Observation> {
      const session = await ownSession(caller, body.sessionClientId);
      const already = await observationByClientId(db, body.clientId);
      if (already) {
        if (already.sessionId !== session.id) throw new HttpError(409, 'clientId: already names an observation of another session');
        return toObservation(already, session.clientId);
      }
      const observedAt = new Date(body.observedAt);
      const last = session.endedAt ?? new Date(session.startedAt.getTime() + SESSION_MS);
      if (observedAt < session.startedAt || observedAt > last) throw new HttpError(400, AUDIT_MESSAGES.outsideSession);
      if (body.zoneId !== null) {
        const unitGroups = await locationsUnder(db, await caller.scope(), [session.groupId]);
        if (!(await isPatientRoomIn(db, body.zoneId, unitGroups))) throw new HttpError(404, AUDIT_MESSAGES.roomNotOnUnit);
      }
      if (body.userId !== null) await userInScope(db, await caller.scope(), body.userId);
      if (body.professionId !== null) {
        const organizationId = (await locationById(db, session.groupId))?.organizationId ?? 0;
        const chain = (await organizationsAbove(db, [organizationId])).get(organizationId) ?? [];
        if ((await professionsOf(db, chain, body.professionId)).length === 0) throw new HttpError(404, AUDIT_MESSAGES.professionNotFound);
      }
      const { observation } = await storeObservation(db, {
        clientId: body.clientId,
        sessionId: session.id,
        observedAt,
        zoneId: body.zoneId,
        indication: body.indication,
        action: body.action,
        gloves: body.gloves,
        userId: body.userId,
        professionId: body.professionId,
      });
      return toObservation(observation, session.clientId);
    },

    /** DELETE /audits/observations/:clientId: the observer's undo; undoing again removes nothing. */
    async undo(caller: Caller, clientId: string): Promise<{ removed: boolean }> {
      const sessionClientId = await sessionClientIdOfObservation(db, clientId);
      if (sessionClientId === undefined) return { removed: false };
      await ownSession(caller, sessionClientId);
      return { removed: await removeObservation(db, clientId) };
    },

    /** GET /audits/sessions: the month's sessions on the units under a location (the caller's own with `mine`), newest first. */
    async sessions(caller: Caller, query: { groupId: number; month: string; mine?: boolean }): Promise<{ data: ObservationSession[] }> {
      const groupIds = await locationsUnder(db, await caller.scope(), [query.groupId]);
      const clock = await locationById(db, query.groupId);
      const { from, to } = monthBounds(query.month, clock?.timeZone ?? 'UTC');
      const rows = await sessionsStartedIn(db, groupIds, from, to, query.mine ? caller.user.id : undefined);
      return { data: await present(rows) };
    },
  };
}

/** Professions by code, an organization's own before the global one of the same code. */
function uniqueByCode(rows: readonly { code: string; name: string; organizationId: number | null }[]): { id: string; name: string }[] {
  const byCode = new Map<string, { id: string; name: string; own: boolean }>();
  for (const p of rows) {
    const current = byCode.get(p.code);
    if (!current || (!current.own && p.organizationId !== null)) byCode.set(p.code, { id: p.code, name: p.name, own: p.organizationId !== null });
  }
  return [...byCode.values()].map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
