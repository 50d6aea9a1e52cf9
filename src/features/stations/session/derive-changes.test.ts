import { describe, expect, it } from 'vitest';
import { gatewayState, wristband } from '../test-data';
import { deriveChanges } from './derive-changes';

const A = 'A1:00:00:00:00:01';
const B = 'A1:00:00:00:00:02';
const names = (changes: ReturnType<typeof deriveChanges>) => changes.map((c) => `${c.change}@${c.slot}`);

describe('deriveChanges', () => {
  it('yields nothing for the first state', () => {
    expect(deriveChanges(null, gatewayState(1, { 1: wristband(A) }))).toEqual([]);
  });

  it('a wristband that appears is DOCK, one that disappears UNDOCK', () => {
    const before = gatewayState(1, { 1: wristband(A) });
    const after = gatewayState(2, { 3: wristband(B) });
    expect(names(deriveChanges(before, after))).toEqual(['UNDOCK@1', 'DOCK@3']);
  });

  it('a wristband moved to another slot is UNDOCK then DOCK', () => {
    expect(names(deriveChanges(gatewayState(1, { 1: wristband(A) }), gatewayState(2, { 5: wristband(A) })))).toEqual(['UNDOCK@1', 'DOCK@5']);
  });

  it('working to not working is named by last status type and status', () => {
    const working = wristband(A, { status: { working: true, lastStatus: { type: 'DFU', status: 'working' } } });
    const done = wristband(A, { status: { working: false, lastStatus: { type: 'DFU', status: 'done' } } });
    expect(names(deriveChanges(gatewayState(1, { 2: working }), gatewayState(2, { 2: done })))).toEqual(['DFU DONE@2']);
    // Starting to work is not an event.
    expect(deriveChanges(gatewayState(1, { 2: done }), gatewayState(2, { 2: working }))).toEqual([]);
  });

  it('a changed holder is ASSIGN, REASSIGN or UNASSIGN with the previous holder', () => {
    const free = wristband(A);
    const dana = wristband(A, { userId: 7, name: 'Dana Ortiz' });
    const lee = wristband(A, { userId: 8, name: 'Lee Park' });
    expect(deriveChanges(gatewayState(1, { 1: free }), gatewayState(2, { 1: dana }))).toMatchObject([{ change: 'ASSIGN', previousUserId: null }]);
    expect(deriveChanges(gatewayState(1, { 1: dana }), gatewayState(2, { 1: lee }))).toMatchObject([{ change: 'REASSIGN', previousUserId: 7 }]);
    expect(deriveChanges(gatewayState(1, { 1: lee }), gatewayState(2, { 1: free }))).toMatchObject([{ change: 'UNASSIGN', previousUserId: 8 }]);
  });

  it('a lost message merges changes: the comparison still ends where the gateway is', () => {
    // State 2 (B docked) was lost; 3 has A undocked and B docked.
    const changes = deriveChanges(gatewayState(1, { 1: wristband(A) }), gatewayState(3, { 2: wristband(B) }));
    expect(names(changes)).toEqual(['UNDOCK@1', 'DOCK@2']);
  });
});
