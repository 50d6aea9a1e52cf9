import type { UnresponsiveDevice } from '@contracts/unresponsive-devices';
import { describe, expect, it } from 'vitest';
import { defaultRange, filterDevices, resolveUnresponsiveFilters } from './unresponsive-filters';
import { unresponsiveSearchSchema } from './unresponsive-search';

const TODAY = '2026-11-27';
const ACCESSIBLE = new Set([1, 2, 6, 7]);
const read = (search: Record<string, unknown>) => resolveUnresponsiveFilters(unresponsiveSearchSchema.parse(search), ACCESSIBLE, TODAY);

const device = (over: Partial<UnresponsiveDevice>): UnresponsiveDevice => ({
  id: 1,
  mac: 'AA:BB:CC:DD:EE:01',
  name: 'Room 301 Door Sanitizer',
  groupId: 6,
  group: 'ICU – 3 North',
  type: 'DISPENSER',
  model: 'GEN 5',
  lastHeard: null,
  ...over,
});

describe('the Unresponsive Devices filters', () => {
  it('default to every location, every type, no search, and yesterday and today', () => {
    expect(defaultRange(TODAY)).toEqual({ startDate: '2026-11-26', endDate: TODAY });
    expect(read({})).toEqual({ groupIds: [], deviceType: null, search: '', startDate: '2026-11-26', endDate: TODAY });
  });

  it('read the address, leaving out locations the user cannot open and unknown types', () => {
    expect(read({ groupIds: '6,15', deviceType: 'TABLET', search: 'room 3', startDate: '2026-11-01', endDate: '2026-11-20' })).toEqual({
      groupIds: [6],
      deviceType: 'TABLET',
      search: 'room 3',
      startDate: '2026-11-01',
      endDate: '2026-11-20',
    });
    expect(read({ groupIds: 15, deviceType: 'TOASTER' })).toMatchObject({ groupIds: [], deviceType: null });
  });

  it.each([
    ['a start alone', { startDate: '2026-11-01' }],
    ['a start after the end', { startDate: '2026-11-20', endDate: '2026-11-01' }],
    ['an end after today', { startDate: '2026-11-20', endDate: '2026-11-28' }],
    ['a start before what the picker offers', { startDate: '2025-11-12', endDate: TODAY }],
    ['a day that is no day', { startDate: '2026-02-30', endDate: TODAY }],
  ])('keep the default range for %s', (_, dates) => {
    expect(read(dates)).toMatchObject(defaultRange(TODAY));
  });

  it('keep the earliest range the picker offers', () => {
    expect(read({ startDate: '2025-11-13', endDate: TODAY })).toMatchObject({ startDate: '2025-11-13', endDate: TODAY });
  });

  describe('narrowing the list', () => {
    const rows = [
      device({ id: 1 }),
      device({ id: 2, mac: '0C:12:34:56:78:9A', name: 'Tablet ICU Nurse Station', type: 'TABLET' }),
      device({ id: 3, mac: 'AA:BB:CC:00:11:22', name: 'Gateway 3N-1', type: 'GATEWAY' }),
    ];
    const ids = (filters: { deviceType: UnresponsiveDevice['type'] | null; search: string }) => filterDevices(rows, filters).map((r) => r.id);

    it('by type', () => {
      expect(ids({ deviceType: null, search: '' })).toEqual([1, 2, 3]);
      expect(ids({ deviceType: 'TABLET', search: '' })).toEqual([2]);
      expect(ids({ deviceType: 'BADGE', search: '' })).toEqual([]);
    });

    it('by name, every word, in any case', () => {
      expect(ids({ deviceType: null, search: 'nurse tablet' })).toEqual([2]);
      expect(ids({ deviceType: null, search: '  SANITIZER ' })).toEqual([1]);
      expect(ids({ deviceType: null, search: 'nurse gateway' })).toEqual([]);
    });

    it('by MAC, with or without its colons', () => {
      expect(ids({ deviceType: null, search: 'aa:bb:cc' })).toEqual([1, 3]);
      expect(ids({ deviceType: null, search: '56789a' })).toEqual([2]);
      expect(ids({ deviceType: null, search: 'cc-00-11' })).toEqual([3]);
      expect(ids({ deviceType: 'DISPENSER', search: 'aabbcc' })).toEqual([1]);
    });
  });
});
