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
import { badgeRowsOf } from './badge-rows';
import { BADGE_ASSIGN, type BadgeAssignPayload } from './outbox-handlers';
import { badgeSession, DANA, LEE, makeBadge } from './test-data';
import { useBadgeEdits } from './use-badge-edits';

const session = badgeSession();
const userSub = outboxUserOf(session.user);
const sent: BadgeAssignPayload[] = [];

// The server as these tests need it: Lee is inactive, everyone else is accepted.
registerOutboxHandler<BadgeAssignPayload>(BADGE_ASSIGN, {
  async send(payload) {
    if (payload.user.id === LEE.id) throw new ApiError(409, 'User is inactive', null);
    sent.push(payload);
  },
  describe: (payload) => `Assign badge ${payload.mac}`,
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
    const [one, two] = badgeRowsOf([makeBadge(1), makeBadge(2)], [], null);
    const { result } = renderHook(() => useBadgeEdits(), { wrapper });
    let outcome: Awaited<ReturnType<ReturnType<typeof useBadgeEdits>['assign']>> = [];
    await act(async () => {
      outcome = await result.current.assign([
        { device: one!, user: DANA },
        { device: two!, user: LEE },
      ]);
    });

    expect(outcome).toEqual([{ state: 'accepted' }, { state: 'refused', reason: 'User is inactive' }]);
    expect(sent.map((p) => p.user.id)).toEqual([DANA.id]);
    expect(show.mock.calls.map(([toast]) => toast.message)).toEqual(['1 user(s) assigned!', 'User assignment failed: User is inactive']);
    // The refused assignment stays in the outbox with the reason, for the user to retry or discard.
    const queue = await queueOf(offlineDb(), userSub);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ status: 'failed', lastError: 'User is inactive' });
  });
});
