import type { EditorDevice, EditorZone } from '@contracts/editor';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import { applyStep, emptyDraft, undoStep } from '@/offline/use-undoable-draft';
import { deviceDraftOf, editPayloads, entityKey, hasEdits, shownEntities, withSavedIds, zoneDraftOf, type EditorAction, type EditorDraft, type EditorEditPayload, type EntityDraft } from './editor-model';
import { requestItem, savedMessage } from './outbox-handlers';

const group = { id: 12, name: 'Med-Surg – 5 East' };

const beacon: EditorDevice = {
  id: 1, entityType: 'DEVICE', mac: 'AA:BB:CC:DD:EE:01', name: 'Room 501', type: 'BEACON', groupId: 12, modelId: 12, firmwareVersionId: null,
  role: null, physicalRole: 'ROOM', zoneId: 5, x: 100, y: 100, active: true, staged: false, publish: true, replacedDeviceId: null, version: 3,
};
const stagedDispenser: EditorDevice = { ...beacon, id: 2, mac: 'AA:BB:CC:DD:EE:02', name: 'Sink 501', type: 'DISPENSER', physicalRole: null, staged: true, publish: false, version: 1 };
const room: EditorZone = {
  id: 5, entityType: 'ZONE', ehrId: null, groupId: 12, name: 'Room 501', type: 'PATIENT_ROOM',
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [200, 0], [200, 200], [0, 0]]] }, meta: null, active: true, staged: false, publish: true, version: 2,
};

const draftOf = (...actions: EditorAction[]): EditorDraft => actions.reduce<EditorDraft>(applyStep, emptyDraft());
const put = (entity: EntityDraft): EditorAction => ({ kind: 'put', key: entityKey(entity), entity });
const remove = (entity: EntityDraft): EditorAction => ({ kind: 'remove', key: entityKey(entity), entity });
const newDevice: EntityDraft = { ...deviceDraftOf(beacon), id: null, clientId: 'c-1', mac: 'AA:BB:CC:DD:EE:09', name: 'New beacon', staged: true, publish: false, version: null } as EntityDraft;

function queued(payload: Omit<EditorEditPayload, 'groupId' | 'groupName'>, status: OutboxItem['status'] = 'pending'): OutboxItem<EditorEditPayload> {
  return { id: `item-${payload.key}`, userSub: 'u', type: 'editor.save', entity: `editor:${payload.key}`, createdAt: 0, attempts: 0, status, lastError: status === 'failed' ? 'Refused' : null, nextAttemptAt: 0, payload: { ...payload, groupId: 12, groupName: group.name } };
}

describe('the entities shown', () => {
  it('lays the queued saves over the server’s entities, and the draft over both', () => {
    const moved = { ...deviceDraftOf(beacon), x: 150 } as EntityDraft;
    const shown = shownEntities([beacon, stagedDispenser], [room], [queued({ key: 'device:new:c-1', entity: newDevice, remove: false, publish: false })], draftOf(put(moved), remove(zoneDraftOf(room))));
    expect(shown.map((s) => [s.key, s.state])).toEqual([
      ['device:1', 'changed'],
      ['device:2', 'staged'],
      ['zone:5', 'removed'],
      ['device:new:c-1', 'pending'],
    ]);
    expect(shown[0]?.entity).toMatchObject({ x: 150 });
  });

  it('hides an entity whose removal is queued, and shows it again, marked, when the server refused it', () => {
    const removal = { key: 'device:1', entity: deviceDraftOf(beacon), remove: true, publish: false };
    expect(shownEntities([beacon], [], [queued(removal)], emptyDraft()).map((s) => s.key)).toEqual([]);
    expect(shownEntities([beacon], [], [queued(removal, 'failed')], emptyDraft()).map((s) => [s.key, s.state, s.error])).toEqual([['device:1', 'failed', 'Refused']]);
  });
});

describe('saving a draft', () => {
  it('forgets an entity placed and removed again before it was saved', () => {
    const draft = draftOf(put(newDevice), remove(newDevice));
    expect(hasEdits(draft)).toBe(false);
    expect(editPayloads(draft, shownEntities([], [], [], draft), group, false)).toEqual([]);
  });

  it('sends the removal of an entity placed here whose add is already queued', () => {
    const queue = [queued({ key: 'device:new:c-1', entity: newDevice, remove: false, publish: false })];
    const draft = draftOf(remove(newDevice));
    const shown = shownEntities([], [], queue, draft);
    expect(shown.map((s) => [s.key, s.state])).toEqual([['device:new:c-1', 'removed']]);
    expect(hasEdits(draft, shown)).toBe(true);
    expect(editPayloads(draft, shown, group, false).map((p) => [p.key, p.remove])).toEqual([['device:new:c-1', true]]);
  });

  it('removes the saved entity when one added here is deleted between its save’s answer and the refreshed list', () => {
    // The add was answered (id 40) and left the queue; the list without it is still shown.
    const draft = withSavedIds(draftOf(remove(newDevice)), new Map([['device:new:c-1', { id: 40, version: 1 }]]));
    expect(hasEdits(draft)).toBe(true);
    const payloads = editPayloads(draft, shownEntities([beacon], [], [], draft), group, false);
    expect(payloads).toEqual([expect.objectContaining({ key: 'device:40', remove: true, entity: expect.objectContaining({ id: 40, version: 1, clientId: null }) })]);
    expect(requestItem(payloads[0]!, undefined)).toMatchObject({ entityType: 'DEVICE', id: 40, baseVersion: 1, remove: true });
    // Once the list holds it, it is shown removed under its server key.
    const listed: EditorDevice = { ...beacon, id: 40, mac: newDevice.entityType === 'DEVICE' ? newDevice.mac : '', version: 1 };
    expect(shownEntities([beacon, listed], [], [], draft).map((s) => [s.key, s.state])).toEqual([['device:1', 'saved'], ['device:40', 'removed']]);
  });

  it('leaves a draft alone when nothing it added has been saved', () => {
    const draft = draftOf(put(newDevice));
    expect(withSavedIds(draft, new Map([['device:new:other', { id: 41, version: 1 }]]))).toBe(draft);
  });

  it('publishes every staged entity with Publish, changed or not', () => {
    const draft = draftOf(put(newDevice));
    const payloads = editPayloads(draft, shownEntities([beacon, stagedDispenser], [], [], draft), group, true);
    expect(payloads.map((p) => [p.key, p.publish])).toEqual([
      ['device:new:c-1', true],
      ['device:2', true],
    ]);
    expect(editPayloads(draft, shownEntities([beacon, stagedDispenser], [], [], draft), group, false).map((p) => [p.key, p.publish])).toEqual([['device:new:c-1', false]]);
  });

  it('undo takes back one step at a time', () => {
    const moved = { ...deviceDraftOf(beacon), x: 150 } as EntityDraft;
    const draft = undoStep(draftOf(put(newDevice), put(moved)));
    expect(shownEntities([beacon], [], [], draft).find((s) => s.key === 'device:1')?.entity).toMatchObject({ x: 100 });
  });
});

describe('a queued save on the wire', () => {
  const payload = (entity: EntityDraft, extra: Partial<EditorEditPayload> = {}): EditorEditPayload => ({ groupId: 12, groupName: group.name, key: entityKey(entity), entity, remove: false, publish: false, ...extra });

  it('saves a new entity staged, and names the version it was edited from', () => {
    expect(requestItem(payload(newDevice), undefined)).toMatchObject({ id: null, staged: true, publish: false, baseVersion: null, mac: 'AA:BB:CC:DD:EE:09' });
    expect(requestItem(payload(deviceDraftOf(beacon)), undefined)).toMatchObject({ id: 1, baseVersion: 3, staged: false, publish: true });
  });

  it('uses the id and version an earlier save from this device got, so a second edit of a new entity is no conflict', () => {
    expect(requestItem(payload(newDevice), { id: 40, version: 2 })).toMatchObject({ id: 40, baseVersion: 2 });
    expect(requestItem(payload(deviceDraftOf(beacon)), { id: 1, version: 5 })).toMatchObject({ id: 1, baseVersion: 5 });
  });

  it('says what was done in the spec’s words', () => {
    expect(savedMessage(payload(newDevice))).toBe('Device "New beacon" successfully added!');
    expect(savedMessage(payload(deviceDraftOf(stagedDispenser), { publish: true }))).toBe('Device "Sink 501" successfully published!');
    expect(savedMessage(payload(zoneDraftOf(room)))).toBe('Zone "Room 501" successfully edited!');
    expect(savedMessage(payload(zoneDraftOf(room), { remove: true }))).toBeNull();
  });
});
