import { describe, expect, it } from 'vitest';
import type { StoredSession } from './audit-store';
import { NO_PICKS } from './audit-store';
import { sessionRows } from './session-rows';
import { ED, ICU, serverSession } from './test-data';
import type { KeptSession } from './use-kept-sessions';

const keptSession = (clientId: string, startedAt: string, patch: Partial<StoredSession> = {}): StoredSession => ({
  clientId, userSub: 'sub-1', unit: ICU, startedAt, endedAt: null, picks: NO_PICKS, ...patch,
});

describe('the Sessions list', () => {
  it('shows the device’s own count of a session it has not sent in full, in place of the server’s', () => {
    const server = [serverSession('a', '2026-05-02T15:00:00.000Z', { endedAt: '2026-05-02T16:00:00.000Z', observations: 4, compliant: 3 }), serverSession('b', '2026-05-03T15:00:00.000Z', { observations: 2, compliant: 2 })];
    const kept: KeptSession[] = [{ session: keptSession('b', '2026-05-03T15:00:00.000Z', { endedAt: '2026-05-03T17:00:00.000Z' }), tally: { opportunities: 5, compliant: 4, percent: 80 }, state: 'pending' }];
    expect(sessionRows(server, kept, ICU, '2026-05')).toEqual([
      { clientId: 'b', unitName: ICU.name, observerName: null, startedAt: '2026-05-03T15:00:00.000Z', endedAt: '2026-05-03T17:00:00.000Z', observations: 5, compliant: 4, state: 'pending' },
      { clientId: 'a', unitName: ICU.name, observerName: 'Casey Rivera', startedAt: '2026-05-02T15:00:00.000Z', endedAt: '2026-05-02T16:00:00.000Z', observations: 4, compliant: 3, state: null },
    ]);
  });

  it('adds a session the server has not had yet, only to its own unit and month on the unit’s clock', () => {
    const kept: KeptSession[] = [
      { session: keptSession('new', '2026-06-01T05:00:00.000Z'), tally: { opportunities: 1, compliant: 0, percent: 0 }, state: 'pending' },
      { session: keptSession('other-unit', '2026-05-10T05:00:00.000Z', { unit: ED }), tally: { opportunities: 0, compliant: 0, percent: null }, state: 'pending' },
    ];
    // 05:00 UTC on June 1st is May 31st in California.
    expect(sessionRows([], kept, ICU, '2026-05').map((row) => row.clientId)).toEqual(['new']);
    expect(sessionRows([], kept, ICU, '2026-06')).toEqual([]);
  });
});
