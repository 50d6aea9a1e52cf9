import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION, deviceStatus, DURATION_OPTIONS, findBlocker, FIND_MESSAGES, scanStatusLabel } from './find-rules';

const ready = { topLevel: false, online: true, gateways: 2, types: 4, duration: DEFAULT_DURATION };

describe('the Find dialog’s rules', () => {
  it('offers 15 s, 30 s (the default), 1 min and 2 min', () => {
    expect(DURATION_OPTIONS.map((o) => o.label)).toEqual(['15 s', '30 s', '1 min', '2 min']);
    expect(DEFAULT_DURATION).toBe('30');
  });

  it('finds only below the top level, online, with gateways, types and a duration', () => {
    expect(findBlocker(ready)).toBeNull();
    expect(findBlocker({ ...ready, topLevel: true })).toBe(FIND_MESSAGES.topLevel);
    expect(findBlocker({ ...ready, online: false })).toBe(FIND_MESSAGES.offline);
    expect(findBlocker({ ...ready, gateways: 0 })).toBe(FIND_MESSAGES.noGateways);
    expect(findBlocker({ ...ready, types: 0 })).toBe(FIND_MESSAGES.noTypes);
    expect(findBlocker({ ...ready, duration: null })).toBe(FIND_MESSAGES.noDuration);
    expect(findBlocker({ ...ready, duration: '45' })).toBe(FIND_MESSAGES.noDuration);
  });

  it('names each gateway’s status', () => {
    expect(scanStatusLabel({ code: 418, message: null }, true)).toBe('Awaiting response');
    expect(scanStatusLabel({ code: 404, message: 'No response' }, true)).toBe('No response');
    expect(scanStatusLabel({ code: 200, message: null }, true)).toBe('Scanning');
    expect(scanStatusLabel({ code: 200, message: null }, false)).toBe('Done');
    expect(scanStatusLabel({ code: 503, message: 'Radio busy' }, true)).toBe('Busy: Radio busy');
    expect(scanStatusLabel({ code: 500, message: null }, true)).toBe('Failed (500)');
  });

  it('names each device’s status', () => {
    const base = { known: false, knownAt: null, status: 'SCANNED', message: null } as const;
    expect(deviceStatus(base).label).toBe('New');
    expect(deviceStatus({ ...base, known: null }).label).toBe('Checking…');
    expect(deviceStatus({ ...base, known: true, knownAt: 'ICU – 3 North' }).label).toBe('Exists at ICU – 3 North');
    expect(deviceStatus({ ...base, status: 'ADDING' }).label).toBe('Connecting');
    expect(deviceStatus({ ...base, status: 'ADDED' }).label).toBe('Successfully Added');
    expect(deviceStatus({ ...base, status: 'ERROR', message: 'Error connecting to device' }).label).toBe('Error connecting to device');
  });
});
