import type { EditorDevice, EditorEntities, EditorItemResult, EditorZone } from '@contracts/editor';
import { describe, expect, it } from 'vitest';
import { withSavedItems } from './editor-queries';

const beacon: EditorDevice = {
  id: 1, entityType: 'DEVICE', mac: 'AA:BB:CC:DD:EE:01', name: 'Room 501', type: 'BEACON', groupId: 12, modelId: 12, firmwareVersionId: null,
  role: null, physicalRole: 'ROOM', zoneId: 5, x: 100, y: 100, active: true, staged: false, publish: true, replacedDeviceId: null, version: 3,
};
const sink: EditorDevice = { ...beacon, id: 2, mac: 'AA:BB:CC:DD:EE:02', name: 'Sink 501', type: 'DISPENSER', physicalRole: null };
const room: EditorZone = {
  id: 5, entityType: 'ZONE', ehrId: null, groupId: 12, name: 'Room 501', type: 'PATIENT_ROOM',
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [200, 0], [200, 200], [0, 0]]] }, meta: null, active: true, staged: false, publish: true, version: 2,
};
const answer: EditorEntities = { group: { id: 12, name: 'Med-Surg – 5 East' } as EditorEntities['group'], devices: [beacon, sink], zones: [room] };
const result = (r: Partial<EditorItemResult> & Pick<EditorItemResult, 'entityType' | 'sentId' | 'entity'>): EditorItemResult => ({ index: 0, action: 'EDITED', replacement: null, ...r }) as EditorItemResult;

describe('a save laid into the shown list', () => {
  it('adds a new entity, puts an edited one in its place and takes a removed one out', () => {
    const added = { ...beacon, id: 40, mac: 'AA:BB:CC:DD:EE:40', name: 'Beacon 40', version: 1 };
    const moved = { ...sink, x: 300, version: 2 };
    const laid = withSavedItems(answer, 12, [
      result({ entityType: 'DEVICE', sentId: null, entity: added, action: 'ADDED' }),
      result({ entityType: 'DEVICE', sentId: 2, entity: moved }),
      result({ entityType: 'ZONE', sentId: 5, entity: null, action: 'REMOVED' }),
    ]);
    expect(laid.devices.map((d) => [d.id, d.x, d.version])).toEqual([[1, 100, 3], [2, 300, 2], [40, 100, 1]]);
    expect(laid.zones).toEqual([]);
  });

  it('takes out a device moved to another location, and the device a replacement took the place of', () => {
    const elsewhere = { ...sink, groupId: 13, version: 4 };
    const replacing = { ...beacon, id: 41, mac: 'AA:BB:CC:DD:EE:41', version: 1 };
    const laid = withSavedItems(answer, 12, [
      result({ entityType: 'DEVICE', sentId: 2, entity: elsewhere }),
      result({ entityType: 'DEVICE', sentId: null, entity: replacing, action: 'ADDED', replacement: { deviceId: 41, replacedDeviceId: 1 } }),
    ]);
    expect(laid.devices.map((d) => d.id)).toEqual([41]);
    expect(laid.zones).toEqual([room]);
  });
});
