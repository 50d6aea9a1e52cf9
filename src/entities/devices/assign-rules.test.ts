import { describe, expect, it } from 'vitest';
import { DANA, LEE, makeWearable, NETWORK, SAM, WARD } from './test-data';
import { canStageMore, isTopLevel, pairsToSend, pairUp, pickableUsers, reassignCount, reassignMessage, stageUser } from './assign-rules';

const [free, held, other] = [makeWearable('WRISTBAND', 1), makeWearable('WRISTBAND', 2, SAM), makeWearable('WRISTBAND', 3)];
const devices = [free, held];

describe('the Assign dialog rules', () => {
  it('pairs the i-th staged user with the i-th wearable, in order', () => {
    expect(pairUp(devices, [DANA]).map((p) => [p.device.mac, p.user?.id ?? null])).toEqual([
      [free.mac, DANA.id],
      [held.mac, null],
    ]);
    expect(pairsToSend(pairUp(devices, [DANA]))).toEqual([{ device: free, user: DANA }]);
  });

  it('never stages more users than wearables, nor one user twice', () => {
    let staged = stageUser(devices, [], DANA);
    staged = stageUser(devices, staged, DANA);
    expect(staged).toEqual([DANA]);
    staged = stageUser(devices, staged, SAM);
    expect(canStageMore(devices, staged)).toBe(false);
    expect(stageUser(devices, staged, LEE)).toEqual([DANA, SAM]);
    expect(canStageMore([free, held, other], staged)).toBe(true);
  });

  it('leaves staged users out of the pick list', () => {
    expect(pickableUsers([DANA, SAM, LEE], [SAM]).map((u) => u.id)).toEqual([DANA.id, LEE.id]);
  });

  it('counts the wearables whose holder would be replaced, and asks in the spec’s words', () => {
    expect(reassignCount(pairUp(devices, [DANA]))).toBe(0);
    expect(reassignCount(pairUp(devices, [DANA, LEE]))).toBe(1);
    // Giving the holder their own wearable replaces nobody.
    expect(reassignCount(pairUp([held], [SAM]))).toBe(0);
    expect(reassignMessage(1)).toBe('This action will overwrite the assignment on 1 wristband(s)');
  });

  it('assigns nowhere at the top level or without a location', () => {
    const groups = [NETWORK, WARD];
    expect(isTopLevel(null, groups)).toBe(true);
    expect(isTopLevel(NETWORK.id, groups)).toBe(true);
    expect(isTopLevel(WARD.id, groups)).toBe(false);
  });
});
