import { describe, expect, it } from 'vitest';
import type { ZoneDraft } from './editor-drafts';
import { isZoneDirty, REMINDER_INTERVAL_MESSAGE, zoneDraftOf, zoneFieldErrors, zoneFormValuesOf, zoneSaveBlocker } from './zone-rules';

const room: ZoneDraft = {
  id: 8,
  clientId: null,
  name: 'Room 12',
  type: 'PATIENT_ROOM',
  groupId: 3,
  ehrId: 'EHR-12',
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 0]]] },
  meta: null,
  active: true,
  staged: false,
  publish: true,
  version: 2,
};

describe('zone form', () => {
  it('starts a reminder at interval 1 unless the zone has one', () => {
    expect(zoneFormValuesOf(room)).toEqual({ name: 'Room 12', type: 'PATIENT_ROOM', interval: 1, active: true });
    expect(zoneFormValuesOf({ ...room, type: 'REMINDER', meta: { interval: 15 } }).interval).toBe(15);
  });

  it('needs a name, and for a reminder whole minutes from 1 to 1440', () => {
    const values = zoneFormValuesOf(room);
    expect(zoneFieldErrors(values)).toEqual({});
    expect(zoneFieldErrors({ ...values, name: ' ' })).toEqual({ name: 'Name is required' });
    // Another type ignores the interval.
    expect(zoneFieldErrors({ ...values, interval: '' })).toEqual({});
    for (const interval of ['', 0, 1441, 2.5, 'abc']) {
      expect(zoneFieldErrors({ ...values, type: 'REMINDER', interval })).toEqual({ interval: REMINDER_INTERVAL_MESSAGE });
    }
    expect(zoneFieldErrors({ ...values, type: 'REMINDER', interval: 1440 })).toEqual({});
  });

  it('is dirty on a change of name, type, active or a reminder interval', () => {
    const initial = zoneFormValuesOf(room);
    expect(isZoneDirty(initial, { ...initial, name: 'Room 12 ' })).toBe(false);
    expect(isZoneDirty(initial, { ...initial, interval: 30 })).toBe(false);
    expect(isZoneDirty(initial, { ...initial, name: 'Room 14' })).toBe(true);
    expect(isZoneDirty(initial, { ...initial, active: false })).toBe(true);
    expect(isZoneDirty(initial, { ...initial, type: 'REMINDER' })).toBe(true);
    const reminder = zoneFormValuesOf({ ...room, type: 'REMINDER' });
    expect(isZoneDirty(reminder, { ...reminder, interval: '1' })).toBe(false);
    expect(isZoneDirty(reminder, { ...reminder, interval: 5 })).toBe(true);
  });

  it('disables Save unless valid and dirty', () => {
    expect(zoneSaveBlocker({}, true)).toBeNull();
    expect(zoneSaveBlocker({}, false)).toBe('No changes to save.');
    expect(zoneSaveBlocker({ name: 'Name is required' }, true)).toBe('Name is required');
  });

  it('stores a reminder interval in meta.interval, and none for other types', () => {
    const values = zoneFormValuesOf(room);
    expect(zoneDraftOf(room, { ...values, name: ' Room 14 ', type: 'REMINDER', interval: '30' })).toEqual({ ...room, name: 'Room 14', type: 'REMINDER', meta: { interval: 30 } });
    expect(zoneDraftOf({ ...room, type: 'REMINDER', meta: { interval: 30 } }, { ...values, type: 'CDIFF' })).toEqual({ ...room, type: 'CDIFF', meta: null });
  });
});
