import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { auditDb, forgetSentSessions, keptRowsOf, NO_PICKS, openSessionOf, type StoredObservation, type StoredSession } from './audit-store';
import { ICU } from './test-data';

const session = (clientId: string, userSub: string, startedAt: string, endedAt: string | null = null): StoredSession => ({
  clientId, userSub, unit: ICU, startedAt, endedAt, picks: NO_PICKS,
});
const record = (clientId: string, sessionClientId: string, observedAt: string): StoredObservation => ({
  clientId, sessionClientId, observedAt, zoneId: null, indication: 'MOMENT_1', action: 'RUB', gloves: false, userId: null, professionId: null, personName: null, roomName: null,
});

afterEach(async () => {
  await auditDb().sessions.clear();
  await auditDb().observations.clear();
});

describe('the observation audits’ store', () => {
  it('keeps each user’s sessions apart, their records in the order made', async () => {
    const db = auditDb();
    await db.sessions.bulkAdd([session('mine', 'sub-a', '2026-05-04T08:00:00.000Z'), session('theirs', 'sub-b', '2026-05-04T09:00:00.000Z')]);
    await db.observations.bulkAdd([record('r2', 'mine', '2026-05-04T08:05:00.000Z'), record('r1', 'mine', '2026-05-04T08:01:00.000Z'), record('x', 'theirs', '2026-05-04T09:01:00.000Z')]);
    const kept = await keptRowsOf(db, 'sub-a');
    expect(kept.sessions.map((s) => s.clientId)).toEqual(['mine']);
    expect(kept.observations.map((o) => o.clientId)).toEqual(['r1', 'r2']);
    expect((await openSessionOf(db, 'sub-b'))?.clientId).toBe('theirs');
    expect(await openSessionOf(db, 'sub-c')).toBeNull();
  });

  it('forgets an ended session and its records once nothing of it is queued, and only then', async () => {
    const db = auditDb();
    await db.sessions.bulkAdd([
      session('sent', 'sub-a', '2026-05-01T08:00:00.000Z', '2026-05-01T09:00:00.000Z'),
      session('waiting', 'sub-a', '2026-05-02T08:00:00.000Z', '2026-05-02T09:00:00.000Z'),
      session('open', 'sub-a', '2026-05-03T08:00:00.000Z'),
    ]);
    await db.observations.bulkAdd([record('r1', 'sent', '2026-05-01T08:01:00.000Z'), record('r2', 'waiting', '2026-05-02T08:01:00.000Z')]);
    await forgetSentSessions(db, 'sub-a', (clientId) => clientId === 'waiting');
    const kept = await keptRowsOf(db, 'sub-a');
    expect(kept.sessions.map((s) => s.clientId)).toEqual(['waiting', 'open']);
    expect(kept.observations.map((o) => o.clientId)).toEqual(['r2']);
  });
});
