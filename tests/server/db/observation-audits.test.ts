import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { users, zones } from '../../../server/src/db/schema';
import {
  endSession,
  observationsOf,
  removeObservation,
  sessionsOf,
  storeObservation,
  storeSession,
  type NewObservation,
} from '../../../server/src/modules/audits/audits.repo';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const ICU = 6;
const OTHER_UNIT = 7;

describe('observation audits in the database', () => {
  let database: TestDatabase;
  let db: Database;
  let observerId: number;
  let nurseId: number;
  let roomId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    const people = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(2);
    [observerId, nurseId] = people.map((p) => p.id) as [number, number];
    const [room] = await db.select({ id: zones.id }).from(zones).where(eq(zones.groupId, ICU)).limit(1);
    roomId = room!.id;
  });
  afterAll(() => database.close());

  const observation = (sessionId: number, patch: Partial<NewObservation> = {}): NewObservation => ({
    clientId: randomUUID(),
    sessionId,
    observedAt: new Date('2026-11-03T15:05:00Z'),
    zoneId: roomId,
    indication: 'MOMENT_1',
    action: 'RUB',
    gloves: false,
    userId: nurseId,
    professionId: null,
    ...patch,
  });

  it('stores a session and an observation once, however often the device sends them', async () => {
    const clientId = randomUUID();
    const session = { clientId, groupId: ICU, observerId, startedAt: new Date('2026-11-03T15:00:00Z') };
    const first = await storeSession(db, session);
    const again = await storeSession(db, session);
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.session.id).toBe(first.session.id);

    const recorded = observation(first.session.id);
    const a = await storeObservation(db, recorded);
    const b = await storeObservation(db, recorded);
    expect([a.created, b.created, b.observation.id]).toEqual([true, false, a.observation.id]);
    expect(await observationsOf(db, [first.session.id])).toHaveLength(1);
  });

  it('lists a unit’s sessions by when they started, and their observations in order; the undo removes one', async () => {
    const early = (await storeSession(db, { clientId: randomUUID(), groupId: ICU, observerId, startedAt: new Date('2026-11-10T09:00:00Z') })).session;
    const late = (await storeSession(db, { clientId: randomUUID(), groupId: ICU, observerId, startedAt: new Date('2026-11-10T14:00:00Z') })).session;
    await storeSession(db, { clientId: randomUUID(), groupId: OTHER_UNIT, observerId, startedAt: new Date('2026-11-10T10:00:00Z') });
    const found = await sessionsOf(db, [ICU], new Date('2026-11-10T00:00:00Z'), new Date('2026-11-11T00:00:00Z'));
    expect(found.map((s) => s.id)).toEqual([early.id, late.id]);
    expect(await sessionsOf(db, [], new Date(0), new Date())).toEqual([]);

    const second = observation(late.id, { observedAt: new Date('2026-11-10T14:10:00Z'), action: 'MISSED', userId: null, professionId: 'RN' });
    const first = observation(late.id, { observedAt: new Date('2026-11-10T14:05:00Z') });
    await storeObservation(db, second);
    await storeObservation(db, first);
    expect((await observationsOf(db, [late.id])).map((o) => o.clientId)).toEqual([first.clientId, second.clientId]);
    expect(await removeObservation(db, second.clientId)).toBe(true);
    expect(await removeObservation(db, second.clientId)).toBe(false);
    expect((await observationsOf(db, [late.id])).map((o) => o.clientId)).toEqual([first.clientId]);
  });

  it('ends a session, never before it started, and refuses an indication or action it does not know', async () => {
    const { session } = await storeSession(db, { clientId: randomUUID(), groupId: ICU, observerId, startedAt: new Date('2026-11-12T09:00:00Z') });
    expect((await endSession(db, session.id, new Date('2026-11-12T10:00:00Z')))?.endedAt).toEqual(new Date('2026-11-12T10:00:00Z'));
    await expect(endSession(db, session.id, new Date('2026-11-12T08:00:00Z'))).rejects.toThrow();
    await expect(storeObservation(db, observation(session.id, { indication: 'MOMENT_6' as never }))).rejects.toThrow();
    await expect(storeObservation(db, observation(session.id, { action: 'SPLASH' as never }))).rejects.toThrow();
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from observations where session_id = ${session.id}`)).rows as [{ n: number }];
    expect(n).toBe(0);
  });
});
