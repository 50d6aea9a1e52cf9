import { describe, expect, it } from 'vitest';
import type { HolderEdit } from '@/entities/devices/holder-edits';
import { makeWearable, DANA, SAM } from '@/entities/devices/test-data';
import { WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { WEARABLE_UNASSIGN } from '@/entities/devices/wearable-unassign';
import { rowsOf } from '@/entities/device-operations/operation-rows';
import { withAssignmentEdits } from './wristband-rows';

let at = 0;
function edit(type: string, payload: HolderEdit['payload'], status: HolderEdit['status'] = 'pending', lastError: string | null = null): HolderEdit {
  at += 1;
  return { id: `id-${at}`, userSub: 's', type, entity: 'e', payload, createdAt: at, attempts: 0, status, lastError, nextAttemptAt: 0 };
}

const free = makeWearable('WRISTBAND', 1);
const dana = makeWearable('WRISTBAND', 2, DANA);
const sam = makeWearable('WRISTBAND', 3, SAM);
const rows = rowsOf([free, dana, sam], []);
const shown = (edits: HolderEdit[]) => withAssignmentEdits(rows, edits).map((r) => [r.mac, r.user?.id ?? null, r.pending, r.pendingError]);

describe('wristband rows with the outbox’s assignments and unassignments', () => {
  it('show a queued assignment’s holder, pending, freeing the wristband the holder had, and a queued unassignment’s empty holder', () => {
    expect(
      shown([
        edit(WEARABLE_ASSIGN, { mac: free.mac, wearableId: 1, deviceType: 'WRISTBAND', user: DANA, previousUser: null, assignorId: 7 }),
        edit(WEARABLE_UNASSIGN, { mac: sam.mac, wearableId: 3, deviceType: 'WRISTBAND', user: SAM, assignorId: 7 }),
      ]),
    ).toEqual([
      [free.mac, DANA.id, 'pending', null],
      [dana.mac, null, 'pending', null],
      [sam.mac, null, 'pending', null],
    ]);
  });

  it('apply edits oldest first, leave a refused one’s holder marked failed, and ignore badges’ edits', () => {
    expect(
      shown([
        edit(WEARABLE_UNASSIGN, { mac: free.mac, wearableId: 1, deviceType: 'WRISTBAND', user: SAM, assignorId: 7 }),
        edit(WEARABLE_ASSIGN, { mac: free.mac, wearableId: 1, deviceType: 'WRISTBAND', user: SAM, previousUser: null, assignorId: 7 }),
        edit(WEARABLE_UNASSIGN, { mac: dana.mac, wearableId: 2, deviceType: 'WRISTBAND', user: DANA, assignorId: 7 }, 'failed', 'This device is not assigned to that user.'),
        // A badge's edit (no device type: an earlier version's) is not this list's, even for one of its holders.
        edit(WEARABLE_ASSIGN, { mac: 'AA:BB:CC:DD:EE:01', wearableId: 9, user: DANA, previousUser: null, assignorId: 7 }),
      ]),
    ).toEqual([
      [free.mac, SAM.id, 'pending', null],
      [dana.mac, DANA.id, 'failed', 'This device is not assigned to that user.'],
      [sam.mac, null, 'pending', null],
    ]);
    expect(shown([])).toEqual([
      [free.mac, null, null, null],
      [dana.mac, DANA.id, null, null],
      [sam.mac, SAM.id, null, null],
    ]);
  });
});
