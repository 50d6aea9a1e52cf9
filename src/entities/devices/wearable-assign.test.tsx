import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
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
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { enqueue, outboxHandler, queueOf, replayOutbox } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { TestProviders } from '@/test/render';
import { deviceKeys } from './api/keys';
import { useAssignWearables } from '@/entities/devices/use-assign-wearables';
import { DANA, makeWearable, SAM, wearableSession } from './test-data';
import { BADGE_ASSIGN_V1, onWearableAssigned, registerWearableAssignHandler, WEARABLE_ASSIGN, type WearableAssignPayload } from './wearable-assign';

const MAC = 'AA:BB:CC:DD:EE:01';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const assigned = (wearableId: number) => json(200, [{ status: 'fulfilled', value: { userId: 21, wearableId, assignedAt: '2026-01-01T10:00:00.000Z' } }]);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), method: init!.method, headers: init!.headers as Record<string, string>, body: JSON.parse(String(init!.body ?? 'null')) as unknown };
};

/** What the listening screens saw accepted. */
const sent: WearableAssignPayload[] = [];
const LIST_KEY = ['some-screen', 'list'] as const;

beforeAll(() => {
  setConfig(testConfig);
  registerWearableAssignHandler();
  onWearableAssigned({ sent: (payload) => sent.push(payload), invalidates: [LIST_KEY] });
});
beforeEach(() => {
  sent.length = 0;
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const handler = () => outboxHandler(WEARABLE_ASSIGN)!;

describe('the wearable assignment handler', () => {
  it('sends an assignment with its Idempotency-Key, naming the wearable by id, and tells the listening screens', async () => {
    fetchMock.mockResolvedValueOnce(assigned(5));
    const payload: WearableAssignPayload = { mac: MAC, wearableId: 5, deviceType: 'BADGE', user: DANA, previousUser: SAM, assignorId: 7 };
    await handler().send(payload, { idempotencyKey: 'key-1', itemId: 'key-1' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call(0)).toMatchObject({ url: '/api/users/assign-badge', method: 'POST', body: [{ userId: 21, wearableId: 5, assignorId: 7 }] });
    expect(call(0).headers['Idempotency-Key']).toBe('key-1');
    expect(handler().describe(payload)).toBe(`Assign badge ${MAC} to Dana Ortiz (instead of Sam Reed)`);
    expect(sent).toEqual([payload]);
    expect(handler().invalidates?.(payload)).toEqual([deviceKeys.histories(), userKeys.all, LIST_KEY]);
  });

  it('looks a badge added offline up by MAC before assigning it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { exists: true, device: { id: 9, name: 'Badge 9', groupId: 3, groupName: 'Ward 3B', type: 'BADGE' } }))
      .mockResolvedValueOnce(assigned(9));
    await handler().send({ mac: MAC, wearableId: null, deviceType: 'BADGE', user: DANA, previousUser: null, assignorId: 7 }, { idempotencyKey: 'key-2', itemId: 'key-2' });
    expect(call(0).url).toBe(`/api/devices/mac/${encodeURIComponent(MAC)}`);
    expect(call(1).body).toEqual([{ userId: 21, wearableId: 9, assignorId: 7 }]);
    expect(call(1).headers['Idempotency-Key']).toBe('key-2');
  });

  it('turns a refused item into a refusal the outbox keeps, with the server’s reason, and tells no screen', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ status: 'rejected', reason: { message: 'User is inactive' } }]));
    const sending = handler().send({ mac: MAC, wearableId: 5, deviceType: 'BADGE', user: DANA, previousUser: null, assignorId: 7 }, { idempotencyKey: 'k', itemId: 'k' });
    await expect(sending).rejects.toBeInstanceOf(ApiError);
    await expect(sending).rejects.toMatchObject({ status: 409, message: 'User is inactive' });
    expect(sent).toEqual([]);
  });
});

describe('an assignment in the outbox', () => {
  const session = wearableSession();
  const userSub = outboxUserOf(session.user);
  afterEach(async () => {
    vi.restoreAllMocks();
    await offlineDb().outbox.clear();
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <SessionProvider value={session}>{children}</SessionProvider>
    </TestProviders>
  );

  it('of a wristband, queued offline, goes out as wearable.assign under the wristband’s entity once the connection is back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const wristband = makeWearable('WRISTBAND', 12, SAM);
    const { result } = renderHook(() => useAssignWearables(), { wrapper });
    let outcome: Awaited<ReturnType<ReturnType<typeof useAssignWearables>>> = [];
    await act(async () => {
      outcome = await result.current('WRISTBAND', [{ device: wristband, user: DANA }]);
    });
    expect(outcome).toEqual([{ state: 'queued', offline: true }]);
    expect(fetchMock).not.toHaveBeenCalled();
    const [item] = await queueOf(offlineDb(), userSub);
    expect(item).toMatchObject({
      type: WEARABLE_ASSIGN,
      entity: `wristband:${wristband.mac}`,
      status: 'pending',
      payload: { mac: wristband.mac, wearableId: 12, deviceType: 'WRISTBAND', user: DANA, previousUser: SAM, assignorId: session.user.id },
    });
    expect(handler().describe(item!.payload)).toBe(`Assign wristband ${wristband.mac} to Dana Ortiz (instead of Sam Reed)`);

    onLine.mockReturnValue(true);
    fetchMock.mockResolvedValueOnce(assigned(12));
    expect(await replayOutbox(offlineDb(), userSub)).toMatchObject({ sent: 1, refused: 0 });
    expect(call(0)).toMatchObject({ url: '/api/users/assign-badge', method: 'POST', body: [{ userId: DANA.id, wearableId: 12, assignorId: session.user.id }] });
    expect(call(0).headers['Idempotency-Key']).toBe(item!.id);
    expect(sent.map((p) => [p.mac, p.deviceType])).toEqual([[wristband.mac, 'WRISTBAND']]);
    expect(await queueOf(offlineDb(), userSub)).toEqual([]);
  });

  it('queued as badge.assign by an earlier version (no device type) is still sent, by the same handler, as a badge’s', async () => {
    expect(outboxHandler(BADGE_ASSIGN_V1)).toBe(handler());
    const legacy: WearableAssignPayload = { mac: MAC, wearableId: 5, user: DANA, previousUser: null, assignorId: 7 };
    const item = await enqueue(offlineDb(), { userSub, type: BADGE_ASSIGN_V1, entity: `badge:${MAC}`, payload: legacy });
    expect(handler().describe(legacy)).toBe(`Assign badge ${MAC} to Dana Ortiz`);

    fetchMock.mockResolvedValueOnce(assigned(5));
    expect(await replayOutbox(offlineDb(), userSub)).toMatchObject({ sent: 1, refused: 0 });
    expect(call(0)).toMatchObject({ url: '/api/users/assign-badge', body: [{ userId: 21, wearableId: 5, assignorId: 7 }] });
    expect(call(0).headers['Idempotency-Key']).toBe(item.id);
    expect(sent).toEqual([legacy]);
    expect(await queueOf(offlineDb(), userSub)).toEqual([]);
  });
});
