import type { FastifyBaseLogger } from 'fastify';
import type { EditorConflict, EditorEntities, EditorItem, EditorSaveResult } from '../../contracts/editor';
import type { Database } from '../../db/client';
import type { DeviceRow, ZoneRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { LOCATION_NOT_FOUND, requireLocationInScope } from '../locations';
import { applyDevice, deviceMatches } from './editor-devices';
import { EditorConflictRefusal } from './editor-errors';
import { applyZone, zoneMatches } from './editor-zones';
import { findEditorGroup, isEditorDevice, listEditorDevices, listEditorZones, lockDevices, lockZones, toEditorDevice, toEditorZone } from './editor.repo';
import type { SaveContext } from './save-context';

// The Location Editor (docs/SCREENS.md 'Screens', Location Editor (server)): a location's devices and zones,
// and one save of every change made in edit mode, applied in order in one transaction, all or
// none. A location outside the caller's scope, and an entity of another location, answer 404.

/**
 * The items whose stored entity changed since the version they were edited from, and which would
 * change it again: an item the stored entity already matches (a publish sent twice, say) is none.
 */
function conflictsOf(items: readonly EditorItem[], devices: Map<number, DeviceRow>, zones: Map<number, ZoneRow>, groupId: number): EditorConflict['conflicts'] {
  const conflicts: EditorConflict['conflicts'] = [];
  items.forEach((item, index) => {
    if (!item.id || item.baseVersion === undefined || item.baseVersion === null) return;
    if (item.entityType === 'DEVICE') {
      const row = devices.get(item.id);
      const current = row && row.groupId === groupId && isEditorDevice(row) ? toEditorDevice(row) : null;
      if (row?.version === item.baseVersion || (row && current && deviceMatches(item, row))) return;
      conflicts.push({ index, entityType: 'DEVICE', id: item.id, baseVersion: item.baseVersion, current });
    } else {
      const row = zones.get(item.id);
      const current = row && row.groupId === groupId ? toEditorZone(row) : null;
      if (row?.version === item.baseVersion || (row && current && zoneMatches(item, row))) return;
      conflicts.push({ index, entityType: 'ZONE', id: item.id, baseVersion: item.baseVersion, current });
    }
  });
  return conflicts;
}

const idsOf = (items: readonly EditorItem[], entityType: EditorItem['entityType']) =>
  items.flatMap((item) => (item.entityType === entityType && item.id ? [item.id] : []));

/** The Location Editor's reads and saves. */
export function createEditorService(db: Database, log: FastifyBaseLogger) {
  return {
    /** GET /groups/editor: the location with the devices and zones of the location itself. */
    async load(caller: Caller, groupId: number): Promise<EditorEntities> {
      requireLocationInScope(await caller.scope(), groupId);
      const group = await findEditorGroup(db, groupId);
      if (!group) throw new HttpError(404, LOCATION_NOT_FOUND);
      const [devices, zones] = await Promise.all([listEditorDevices(db, groupId), listEditorZones(db, groupId)]);
      return { group, devices: devices.map(toEditorDevice), zones: zones.map(toEditorZone) };
    },

    /**
     * POST /groups/editor: applies the items in order in one transaction. The stored entities the
     * items name are locked first; if any was changed since the version an item was edited from,
     * nothing is applied and the answer is 409 with the server's version of each. Any refusal
     * on the way rolls back every item before it.
     */
    async save(caller: Caller, groupId: number, items: readonly EditorItem[]): Promise<EditorSaveResult> {
      const scope = await caller.scope();
      requireLocationInScope(scope, groupId);
      return db.transaction(async (tdb) => {
        const devices = await lockDevices(tdb, idsOf(items, 'DEVICE'));
        const zones = await lockZones(tdb, idsOf(items, 'ZONE'));
        const conflicts = conflictsOf(items, new Map(devices.map((d) => [d.id, d])), new Map(zones.map((z) => [z.id, z])), groupId);
        if (conflicts.length > 0) throw new EditorConflictRefusal(conflicts);

        const ctx: SaveContext = { db: tdb, scope, groupId, log };
        const results: EditorSaveResult['items'] = [];
        for (const [index, item] of items.entries()) {
          results.push(item.entityType === 'DEVICE' ? await applyDevice(ctx, index, item) : await applyZone(ctx, index, item));
        }
        const published = results.flatMap((r) => (r.action === 'PUBLISHED' && r.entity ? [{ entityType: r.entityType, id: r.entity.id }] : []));
        return { items: results, published };
      });
    },
  };
}
