import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DANA, makeWearable, WARD, wearableSession } from '@/entities/devices/test-data';
import { SessionProvider } from '@/lib/session-context';
import { TestProviders } from '@/test/render';
import { useLocationSelection } from '@/lib/use-location-selection';
import { useOperationsQueue } from './use-operations-queue';

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>
    <SessionProvider value={wearableSession()}>{children}</SessionProvider>
  </TestProviders>
);

const idle = makeWearable('WRISTBAND', 1, DANA);
const busy = { ...makeWearable('WRISTBAND', 2), operations: [{ id: 9, type: 'DFU' as const, status: 'pending' as const, progress: 0, description: '', createdAt: '' }], operationDisabled: true };
const unknown = { ...makeWearable('WRISTBAND', 3), firmware: { current: null, latest: { id: 41, version: '2.1.0' } }, operationDisabled: true };
const devices = [idle, busy, unknown];
const macOf = (row: { mac: string }) => row.mac;

describe('the operations queue over a selection the page keeps', () => {
  it('holds any device; edits those that may be operated, and the Queue says why the others are skipped', () => {
    const { result } = renderHook(
      () => {
        const selection = useLocationSelection(WARD.id, macOf);
        return { selection, ops: useOperationsQueue({ devices, groupId: WARD.id, selection }) };
      },
      { wrapper },
    );
    act(() => result.current.selection.set(new Set([unknown.mac, idle.mac, busy.mac])));
    expect(result.current.ops.toolbar).toMatchObject({ selectedCount: 3, operableCount: 1, canQueue: false });
    expect(result.current.ops).not.toHaveProperty('tableSelection');

    act(() => result.current.ops.toolbar.onEdit(true));
    expect(result.current.ops.drawer.devices.map((d) => d.id)).toEqual([idle.id]);
    act(() => result.current.ops.drawer.onClose());
    act(() => result.current.ops.toolbar.onFirmware(true));
    expect(result.current.ops.toolbar.canQueue).toBe(true);
    act(() => result.current.ops.toolbar.onQueue());
    expect(result.current.ops.queueDialog.entries?.map((e) => [e.row.id, e.types, e.skipped])).toEqual([
      [unknown.id, [], 'No current firmware'],
      [idle.id, ['DFU'], null],
      [busy.id, [], 'Already queued or in progress'],
    ]);

    // Removing a device from the Queue takes it out of the page's selection.
    act(() => result.current.ops.queueDialog.onRemove(busy.id));
    expect([...result.current.selection.keys]).toEqual([unknown.mac, idle.mac]);
  });
});

describe('the operations queue with its own selection', () => {
  it('answers the table’s selection, where a device that may not be operated cannot be chosen, and the map’s toggle', () => {
    const { result } = renderHook(() => useOperationsQueue({ devices, groupId: WARD.id }), { wrapper });
    const [first, second] = result.current.rows;
    expect([first, second].map((row) => result.current.tableSelection.isSelectable(row!))).toEqual([true, false]);
    act(() => result.current.toggle(first!));
    expect([...result.current.selected]).toEqual([idle.id]);
    expect(result.current.toolbar).toMatchObject({ selectedCount: 1, operableCount: 1 });
    act(() => result.current.toggle(first!));
    expect(result.current.selected.size).toBe(0);
  });
});
