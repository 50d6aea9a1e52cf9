import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { userKeys } from '@/entities/users/api/keys';
import { ApiError } from '@/lib/api-client';
import { setConfig } from '@/lib/config';
import { OfflineDatabase } from '@/offline/db';
import { enqueue, outboxHandler, queueOf, replayOutbox } from '@/offline/outbox';
import { deviceKeys } from './api/keys';
import {
  BADGE_UNASSIGN_V1,
  onWearableUnassigned,
  registerWearableUnassignHandler,
  WEARABLE_UNASSIGN,
  wearableEntity,
  type WearableUnassignPayload,
} from './wearable-unassign';

const dana = { id: 21, userName: 'dana', firstName: 'Dana', lastName: 'Ortiz' };
const BADGE_MAC = 'AA:BB:CC:DD:EE:01';
const WRISTBAND_MAC = 'C0:FF:EE:00:00:07';
const TECH = 'sub-tech';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unassigned = (wearableId: number) => json(200, { userId: 21, wearableId, unassignedAt: '2026-01-01T10:00:00.000Z' });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), method: init!.method, headers: init!.headers as Record<string, string>, body: JSON.parse(String(init!.body ?? 'null')) as unknown };
};

/** What the listening screens saw accepted. */
const sent: WearableUnassignPayload[] = [];
const LIST_KEY = ['some-screen', 'list'] as const;

beforeAll(() => {
  setConfig(testConfig);
  registerWearableUnassignHandler();
  onWearableUnassigned({ sent: (payload) => sent.push(payload), invalidates: [LIST_KEY] });
});
beforeEach(() => {
  sent.length = 0;
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const handler = () => outboxHandler(WEARABLE_UNASSIGN)!;

describe('the wearable unassignment handler', () => {
  it('unassigns a badge with its Idempotency-Key and tells the listening screens', async () => {
    fetchMock.mockResolvedValueOnce(unassigned(5));
    const payload: WearableUnassignPayload = { mac: BADGE_MAC, wearableId: 5, deviceType: 'BADGE', user: dana, assignorId: 7 };
    await handler().send(payload, { idempotencyKey: 'key-1', itemId: 'key-1' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call(0)).toMatchObject({ url: '/api/users/unassign-wearable', method: 'POST', body: { userId: 21, wearableId: 5, assignorId: 7 } });
    expect(call(0).headers['Idempotency-Key']).toBe('key-1');
    expect(handler().describe(payload)).toBe(`Unassign badge ${BADGE_MAC} from Dana Ortiz`);
    expect(sent).toEqual([payload]);
    expect(handler().invalidates?.(payload)).toEqual([deviceKeys.histories(), userKeys.all, LIST_KEY]);
    expect(wearableEntity('BADGE', BADGE_MAC)).toBe(`badge:${BADGE_MAC}`);
  });

  it('unassigns a wristband the same way, naming it a wristband', async () => {
    fetchMock.mockResolvedValueOnce(unassigned(12));
    const payload: WearableUnassignPayload = { mac: WRISTBAND_MAC, wearableId: 12, deviceType: 'WRISTBAND', user: dana, assignorId: 7 };
    await handler().send(payload, { idempotencyKey: 'key-2', itemId: 'key-2' });

    expect(call(0)).toMatchObject({ url: '/api/users/unassign-wearable', body: { userId: 21, wearableId: 12, assignorId: 7 } });
    expect(call(0).headers['Idempotency-Key']).toBe('key-2');
    expect(handler().describe(payload)).toBe(`Unassign wristband ${WRISTBAND_MAC} from Dana Ortiz`);
    expect(wearableEntity('WRISTBAND', WRISTBAND_MAC)).toBe(`wristband:${WRISTBAND_MAC}`);
  });

  it('sends a badge unassignment an earlier version queued (no device type) with the same handler', async () => {
    expect(outboxHandler(BADGE_UNASSIGN_V1)).toBe(handler());
    fetchMock.mockResolvedValueOnce(unassigned(5));
    const legacy: WearableUnassignPayload = { mac: BADGE_MAC, wearableId: 5, user: dana, assignorId: 7 };
    await outboxHandler(BADGE_UNASSIGN_V1)!.send(legacy, { idempotencyKey: 'key-3', itemId: 'key-3' });
    expect(call(0).body).toEqual({ userId: 21, wearableId: 5, assignorId: 7 });
    expect(handler().describe(legacy)).toBe(`Unassign badge ${BADGE_MAC} from Dana Ortiz`);
  });

  it('looks a wearable without an id up by MAC, and refuses one no device has', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { exists: true, device: { id: 9, name: 'Wristband 9', groupId: 3, groupName: 'Ward 3B', type: 'WRISTBAND' } }))
      .mockResolvedValueOnce(unassigned(9));
    await handler().send({ mac: WRISTBAND_MAC, wearableId: null, deviceType: 'WRISTBAND', user: dana, assignorId: 7 }, { idempotencyKey: 'key-4', itemId: 'key-4' });
    expect(call(0).url).toBe(`/api/devices/mac/${encodeURIComponent(WRISTBAND_MAC)}`);
    expect(call(1).body).toEqual({ userId: 21, wearableId: 9, assignorId: 7 });

    fetchMock.mockResolvedValueOnce(json(200, { exists: false, device: null }));
    const missing = handler().send({ mac: WRISTBAND_MAC, wearableId: null, deviceType: 'WRISTBAND', user: dana, assignorId: 7 }, { idempotencyKey: 'key-5', itemId: 'key-5' });
    await expect(missing).rejects.toMatchObject({ status: 404, message: `Wristband ${WRISTBAND_MAC} does not exist.` });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('an unassignment in the outbox', () => {
  let db: OfflineDatabase;
  let n = 0;
  beforeEach(() => {
    db = new OfflineDatabase(`wearable-unassign-test-${(n += 1)}`);
  });
  afterEach(async () => {
    await db.delete();
  });
  const queue = (payload: WearableUnassignPayload) =>
    enqueue(db, { userSub: TECH, type: WEARABLE_UNASSIGN, entity: wearableEntity(payload.deviceType ?? 'BADGE', payload.mac), payload });

  it('is sent exactly once: a replay after it was accepted sends nothing', async () => {
    fetchMock.mockResolvedValueOnce(unassigned(12));
    const item = await queue({ mac: WRISTBAND_MAC, wearableId: 12, deviceType: 'WRISTBAND', user: dana, assignorId: 7 });
    expect(await replayOutbox(db, TECH)).toMatchObject({ sent: 1, refused: 0 });
    expect(call(0).headers['Idempotency-Key']).toBe(item.id);
    expect(await replayOutbox(db, TECH)).toMatchObject({ sent: 0, refused: 0, deferred: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await queueOf(db, TECH)).toEqual([]);
  });

  it('keeps a conflict (unassigned or re-assigned meanwhile) with the server’s message, for the user to see, and changes no list', async () => {
    fetchMock.mockImplementation(async () => json(409, { statusCode: 409, error: 'Conflict', message: 'This device is not assigned to that user.' }));
    const item = await queue({ mac: BADGE_MAC, wearableId: 5, deviceType: 'BADGE', user: dana, assignorId: 7 });
    expect(await replayOutbox(db, TECH)).toMatchObject({ sent: 0, refused: 1 });
    const [kept] = await queueOf(db, TECH);
    expect(kept).toMatchObject({ id: item.id, status: 'failed', lastError: 'This device is not assigned to that user.' });
    expect(sent).toEqual([]);
    // Not tried again by itself: it waits for the user's Retry or Discard.
    const asked = fetchMock.mock.calls.length;
    expect(await replayOutbox(db, TECH, Date.now(), { ignoreBackoff: true })).toMatchObject({ sent: 0, refused: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(asked);
    await expect(handler().send(item.payload, { idempotencyKey: item.id, itemId: item.id })).rejects.toBeInstanceOf(ApiError);
  });
});
