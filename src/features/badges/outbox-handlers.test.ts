import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { setConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { outboxHandler } from '@/offline/outbox';
import { registerWearableAssignHandler, WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { badgeKeys } from './api/keys';
import { BADGE_ADD, registerBadgeOutboxHandlers, type BadgeAddPayload } from './outbox-handlers';
import { DANA, makeBadge, WARD } from './test-data';

const MAC = 'AA:BB:CC:DD:EE:01';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string>, body: JSON.parse(String(init!.body ?? 'null')) as unknown };
};

beforeAll(() => {
  setConfig(testConfig);
  registerWearableAssignHandler();
  registerBadgeOutboxHandlers();
});
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the badge outbox handlers', () => {
  it('show an assignment the server accepted in the cached badge lists at once, freeing the new holder’s old badge', async () => {
    queryClient.setQueryData(badgeKeys.list(WARD.id), [makeBadge(1), makeBadge(2, DANA)]);
    fetchMock.mockResolvedValueOnce(json(200, [{ status: 'fulfilled', value: { userId: DANA.id, wearableId: 1, assignedAt: '2026-01-01T10:00:00.000Z' } }]));
    const payload = { mac: MAC, wearableId: 1, deviceType: 'BADGE' as const, user: DANA, previousUser: null, assignorId: 7 };
    await outboxHandler(WEARABLE_ASSIGN)!.send(payload, { idempotencyKey: 'key-1', itemId: 'key-1' });
    expect(queryClient.getQueryData<{ mac: string; user: unknown }[]>(badgeKeys.list(WARD.id))?.map((row) => [row.mac, row.user])).toEqual([
      [MAC, DANA],
      ['AA:BB:CC:DD:EE:02', null],
    ]);
    expect(outboxHandler(WEARABLE_ASSIGN)!.invalidates?.(payload)).toContainEqual(badgeKeys.lists());
  });

  it('sends a new badge with its key', async () => {
    const add: BadgeAddPayload = {
      body: { mac: MAC, type: 'BADGE', groupId: 3, modelId: 4, firmwareVersionId: 8, active: true },
      groupName: 'Ward 3B',
      organizationName: 'Test Hospital',
      modelName: 'Zephyr',
      version: '2.1.0',
    };
    fetchMock.mockResolvedValueOnce(
      json(201, {
        id: 9, mac: MAC, code: null, name: 'Badge DEE01', type: 'BADGE', modelId: 4, modelName: 'Zephyr', groupId: 3, groupName: 'Ward 3B',
        firmwareVersion: '2.1.0', latestFirmwareVersion: '2.1.0', batteryMv: null, batteryPercent: null, lastHeartbeatAt: null,
        staged: false, active: true, user: null, organizationName: 'Test Hospital',
        firmware: { current: { id: 8, version: '2.1.0' }, latest: { id: 8, version: '2.1.0' } },
        settingsSync: 'unconfigured', lastStatus: null, operations: [], operationDisabled: false,
      }),
    );
    await outboxHandler(BADGE_ADD)!.send(add, { idempotencyKey: 'key-4', itemId: 'key-4' });
    expect(call(0).url).toBe('/api/devices');
    expect(call(0).headers['Idempotency-Key']).toBe('key-4');
    expect(call(0).body).toEqual(add.body);
    expect(outboxHandler(BADGE_ADD)!.describe(add)).toBe(`Add badge ${MAC} at Ward 3B`);
  });
});
