import { assignBlocker, displayCode } from '@contracts/stations-realtime';
import { describe, expect, it } from 'vitest';
import { GATEWAY_MAC, gatewayState, wristband } from '../test-data';
import { assignedElsewhere, newAssignment, type PendingAssignment, reconcilePending } from './pending-assignments';

const A = 'A1:00:00:00:00:01';
const B = 'A1:00:00:00:00:02';
const target = (w = wristband(A), slot = 1) => ({ gatewayId: 501, gatewayName: 'Kiosk 3N', gatewayMac: GATEWAY_MAC, slot, wristband: w });
const dana = { id: 7, name: 'Dana Ortiz' };

function pending(w = wristband(A), user: { id: number; name: string } | null = dana, existing: PendingAssignment[] = []): PendingAssignment {
  const result = newAssignment(existing, target(w), user, `p-${Math.random()}`, 0);
  if (!result.ok) throw new Error(result.message);
  return result.pending;
}

describe('kiosk assignment rules', () => {
  it('sync-enabled, updating or working wristbands cannot be assigned', () => {
    for (const w of [
      wristband(A, { syncEnabled: true }),
      wristband(A, { isUpdating: true }),
      wristband(A, { status: { working: true, lastStatus: { type: 'DFU', status: 'working' } } }),
    ]) {
      expect(assignBlocker(w)).not.toBeNull();
      expect(newAssignment([], target(w), dana, 'x', 0)).toMatchObject({ ok: false });
    }
    expect(assignBlocker(wristband(A))).toBeNull();
  });

  it('is ASSIGN on a free wristband, REASSIGN on a held one, UNASSIGN to clear', () => {
    expect(pending(wristband(A)).type).toBe('ASSIGN');
    expect(pending(wristband(A, { userId: 8, name: 'Lee Park' })).type).toBe('REASSIGN');
    expect(pending(wristband(A, { userId: 8, name: 'Lee Park' }), null).type).toBe('UNASSIGN');
    expect(newAssignment([], target(wristband(A, { userId: 7 })), dana, 'x', 0)).toMatchObject({ ok: false });
    expect(newAssignment([], target(wristband(A)), null, 'x', 0)).toMatchObject({ ok: false });
  });

  it('replaces an earlier pending assignment of the same wristband or the same user', () => {
    const first = pending(wristband(A));
    const result = newAssignment([first], target(wristband(B), 2), dana, 'y', 0);
    expect(result).toMatchObject({ ok: true, replaced: [first] });
  });

  it('the display code of a sync-enabled wristband is its MAC mod 9999, four digits', () => {
    expect(displayCode('00:00:00:00:00:2A')).toBe('0042');
    expect(displayCode('00:00:00:00:27:0F')).toBe('0000');
    expect(displayCode('F4:CE:36:7A:12:34')).toBe(String(Number(0xf4ce367a1234n % 9999n)).padStart(4, '0'));
  });
});

describe('reconcilePending', () => {
  it('is applied when the wristband carries the asked user', () => {
    const p = pending();
    const r = reconcilePending([p], gatewayState(2, { 1: wristband(A, { userId: 7, name: 'Dana Ortiz' }) }));
    expect(r).toMatchObject({ applied: [p], removed: [], keep: [] });
  });

  it('is removed when the wristband is undocked', () => {
    const p = pending();
    const r = reconcilePending([p], gatewayState(2, {}));
    expect(r.removed).toMatchObject([{ pending: p, reason: 'undocked' }]);
    expect(r.removed[0]!.message).toContain('undocked');
  });

  it('is removed when someone else assigned or unassigned the wristband meanwhile', () => {
    const p = pending();
    expect(reconcilePending([p], gatewayState(2, { 1: wristband(A, { userId: 9, name: 'Sam Reed' }) })).removed).toMatchObject([
      { reason: 'reassigned', message: `Wristband ${A} was assigned to Sam Reed meanwhile.` },
    ]);
    const held = pending(wristband(A, { userId: 8 }));
    expect(reconcilePending([held], gatewayState(2, { 1: wristband(A) })).removed).toMatchObject([{ reason: 'unassigned' }]);
  });

  it('keeps waiting while nothing changed, and leaves other gateways alone', () => {
    const p = pending();
    const other = { ...pending(wristband(B)), gatewayMac: 'B8:27:EB:4F:00:99' };
    const r = reconcilePending([p, other], gatewayState(2, { 1: wristband(A) }));
    expect(r.keep).toEqual([p, other]);
  });

  it('a user assigned another wristband loses the pending one', () => {
    const p = pending();
    expect(assignedElsewhere([p], 7, B)).toMatchObject([{ reason: 'assigned elsewhere' }]);
    expect(assignedElsewhere([p], 7, A)).toEqual([]);
  });
});
