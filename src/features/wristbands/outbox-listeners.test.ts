import 'fake-indexeddb/auto';
import type { WearableRow } from '@contracts/wearables';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { operationKeys } from '@/entities/device-operations/api/keys';
import { DANA, makeWearable, SAM, WARD } from '@/entities/devices/test-data';
import { registerWearableAssignHandler, WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { registerWearableUnassignHandler, WEARABLE_UNASSIGN } from '@/entities/devices/wearable-unassign';
import { setConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { outboxHandler } from '@/offline/outbox';
import { registerWristbandOutboxListeners } from './outbox-listeners';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LIST = operationKeys.list('WRISTBAND', WARD.id);
const free = makeWearable('WRISTBAND', 1);
const dana = makeWearable('WRISTBAND', 2, DANA);
const sam = makeWearable('WRISTBAND', 3, SAM);
const holders = (key: readonly unknown[] = LIST) => queryClient.getQueryData<WearableRow[]>(key)?.map((row) => [row.mac, row.user?.id ?? null]);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeAll(() => {
  setConfig(testConfig);
  registerWearableAssignHandler();
  registerWearableUnassignHandler();
  registerWristbandOutboxListeners();
});
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  queryClient.setQueryData(LIST, [free, dana, sam]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the Wristbands lists’ part in assigning and unassigning', () => {
  it('show an accepted assignment’s holder at once, freeing the wristband the holder wore, then refetch', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ status: 'fulfilled', value: { userId: DANA.id, wearableId: 1, assignedAt: '2026-01-01T10:00:00.000Z' } }]));
    const payload = { mac: free.mac, wearableId: 1, deviceType: 'WRISTBAND' as const, user: DANA, previousUser: null, assignorId: 7 };
    await outboxHandler(WEARABLE_ASSIGN)!.send(payload, { idempotencyKey: 'key-1', itemId: 'key-1' });
    expect(holders()).toEqual([
      [free.mac, DANA.id],
      [dana.mac, null],
      [sam.mac, SAM.id],
    ]);
    expect(outboxHandler(WEARABLE_ASSIGN)!.invalidates?.(payload)).toContainEqual(operationKeys.kindLists('WRISTBAND'));
  });

  it('free the wristband of a user given a badge, and show an accepted unassignment’s empty holder at once', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ status: 'fulfilled', value: { userId: SAM.id, wearableId: 9, assignedAt: '2026-01-01T10:00:00.000Z' } }]));
    await outboxHandler(WEARABLE_ASSIGN)!.send({ mac: 'AA:BB:CC:DD:EE:09', wearableId: 9, deviceType: 'BADGE', user: SAM, previousUser: null, assignorId: 7 }, { idempotencyKey: 'key-2', itemId: 'key-2' });
    expect(holders()).toEqual([
      [free.mac, null],
      [dana.mac, DANA.id],
      [sam.mac, null],
    ]);

    fetchMock.mockResolvedValueOnce(json(200, { userId: DANA.id, wearableId: 2, unassignedAt: '2026-01-01T10:00:00.000Z' }));
    const payload = { mac: dana.mac, wearableId: 2, deviceType: 'WRISTBAND' as const, user: DANA, assignorId: 7 };
    await outboxHandler(WEARABLE_UNASSIGN)!.send(payload, { idempotencyKey: 'key-3', itemId: 'key-3' });
    expect(holders()).toEqual([
      [free.mac, null],
      [dana.mac, null],
      [sam.mac, null],
    ]);
    expect(outboxHandler(WEARABLE_UNASSIGN)!.invalidates?.(payload)).toContainEqual(operationKeys.kindLists('WRISTBAND'));
  });

  it('leave the other operations lists alone', async () => {
    const beacons = operationKeys.list('BEACON', WARD.id);
    const beaconRows = [{ ...free, type: 'BEACON' }];
    queryClient.setQueryData(beacons, beaconRows);
    fetchMock.mockResolvedValueOnce(json(200, { userId: DANA.id, wearableId: 1, unassignedAt: '2026-01-01T10:00:00.000Z' }));
    await outboxHandler(WEARABLE_UNASSIGN)!.send({ mac: free.mac, wearableId: 1, deviceType: 'WRISTBAND', user: DANA, assignorId: 7 }, { idempotencyKey: 'key-4', itemId: 'key-4' });
    expect(queryClient.getQueryData(beacons)).toBe(beaconRows);
  });
});
