import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf, registerOutboxHandler } from '@/offline/outbox';
import { startOutboxSync } from '@/offline/sync';
import { outboxUserOf } from '@/offline/use-outbox';
import { TestProviders } from '@/test/render';
import { WEARABLE_ASSIGN, type WearableAssignPayload } from '@/entities/devices/wearable-assign';
import { DANA, LEE, makeWearable, wearableSession } from '@/entities/devices/test-data';
import { useAssignWearables } from './use-assign-wearables';

const session = wearableSession();
const userSub = outboxUserOf(session.user);
const sent: WearableAssignPayload[] = [];

// The server as these tests need it: Lee is inactive, everyone else is accepted.
registerOutboxHandler<WearableAssignPayload>(WEARABLE_ASSIGN, {
  async send(payload) {
    if (payload.user.id === LEE.id) throw new ApiError(409, 'User is inactive', null);
    sent.push(payload);
  },
  describe: (payload) => `Assign ${payload.mac}`,
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>
    <SessionProvider value={session}>{children}</SessionProvider>
  </TestProviders>
);

let stop: () => void = () => {};
beforeEach(() => {
  sent.length = 0;
  stop = startOutboxSync({ db: offlineDb(), userSub, isOnline: () => true });
});
afterEach(async () => {
  stop();
  vi.restoreAllMocks();
  await offlineDb().outbox.clear();
});

describe('assigning online', () => {
  it('sends at once and reports what the server accepted and what it refused', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { result } = renderHook(() => useAssignWearables(), { wrapper });
    let outcome: Awaited<ReturnType<ReturnType<typeof useAssignWearables>>> = [];
    await act(async () => {
      outcome = await result.current('BADGE', [
        { device: makeWearable('BADGE', 1), user: DANA },
        { device: makeWearable('BADGE', 2), user: LEE },
      ]);
    });

    expect(outcome).toEqual([{ state: 'accepted' }, { state: 'refused', reason: 'User is inactive' }]);
    expect(sent.map((p) => [p.user.id, p.deviceType])).toEqual([[DANA.id, 'BADGE']]);
    expect(show.mock.calls.map(([toast]) => toast.message)).toEqual(['1 user(s) assigned!', 'User assignment failed: User is inactive']);
    // The refused assignment stays in the outbox with the reason, for the user to retry or discard.
    const queue = await queueOf(offlineDb(), userSub);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ status: 'failed', lastError: 'User is inactive', entity: 'badge:AA:BB:CC:DD:EE:02' });
  });
});
