import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { ApiError } from '@/lib/api-client';
import { setConfig } from '@/lib/config';
import { outboxHandler } from '@/offline/outbox';
import {
  BADGE_ADD,
  BADGE_ASSIGN,
  registerBadgeOutboxHandlers,
  type BadgeAddPayload,
  type BadgeAssignPayload,
} from './outbox-handlers';

const dana = { id: 21, userName: 'dana', firstName: 'Dana', lastName: 'Ortiz' };
const sam = { id: 22, userName: 'sam', firstName: 'Sam', lastName: 'Reed' };
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
  registerBadgeOutboxHandlers();
});
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the badge outbox handlers', () => {
  it('sends an assignment with its Idempotency-Key, naming the badge by id', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, [{ status: 'fulfilled', value: { userId: 21, wearableId: 5, assignedAt: '2026-01-01T10:00:00.000Z' } }]),
    );
    const payload: BadgeAssignPayload = { mac: MAC, wearableId: 5, user: dana, previousUser: sam, assignorId: 7 };
    await outboxHandler(BADGE_ASSIGN)!.send(payload, { idempotencyKey: 'key-1' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = call(0);
    expect(sent.url).toBe('/api/users/assign-badge');
    expect(sent.init.method).toBe('POST');
    expect(sent.headers['Idempotency-Key']).toBe('key-1');
    expect(sent.body).toEqual([{ userId: 21, wearableId: 5, assignorId: 7 }]);
    expect(outboxHandler(BADGE_ASSIGN)!.describe(payload)).toBe(`Assign badge ${MAC} to Dana Ortiz (instead of Sam Reed)`);
  });

  it('looks a badge added offline up by MAC before assigning it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { exists: true, device: { id: 9, groupId: 3, groupName: 'Ward 3B', type: 'BADGE' } }))
      .mockResolvedValueOnce(json(200, [{ status: 'fulfilled', value: { userId: 21, wearableId: 9, assignedAt: '2026-01-01T10:00:00.000Z' } }]));
    await outboxHandler(BADGE_ASSIGN)!.send({ mac: MAC, wearableId: null, user: dana, previousUser: null, assignorId: 7 }, { idempotencyKey: 'key-2' });
    expect(call(0).url).toBe(`/api/devices/mac/${encodeURIComponent(MAC)}`);
    expect(call(1).body).toEqual([{ userId: 21, wearableId: 9, assignorId: 7 }]);
    expect(call(1).headers['Idempotency-Key']).toBe('key-2');
  });

  it('turns a refused item into a refusal the outbox keeps, with the server’s reason', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ status: 'rejected', reason: { message: 'User is inactive' } }]));
    const sending = outboxHandler(BADGE_ASSIGN)!.send({ mac: MAC, wearableId: 5, user: dana, previousUser: null, assignorId: 7 }, { idempotencyKey: 'k' });
    await expect(sending).rejects.toBeInstanceOf(ApiError);
    await expect(sending).rejects.toMatchObject({ status: 409, message: 'User is inactive' });
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
    await outboxHandler(BADGE_ADD)!.send(add, { idempotencyKey: 'key-4' });
    expect(call(0).url).toBe('/api/devices');
    expect(call(0).headers['Idempotency-Key']).toBe('key-4');
    expect(call(0).body).toEqual(add.body);
    expect(outboxHandler(BADGE_ADD)!.describe(add)).toBe(`Add badge ${MAC} at Ward 3B`);
  });
});
