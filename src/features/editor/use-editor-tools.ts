import type { PlanPoint } from '@contracts/paths';
import { useCallback, useState } from 'react';
import type { UndoableDraftState } from '@/offline/use-undoable-draft';
import type { EditorTool } from './components/editor-canvas';
import { DEFAULT_MODEL_ID } from './device-rules';
import type { DeviceDraft, ZoneDraft } from './editor-drafts';
import { entityKey, type EditorAction, type EntityDraft, type ShownEntity } from './editor-model';
import type { EditorDeviceType } from '@contracts/editor';

/** How near (screen pixels) a tap must fall to the outline's first corner to close it. */
export const CLOSE_REACH_PX = 20;

export type EditorDialog = { kind: 'device'; draft: DeviceDraft; isNew: boolean } | { kind: 'zone'; draft: ZoneDraft; isNew: boolean } | null;

/** Whether a point lies inside a ring (even-odd rule). */
export function insideRing(point: PlanPoint, ring: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > point.y !== yj > point.y && point.x < ((xj - xi) * (point.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const round = (p: PlanPoint): [number, number] => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10];

/**
 * The editor's tools and what a tap, a drag or a dialog does with them: the edit mode, the tool
 * pressed, the zone outline being drawn, the entity picked and the dialog open.
 */
export function useEditorTools({
  groupId,
  shown,
  drafts,
  newDeviceType,
}: {
  groupId: number | null;
  shown: readonly ShownEntity[];
  drafts: UndoableDraftState<EditorAction>;
  newDeviceType: EditorDeviceType;
}) {
  const [editing, setEditing] = useState(false);
  const [tool, setTool] = useState<EditorTool>('select');
  const [outline, setOutline] = useState<PlanPoint[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [dialog, setDialog] = useState<EditorDialog>(null);

  const chooseTool = useCallback((next: EditorTool) => {
    setTool(next);
    setOutline([]);
  }, []);

  const put = useCallback((entity: EntityDraft) => drafts.apply({ kind: 'put', key: entityKey(entity), entity }), [drafts]);

  const addDeviceAt = useCallback(
    (point: PlanPoint) => {
      if (groupId === null) return;
      const zone = shown.find((s) => s.entity.entityType === 'ZONE' && s.state !== 'removed' && insideRing(point, s.entity.geometry.coordinates[0] ?? []));
      const [x, y] = round(point);
      setDialog({
        kind: 'device',
        isNew: true,
        draft: {
          id: null,
          clientId: crypto.randomUUID(),
          mac: '',
          name: '',
          type: newDeviceType,
          groupId,
          modelId: DEFAULT_MODEL_ID,
          firmwareVersionId: null,
          role: null,
          physicalRole: null,
          zoneId: zone?.entity.id ?? null,
          x,
          y,
          active: true,
          staged: true,
          publish: false,
          version: null,
        },
      });
    },
    [groupId, shown, newDeviceType],
  );

  const openZone = useCallback(
    (ring: [number, number][]) => {
      if (groupId === null) return;
      const closed = [...ring, ring[0] as [number, number]];
      setDialog({
        kind: 'zone',
        isNew: true,
        draft: { id: null, clientId: crypto.randomUUID(), name: '', type: 'PATIENT_ROOM', groupId, ehrId: null, geometry: { type: 'Polygon', coordinates: [closed] }, meta: null, active: true, staged: true, publish: false, version: null },
      });
    },
    [groupId],
  );

  const tapPlan = useCallback(
    (point: PlanPoint, scale: number, shift: boolean) => {
      if (!editing) {
        setSelectedKey(null);
        return;
      }
      if (tool === 'device' || (shift && tool === 'select')) addDeviceAt(point);
      else if (tool === 'zone') {
        const first = outline[0];
        if (first && outline.length >= 3 && Math.hypot(point.x - first.x, point.y - first.y) * scale <= CLOSE_REACH_PX) {
          openZone(outline.map(round));
          setOutline([]);
        } else setOutline((current) => [...current, point]);
      }
    },
    [editing, tool, outline, addDeviceAt, openZone],
  );

  const tapEntity = useCallback(
    (key: string) => {
      const target = shown.find((s) => s.key === key);
      if (!target) return;
      setSelectedKey(key);
      if (!editing) return;
      if (tool === 'delete') {
        if (target.state === 'removed') put(target.entity);
        else drafts.apply({ kind: 'remove', key, entity: target.entity });
      } else if (tool === 'select') {
        const { entity } = target;
        const isNew = entity.id === null;
        if (entity.entityType === 'DEVICE') setDialog({ kind: 'device', draft: stripType(entity), isNew });
        else setDialog({ kind: 'zone', draft: stripType(entity), isNew });
      }
    },
    [shown, editing, tool, drafts, put],
  );

  const moveDevice = useCallback(
    (key: string, point: PlanPoint) => {
      const target = shown.find((s) => s.key === key);
      if (!target || target.entity.entityType !== 'DEVICE') return;
      const [x, y] = round(point);
      put({ ...target.entity, x, y });
    },
    [shown, put],
  );

  const rectangle = useCallback(
    (from: PlanPoint, to: PlanPoint) => {
      if (Math.abs(to.x - from.x) < 4 || Math.abs(to.y - from.y) < 4) return;
      openZone([round(from), round({ x: to.x, y: from.y }), round(to), round({ x: from.x, y: to.y })]);
    },
    [openZone],
  );

  return {
    editing,
    setEditing,
    tool,
    chooseTool,
    outline,
    setOutline,
    selectedKey,
    setSelectedKey,
    dialog,
    setDialog,
    put,
    tapPlan,
    tapEntity,
    moveDevice,
    rectangle,
  };
}

function stripType<E extends EntityDraft>(entity: E): Omit<E, 'entityType'> {
  const { entityType: _type, ...rest } = entity;
  return rest;
}
