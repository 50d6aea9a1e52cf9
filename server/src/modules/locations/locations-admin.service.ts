import type { Group } from '../../contracts/entities';
import { FLOORPLAN_TYPE_MESSAGE, type GroupBody } from '../../contracts/organizations';
import type { Database } from '../../db/client';
import { GROUP_TYPES, TIME_ZONES, type GroupType } from '../../db/enums';
import type { GroupRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { visibleTree } from '../../core/tree-visibility';
import type { Caller } from '../../core/caller';
import type { FileStorage } from '../../storage';
import { floorplanAddress, imageKind, readFloorplan, storeFloorplan } from './floorplans';
import { findGroup, insertGroup, listGroups, rekeyBedVisitDays, updateGroup } from './locations-admin.repo';
import { loadOrganizationTree } from './locations.repo';
import { LOCATION_NOT_FOUND, ORGANIZATION_NOT_FOUND } from './locations.service';
import { withDescendants } from '../../core/scope';

/** A visit lasts 30 s unless the location says otherwise (the form's hint). */
const DEFAULT_VISIT_S = 30;

const toGroup = (row: GroupRow, accessible: boolean): Group => ({ ...row, accessible });

/** The Locations screen: the tree, the location form and uploaded floor plans (docs/SCREENS.md 'Screens', Locations). */
export function createLocationsAdminService(db: Database, storage: FileStorage) {
  /** Whether a location's visit duration is its own: it is a top location or the child of one. */
  async function ownsVisitDuration(parentId: number | null): Promise<{ editable: boolean; parent: GroupRow | null }> {
    if (parentId === null) return { editable: true, parent: null };
    const parent = await findGroup(db, parentId);
    return { editable: parent?.parentId === null, parent };
  }

  function checkChoices(body: GroupBody) {
    if (!(GROUP_TYPES as readonly string[]).includes(body.type)) throw new HttpError(400, `type must be one of ${GROUP_TYPES.join(', ')}`);
    if (!TIME_ZONES.some((t) => t.value === body.timeZone)) throw new HttpError(400, 'timeZone must be one of the time zones offered');
    if (body.floorplan && !imageKind(body.floorplan)) throw new HttpError(400, FLOORPLAN_TYPE_MESSAGE);
  }

  const fields = (body: GroupBody) => ({
    name: body.name,
    type: body.type as GroupType,
    address: body.address,
    timeZone: body.timeZone,
    shiftLengthHours: body.shiftLengthHours,
    requiredHandWashDuration: body.requiredHandWashDuration,
    beforeEntrySecondsToComply: body.beforeEntrySecondsToComply,
    afterEntrySecondsToComply: body.afterEntrySecondsToComply,
    beforeExitSecondsToComply: body.beforeExitSecondsToComply,
    afterExitSecondsToComply: body.afterExitSecondsToComply,
    ...(body.mapScale === undefined ? {} : { mapScale: body.mapScale }),
  });

  async function attachPlan(row: GroupRow, plan: Uint8Array | undefined): Promise<GroupRow> {
    if (!plan) return row;
    const file = await storeFloorplan(storage, row.id, plan);
    return updateGroup(db, row.id, { floorplanImage: floorplanAddress(row.id, file) });
  }

  return {
    /** Locations the caller may act on, with the ancestors above them (shown without actions). */
    async tree(caller: Caller): Promise<{ data: Group[] }> {
      const scope = await caller.scope();
      return { data: visibleTree(await listGroups(db), scope.groupIds).map((row) => toGroup(row, row.accessible)) };
    },

    /** Creates (no id) or edits (id) a location inside the caller's scope. */
    async save(caller: Caller, body: GroupBody): Promise<Group> {
      const scope = await caller.scope();
      checkChoices(body);
      if (body.id) {
        const current = await findGroup(db, body.id);
        if (!current || !scope.groupIds.has(current.id)) throw new HttpError(404, LOCATION_NOT_FOUND);
        if (body.parentId !== undefined && body.parentId !== current.parentId) throw new HttpError(400, 'The parent of a location cannot be changed');
        if (body.organizationId !== current.organizationId) throw new HttpError(400, 'The organization of a location cannot be changed');
        const { editable } = await ownsVisitDuration(current.parentId);
        const visit = editable && body.requiredVisitDuration !== undefined ? { requiredVisitDuration: body.requiredVisitDuration } : {};
        const row = await updateGroup(db, current.id, { ...fields(body), ...visit });
        // A location's rounding days are its clock's (docs/METRICS.md 'Ranges, days and time zones'): a new time zone moves them.
        if (row.timeZone !== current.timeZone) await rekeyBedVisitDays(db, current.id);
        return toGroup(await attachPlan(row, body.floorplan), true);
      }
      const parentId = body.parentId ?? null;
      if (parentId !== null && !scope.groupIds.has(parentId)) throw new HttpError(404, LOCATION_NOT_FOUND);
      if (!scope.organizationIds.has(body.organizationId)) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      const { editable, parent } = await ownsVisitDuration(parentId);
      if (parent) {
        // A child location belongs to its parent's organization or to one below it.
        const below = withDescendants(await loadOrganizationTree(db), [parent.organizationId]);
        if (!below.has(body.organizationId)) throw new HttpError(400, "A location's organization must be its parent's or one below it");
      }
      const requiredVisitDuration = editable ? (body.requiredVisitDuration ?? DEFAULT_VISIT_S) : (parent?.requiredVisitDuration ?? DEFAULT_VISIT_S);
      const row = await insertGroup(db, { ...fields(body), parentId, organizationId: body.organizationId, requiredVisitDuration });
      return toGroup(await attachPlan(row, body.floorplan), true);
    },

    /** An uploaded plan of a location in the caller's scope; 404 for anything else. */
    async floorplan(caller: Caller, groupId: number, file: string) {
      const scope = await caller.scope();
      const group = scope.groupIds.has(groupId) ? await findGroup(db, groupId) : null;
      if (!group || group.floorplanImage !== floorplanAddress(groupId, file)) throw new HttpError(404, 'Floor plan not found');
      const stream = await readFloorplan(storage, groupId, file);
      if (!stream) throw new HttpError(404, 'Floor plan not found');
      return { stream, contentType: file.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },
  };
}
