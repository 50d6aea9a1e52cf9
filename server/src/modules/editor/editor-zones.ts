import { EDITOR_MESSAGES, type EditorItemResult, type EditorZoneItem, type Polygon } from '../../contracts/editor';
import type { NewZoneRow, ZoneRow } from '../../db/schema';
import { LOCATION_NOT_FOUND } from '../locations';
import { EditorItemRefusal } from './editor-errors';
import { deleteZone, detachDevicesFromZone, findZoneRow, insertZone, toEditorZone, updateZone } from './editor.repo';
import { actionOf, resultOf, stagedOf, unchanged, writeFailure, type SaveContext } from './save-context';

// One zone of a save: drawn, edited, staged, published or removed.

type ZoneValues = Omit<NewZoneRow, 'id' | 'createdAt' | 'version' | 'ehrId'>;

/** Each ring closed (its last point repeats its first), as GeoJSON has it. */
export function closedPolygon(geometry: Polygon): Polygon {
  return {
    type: 'Polygon',
    coordinates: geometry.coordinates.map((ring) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
    }),
  };
}

/** A reminder zone reminds every `interval` (1 unless given); other zones keep what was sent. */
function metaOf(item: EditorZoneItem, stored: ZoneRow | null): Record<string, unknown> | null {
  const meta = item.meta !== undefined ? item.meta : (stored?.meta ?? null);
  if (item.type !== 'REMINDER') return meta;
  return { ...meta, interval: meta?.interval ?? 1 };
}

/** What the zone becomes. */
function valuesOf(item: EditorZoneItem, stored: ZoneRow | null): ZoneValues {
  const staged = stagedOf(item, stored);
  return {
    name: item.name,
    type: item.type,
    groupId: item.groupId,
    geometry: closedPolygon(item.geometry),
    meta: metaOf(item, stored),
    active: item.active,
    staged,
    publish: !staged,
  };
}

/** Whether a stored zone already is what the item asks for (applying it would change nothing). */
export const zoneMatches = (item: EditorZoneItem, row: ZoneRow) => !item.remove && unchanged(row, valuesOf(item, row));

/** Applies one zone item. */
export async function applyZone(ctx: SaveContext, index: number, item: EditorZoneItem): Promise<EditorItemResult> {
  const stored = item.id ? await findZoneRow(ctx.db, item.id) : null;
  if (item.id && (!stored || stored.groupId !== ctx.groupId)) throw new EditorItemRefusal(404, EDITOR_MESSAGES.zoneNotFound, index, item);
  if (stored && item.remove) {
    await deleteZone(ctx.db, stored.id);
    return resultOf(index, item, 'REMOVED', null);
  }
  if (!ctx.scope.groupIds.has(item.groupId)) throw new EditorItemRefusal(404, LOCATION_NOT_FOUND, index, item);
  const values = valuesOf(item, stored);
  const staged = values.staged ?? false;
  if (stored && unchanged(stored, values)) return resultOf(index, item, 'UNCHANGED', toEditorZone(stored));
  const action = actionOf(item, stored, staged);
  try {
    if (!stored) return resultOf(index, item, action, toEditorZone(await insertZone(ctx.db, values)));
    // Devices elsewhere cannot stand in a zone that moved to another location.
    if (stored.groupId !== values.groupId) await detachDevicesFromZone(ctx.db, stored.id, values.groupId);
    return resultOf(index, item, action, toEditorZone(await updateZone(ctx.db, stored.id, values)));
  } catch (error) {
    const verb = action === 'ADDED' ? 'add' : action === 'PUBLISHED' ? 'publish' : 'edit';
    throw writeFailure(ctx, error, `Failed to ${verb} zone.`, index, item);
  }
}
