import { editorSuccessMessage, type EditorItem } from '@contracts/editor';
import { deviceKeys } from '@/entities/devices/api/keys';
import { ApiError } from '@/lib/api-client';
import { registerOutboxHandler } from '@/offline/outbox';
import { queryClient } from '@/lib/query-client';
import { editorKeys, saveEditorItems, withSavedItems, type LoadedEntities } from './api/editor-queries';
import { editorDb } from './editor-store';
import type { EditorEditPayload, EntityDraft } from './editor-model';

/** The outbox type of the Location Editor: one entity's change (added, edited, published, removed). */
export const EDITOR_SAVE = 'editor.save';

/** One entity's saves are sent in order: it is added before it is edited or removed. */
export const editorEntity = (payload: Pick<EditorEditPayload, 'key'>) => `editor:${payload.key}`;

/** The request item of a queued change, with the id and version the server gave to earlier saves of it from this device. */
export function requestItem(payload: EditorEditPayload, known: { id: number; version: number } | undefined): EditorItem {
  const entity: EntityDraft = payload.entity;
  const id = entity.id ?? known?.id ?? null;
  // A version this device's own earlier save produced is no conflict with it.
  const baseVersion = Math.max(entity.version ?? 0, known?.version ?? 0) || null;
  const flags = payload.remove
    ? { remove: true }
    : payload.publish
      ? { staged: false, publish: true }
      : { staged: id === null ? true : entity.staged, publish: id === null ? false : !entity.staged };
  if (entity.entityType === 'ZONE') {
    return {
      entityType: 'ZONE',
      id,
      baseVersion,
      ...flags,
      name: entity.name,
      type: entity.type,
      groupId: entity.groupId,
      geometry: entity.geometry,
      meta: entity.meta,
      active: entity.active,
    } as EditorItem;
  }
  return {
    entityType: 'DEVICE',
    id,
    baseVersion,
    ...flags,
    mac: entity.mac,
    name: entity.name,
    type: entity.type,
    groupId: entity.groupId,
    modelId: entity.modelId,
    firmwareVersionId: entity.firmwareVersionId,
    role: entity.role,
    physicalRole: entity.physicalRole,
    zoneId: entity.zoneId,
    x: entity.x === null ? null : Math.round(entity.x * 10) / 10,
    y: entity.y === null ? null : Math.round(entity.y * 10) / 10,
    active: entity.active,
  } as EditorItem;
}

/** What a sent change did, in the editor's words ('Device "B-301" successfully added!'); null for a removal. */
export function savedMessage(payload: EditorEditPayload): string | null {
  if (payload.remove) return null;
  const { entity } = payload;
  const action = entity.id === null ? 'ADDED' : payload.publish && entity.staged ? 'PUBLISHED' : 'EDITED';
  return editorSuccessMessage(entity.entityType, entity.name, action);
}

function describe(payload: EditorEditPayload): string {
  const what = `${payload.entity.entityType === 'DEVICE' ? 'device' : 'zone'} "${payload.entity.name}"`;
  if (payload.remove) return `Remove ${what} at ${payload.groupName}`;
  if (payload.entity.id === null) return `Add ${what} at ${payload.groupName}`;
  return `${payload.publish ? 'Publish' : 'Edit'} ${what} at ${payload.groupName}`;
}

/** Registers the editor's change type with the outbox. */
export function registerEditorOutboxHandlers(): void {
  registerOutboxHandler<EditorEditPayload>(EDITOR_SAVE, {
    async send(payload, { idempotencyKey, itemId }) {
      const db = editorDb();
      const known = await db.savedEntities.get(payload.key);
      // Removing what never reached the server: nothing to send.
      if (payload.remove && payload.entity.id === null && !known) return;
      try {
        const result = await saveEditorItems(payload.groupId, [requestItem(payload, known)], idempotencyKey);
        const saved = result.items[0]?.entity;
        if (saved) await db.savedEntities.put({ key: payload.key, id: saved.id, version: saved.version });
        // The list shows what was stored at once: nothing saved vanishes, nor comes back, until the refetch.
        queryClient.setQueryData<LoadedEntities>(editorKeys.entities(payload.groupId), (answer) => answer && withSavedItems(answer, payload.groupId, result.items));
      } catch (error) {
        // A conflict keeps the server's versions, so the editor can show both.
        if (error instanceof ApiError && error.status === 409) await db.saveConflicts.put({ itemId, body: error.body });
        throw error;
      }
    },
    describe,
    // A device placed, replaced or removed changes who holds a MAC: a form's lookup of it asks again.
    invalidates: (payload) => [editorKeys.entities(payload.groupId), deviceKeys.macs()],
  });
}
