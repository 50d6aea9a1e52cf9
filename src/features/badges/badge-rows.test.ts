import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import { badgeRowsOf, filterBadgeRows } from './badge-rows';
import { BADGE_ASSIGN_V1, WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { BADGE_UNASSIGN_V1, WEARABLE_UNASSIGN } from '@/entities/devices/wearable-unassign';
import { BADGE_ADD, type BadgeEditPayload } from './outbox-handlers';
import { DANA, makeBadge, SAM, WARD } from './test-data';

let at = 0;
function edit(type: string, payload: BadgeEditPayload, status: OutboxItem['status'] = 'pending', lastError: string | null = null): OutboxItem<BadgeEditPayload> {
  at += 1;
  return { id: `id-${at}`, userSub: 's', type, entity: 'e', payload, createdAt: at, attempts: 0, status, lastError, nextAttemptAt: 0 };
}

const one = makeBadge(1);
const two = makeBadge(2, SAM);

describe('badge rows', () => {
  it('shows queued assignments at once, marked pending, freeing the new holder’s old badge', () => {
    const rows = badgeRowsOf(
      [one, two],
      [edit(WEARABLE_ASSIGN, { mac: one.mac, wearableId: 1, deviceType: 'BADGE', user: SAM, previousUser: null, assignorId: 7 })],
      null,
    );
    expect(rows.map((r) => [r.mac, r.user?.id ?? null, r.pending])).toEqual([
      [one.mac, SAM.id, 'pending'],
      [two.mac, null, 'pending'],
    ]);
  });

  it('applies edits oldest first and shows refused ones as not accepted without applying them', () => {
    const rows = badgeRowsOf(
      [one, two],
      [
        edit(WEARABLE_ASSIGN, { mac: one.mac, wearableId: 1, deviceType: 'BADGE', user: DANA, previousUser: null, assignorId: 7 }),
        edit(WEARABLE_UNASSIGN, { mac: one.mac, wearableId: 1, deviceType: 'BADGE', user: DANA, assignorId: 7 }),
        edit(WEARABLE_UNASSIGN, { mac: two.mac, wearableId: 2, deviceType: 'BADGE', user: SAM, assignorId: 7 }, 'failed', 'This device is not assigned to that user.'),
      ],
      null,
    );
    expect(rows[0]).toMatchObject({ user: null, pending: 'pending' });
    expect(rows[1]).toMatchObject({ user: SAM, pending: 'failed', pendingError: 'This device is not assigned to that user.' });
  });

  it('shows an assignment and an unassignment queued by an earlier version as pending too', () => {
    const rows = badgeRowsOf(
      [one, two],
      [
        edit(BADGE_UNASSIGN_V1, { mac: two.mac, wearableId: 2, user: SAM, assignorId: 7 }),
        edit(BADGE_ASSIGN_V1, { mac: one.mac, wearableId: 1, user: DANA, previousUser: null, assignorId: 7 }),
      ],
      null,
    );
    expect(rows.map((r) => [r.user?.id ?? null, r.pending])).toEqual([
      [DANA.id, 'pending'],
      [null, 'pending'],
    ]);
  });

  it('leaves a wristband’s queued assignment to the Wristbands page', () => {
    const rows = badgeRowsOf([one, two], [edit(WEARABLE_ASSIGN, { mac: 'AA:BB:CC:DD:FF:01', wearableId: 9, deviceType: 'WRISTBAND', user: SAM, previousUser: null, assignorId: 7 })], null);
    expect(rows.map((r) => [r.user?.id ?? null, r.pending])).toEqual([
      [null, null],
      [SAM.id, null],
    ]);
  });

  it('lists a badge added offline at the shown location only', () => {
    const add = edit(BADGE_ADD, {
      body: { mac: 'AA:BB:CC:00:00:09', type: 'BADGE', groupId: WARD.id, modelId: 4, firmwareVersionId: 8, active: true },
      groupName: WARD.name,
      organizationName: 'Test Hospital',
      modelName: 'Zephyr',
      version: '2.1.0',
    });
    expect(badgeRowsOf([one], [add], new Set([WARD.id])).at(-1)).toMatchObject({ id: null, mac: 'AA:BB:CC:00:00:09', name: 'Badge 00009', pending: 'pending' });
    expect(badgeRowsOf([one], [add], new Set([99]))).toHaveLength(1);
  });

  it('filters by status and by every search word, MACs with or without colons', () => {
    const rows = badgeRowsOf([one, two], [], null);
    expect(filterBadgeRows(rows, 'assigned', '').map((r) => r.mac)).toEqual([two.mac]);
    expect(filterBadgeRows(rows, 'unassigned', '').map((r) => r.mac)).toEqual([one.mac]);
    expect(filterBadgeRows(rows, 'all', 'sam reed').map((r) => r.mac)).toEqual([two.mac]);
    expect(filterBadgeRows(rows, 'all', 'aabbccddee01').map((r) => r.mac)).toEqual([one.mac]);
    expect(filterBadgeRows(rows, 'all', 'c2')).toHaveLength(1);
    expect(filterBadgeRows(rows, 'all', 'nobody')).toEqual([]);
  });
});
