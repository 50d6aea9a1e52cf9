import type { EditorDevice, EditorZone } from '@contracts/editor';
import type { OutboxItem } from '@/offline/db';
import type { UndoableDraft } from '@/offline/use-undoable-draft';
import type { DeviceDraft, ZoneDraft } from './editor-drafts';

// What the Location Editor shows and sends, from three layers: the entities the server has, the
// saves queued on this device (not on the server yet), and the unsaved edits of this session (the
// draft, with undo and redo). Pure, so every rule is tested without a map.

export type EntityDraft = ({ entityType: 'DEVICE' } & DeviceDraft) | ({ entityType: 'ZONE' } & ZoneDraft);

/** An entity's key: its id, or for one added on this device and not saved yet, its client id. */
export function entityKey(entity: { entityType: 'DEVICE' | 'ZONE'; id: number | null; clientId: string | null }): string {
  const kind = entity.entityType === 'DEVICE' ? 'device' : 'zone';
  return entity.id !== null ? `${kind}:${entity.id}` : `${kind}:new:${entity.clientId ?? ''}`;
}

/** A server device as the page edits it. */
export const deviceDraftOf = (d: EditorDevice): EntityDraft => ({
  entityType: 'DEVICE',
  id: d.id,
  clientId: null,
  mac: d.mac,
  name: d.name,
  type: d.type,
  groupId: d.groupId,
  modelId: d.modelId,
  firmwareVersionId: d.firmwareVersionId,
  role: d.role,
  physicalRole: d.physicalRole === 'ROOM' || d.physicalRole === 'BED' ? d.physicalRole : null,
  zoneId: d.zoneId,
  x: d.x,
  y: d.y,
  active: d.active,
  staged: d.staged,
  publish: d.publish,
  version: d.version,
});

export const zoneDraftOf = (z: EditorZone): EntityDraft => ({
  entityType: 'ZONE',
  id: z.id,
  clientId: null,
  name: z.name,
  type: z.type,
  groupId: z.groupId,
  ehrId: z.ehrId,
  geometry: z.geometry ?? { type: 'Polygon', coordinates: [] },
  meta: z.meta as { interval?: number } | null,
  active: z.active,
  staged: z.staged,
  publish: z.publish,
  version: z.version,
});

// ---- The draft -------------------------------------------------------------------------------

export type EditorAction = ({ kind: 'put' } | { kind: 'remove' }) & {
  key: string;
  entity: EntityDraft;
  /** The key it was added under, for an entity this device added and the server has since saved (withSavedIds). */
  savedFrom?: string;
};

/** The unsaved edits of one location, with their undo and redo stacks. */
export type EditorDraft = UndoableDraft<EditorAction>;

/**
 * The draft's effect by key: the entity's new state, or 'removed'. An entity added in the draft
 * and removed again is simply not there; one added from this device and already queued
 * (`queuedNew`) needs its removal sent, since the queue adds it first.
 */
export function draftChanges(draft: EditorDraft, queuedNew: ReadonlySet<string> = new Set()): Map<string, EntityDraft | 'removed'> {
  const changes = new Map<string, EntityDraft | 'removed'>();
  for (const action of draft.done) {
    if (action.kind === 'put') changes.set(action.key, action.entity);
    else if (action.entity.id === null && !queuedNew.has(action.key)) changes.delete(action.key);
    else changes.set(action.key, 'removed');
  }
  return changes;
}

// ---- The queue -------------------------------------------------------------------------------

/** The server's id and version of an entity this device added and saved, by the key it was added under. */
export type SavedIds = ReadonlyMap<string, { id: number; version: number }>;

/**
 * The draft with every entity this device added, and the server has since saved, named by its
 * server key: a change made to it in the moment between the save's answer and the refreshed list
 * (a device deleted right after Publish) is a change of the saved entity, not of a new one.
 */
export function withSavedIds(draft: EditorDraft, saved: SavedIds): EditorDraft {
  if (saved.size === 0) return draft;
  let changed = false;
  const resolve = (action: EditorAction): EditorAction => {
    const ref = action.entity.id === null ? saved.get(action.key) : undefined;
    if (!ref) return action;
    changed = true;
    const entity = { ...action.entity, id: ref.id, clientId: null, version: Math.max(action.entity.version ?? 0, ref.version) } as EntityDraft;
    return { ...action, key: entityKey(entity), entity, savedFrom: action.key };
  };
  const done = draft.done.map(resolve);
  return changed ? { ...draft, done } : draft;
}

/** One entity's change, as queued in the outbox: its full state (or its removal) and what it was edited from. */
export interface EditorEditPayload {
  groupId: number;
  groupName: string;
  key: string;
  entity: EntityDraft;
  remove: boolean;
  /** Publish the entity with this save (else a new one is saved staged). */
  publish: boolean;
}

/** Where a shown entity stands. */
export type EntityState = 'saved' | 'staged' | 'pending' | 'failed' | 'changed' | 'removed';

export interface ShownEntity {
  key: string;
  entity: EntityDraft;
  state: EntityState;
  /** The server's reason, for a refused save. */
  error: string | null;
  /** The outbox item of a refused save (its conflict, if any, is kept by that id). */
  failedItemId: string | null;
  /** A save of it is queued on this device. */
  queued: boolean;
}

const queuedNewOf = (shown: Iterable<ShownEntity>) => new Set([...shown].filter((s) => s.queued && s.entity.id === null).map((s) => s.key));

/** Every entity to show, with its state: the server's, then the queued saves over them, then the draft. */
/** The server's entities as shown, each object kept as long as the answer is (the map redraws only what changed). */
export function savedEntities(devices: readonly EditorDevice[], zones: readonly EditorZone[]): ShownEntity[] {
  const saved = (key: string, entity: EntityDraft, staged: boolean): ShownEntity => ({ key, entity, state: staged ? 'staged' : 'saved', error: null, failedItemId: null, queued: false });
  return [...devices.map((d) => saved(`device:${d.id}`, deviceDraftOf(d), d.staged)), ...zones.map((z) => saved(`zone:${z.id}`, zoneDraftOf(z), z.staged))];
}

/** The queued saves laid over the server's entities, and the draft over both; an entity neither touches is the same object. */
export function overlaid(saved: readonly ShownEntity[], queued: readonly OutboxItem<EditorEditPayload>[], draft: EditorDraft): ShownEntity[] {
  const shown = new Map<string, ShownEntity>(saved.map((s) => [s.key, s]));
  for (const item of queued) {
    const { key, entity, remove } = item.payload;
    const failed = item.status === 'failed';
    const base: ShownEntity = { key, entity, state: failed ? 'failed' : 'pending', error: item.lastError, failedItemId: failed ? item.id : null, queued: true };
    if (remove) {
      // A queued removal hides the entity; a refused one shows it again, marked.
      if (failed) shown.set(key, { ...(shown.get(key) ?? base), state: 'failed', error: item.lastError, failedItemId: item.id, queued: true });
      else shown.delete(key);
    } else shown.set(key, base);
  }
  for (const [key, change] of draftChanges(draft, queuedNewOf(shown.values()))) {
    const current = shown.get(key);
    if (change === 'removed') {
      if (current) shown.set(key, { ...current, state: 'removed' });
    } else shown.set(key, { key, entity: change, state: 'changed', error: null, failedItemId: current?.failedItemId ?? null, queued: current?.queued ?? false });
  }
  return [...shown.values()];
}

/** Every entity to show, with its state: the server's, then the queued saves over them, then the draft. */
export const shownEntities = (devices: readonly EditorDevice[], zones: readonly EditorZone[], queued: readonly OutboxItem<EditorEditPayload>[], draft: EditorDraft) =>
  overlaid(savedEntities(devices, zones), queued, draft);

/** Whether the draft changes anything (Save, Cancel and the leave-page guard). */
export const hasEdits = (draft: EditorDraft, shown: readonly ShownEntity[] = []) => draftChanges(draft, queuedNewOf(shown)).size > 0;

/** The entity of a removal of `key` that the server has saved but the shown list does not hold yet (withSavedIds). */
function removedSaved(draft: EditorDraft, key: string): EntityDraft | undefined {
  const action = draft.done.filter((a) => a.key === key).at(-1);
  return action?.kind === 'remove' && action.savedFrom !== undefined ? action.entity : undefined;
}

/**
 * The outbox payloads that save a draft, one per changed entity in the order first changed.
 * `publishAll` (Publish) also publishes every staged entity shown, changed or not.
 */
export function editPayloads(draft: EditorDraft, shown: readonly ShownEntity[], group: { id: number; name: string }, publishAll: boolean): EditorEditPayload[] {
  const byKey = new Map(shown.map((s) => [s.key, s]));
  const payloads: EditorEditPayload[] = [];
  const changed = draftChanges(draft, queuedNewOf(shown));
  for (const [key, change] of changed) {
    const current = byKey.get(key);
    if (change === 'removed') {
      const entity = current?.entity ?? removedSaved(draft, key);
      if (entity) payloads.push({ groupId: group.id, groupName: group.name, key, entity, remove: true, publish: false });
    } else {
      payloads.push({ groupId: group.id, groupName: group.name, key, entity: change, remove: false, publish: publishAll || !change.staged });
    }
  }
  if (publishAll) {
    for (const s of shown) {
      if (changed.has(s.key) || !s.entity.staged || s.state === 'removed') continue;
      payloads.push({ groupId: group.id, groupName: group.name, key: s.key, entity: s.entity, remove: false, publish: true });
    }
  }
  return payloads;
}
