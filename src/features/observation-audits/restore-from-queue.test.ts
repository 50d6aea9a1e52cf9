import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import { auditDb, keptRowsOf, NO_PICKS, type StoredObservation } from './audit-store';
import {
  AUDIT_OBSERVATION,
  AUDIT_OBSERVATION_UNDO,
  AUDIT_SESSION_END,
  AUDIT_SESSION_START,
  auditSessionEntity,
  type ObservationPayload,
  type ObservationUndoPayload,
  type SessionEndPayload,
  type SessionStartPayload,
} from './outbox-handlers';
import { restoreFromQueue } from './restore-from-queue';
import { ICU } from './test-data';

const ME = 'sub-me';
const SESSION = 'session-1';
const STARTED = '2026-05-04T15:00:00.000Z';

let made = 0;
function item<P>(type: string, payload: P, userSub = ME): OutboxItem {
  made++;
  return { id: `item-${made}`, userSub, type, entity: auditSessionEntity(SESSION), payload, createdAt: made, attempts: 0, status: 'pending', lastError: null, nextAttemptAt: 0 } as OutboxItem;
}

const start = (): OutboxItem => item<SessionStartPayload>(AUDIT_SESSION_START, { body: { clientId: SESSION, groupId: ICU.id, startedAt: STARTED }, unitName: ICU.name, unit: ICU });
const observation = (clientId: string, minute: number, action: 'RUB' | 'MISSED' = 'RUB'): OutboxItem =>
  item<ObservationPayload>(AUDIT_OBSERVATION, {
    body: { clientId, sessionClientId: SESSION, observedAt: `2026-05-04T15:${String(minute).padStart(2, '0')}:00.000Z`, zoneId: 102, indication: 'MOMENT_1', action, gloves: false, userId: 41, professionId: null },
    personName: 'Dana Ortiz',
    roomName: 'Room 302',
  });
const undo = (clientId: string): OutboxItem => item<ObservationUndoPayload>(AUDIT_OBSERVATION_UNDO, { clientId, sessionClientId: SESSION, indication: 'MOMENT_1', action: 'RUB' });
const end = (endedAt: string): OutboxItem => item<SessionEndPayload>(AUDIT_SESSION_END, { clientId: SESSION, endedAt, unitName: ICU.name });

const stored = (clientId: string, minute: number): StoredObservation => ({
  clientId, sessionClientId: SESSION, observedAt: `2026-05-04T15:${String(minute).padStart(2, '0')}:00.000Z`, zoneId: 102, indication: 'MOMENT_1', action: 'RUB', gloves: false, userId: 41, professionId: null, personName: 'Dana Ortiz', roomName: 'Room 302',
});

afterEach(async () => {
  await auditDb().sessions.clear();
  await auditDb().observations.clear();
});

describe('restoring the observation audits’ store from the outbox', () => {
  it('brings back a started session and its records the store never kept, leaving out a record undone', async () => {
    const db = auditDb();
    await restoreFromQueue(db, ME, [start(), observation('r1', 1), observation('r2', 2, 'MISSED'), observation('r3', 3), undo('r3')]);
    const kept = await keptRowsOf(db, ME);
    expect(kept.sessions).toEqual([{ clientId: SESSION, userSub: ME, unit: ICU, startedAt: STARTED, endedAt: null, picks: NO_PICKS }]);
    expect(kept.observations.map((o) => [o.clientId, o.action, o.personName, o.roomName])).toEqual([
      ['r1', 'RUB', 'Dana Ortiz', 'Room 302'],
      ['r2', 'MISSED', 'Dana Ortiz', 'Room 302'],
    ]);
  });

  it('takes back a record whose undo was queued, and ends a session whose end was, keeping what the store already has', async () => {
    const db = auditDb();
    const picks = { room: { id: 102, name: 'Room 302' }, person: { kind: 'unknown' as const } };
    await db.sessions.add({ clientId: SESSION, userSub: ME, unit: ICU, startedAt: STARTED, endedAt: null, picks });
    await db.observations.bulkAdd([stored('r1', 1), stored('r2', 2)]);
    const queue = [start(), observation('r1', 1), observation('r2', 2), undo('r2'), end('2026-05-04T16:00:00.000Z')];
    await restoreFromQueue(db, ME, queue);
    await restoreFromQueue(db, ME, queue);
    const kept = await keptRowsOf(db, ME);
    expect(kept.sessions).toMatchObject([{ clientId: SESSION, endedAt: '2026-05-04T16:00:00.000Z', picks }]);
    expect(kept.observations.map((o) => o.clientId)).toEqual(['r1']);
  });

  it('reads only the user’s own queued changes', async () => {
    const db = auditDb();
    const theirs = item<SessionStartPayload>(AUDIT_SESSION_START, { body: { clientId: SESSION, groupId: ICU.id, startedAt: STARTED }, unitName: ICU.name, unit: ICU }, 'sub-other');
    await restoreFromQueue(db, ME, [theirs]);
    expect(await db.sessions.count()).toBe(0);
  });
});
