import type { Path, PlanPoint } from '@contracts/paths';
import type { OutboxItem } from '@/offline/db';
import type { UndoableDraft } from '@/offline/use-undoable-draft';
import type { PathEditPayload } from './outbox-handlers';

// What the Path Builder shows and sends, worked out from three layers: the paths the server has,
// the edits queued on this device (not on the server yet), and the draft being drawn (not saved).
// Pure, so every rule is tested without a map.

/** A path as drawn: named by the client id its device gave it, else by the server's id. */
export interface Segment {
  key: string;
  id: number | null;
  clientId: string | null;
  origin: PlanPoint;
  destination: PlanPoint;
}

/**
 * Where a shown path stands: on the server ('saved'), queued on this device ('pending'), refused
 * by the server ('failed'), drawn and not saved ('new'), marked for removal and not saved
 * ('marked'), or its removal queued ('removing').
 */
export type SegmentState = 'saved' | 'pending' | 'failed' | 'new' | 'marked' | 'removing';

export interface ShownSegment extends Segment {
  state: SegmentState;
  /** The server's reason, for a refused edit. */
  error: string | null;
}

export const segmentKey = (path: { id: number | null; clientId: string | null }): string =>
  path.clientId !== null ? `client:${path.clientId}` : `id:${path.id ?? 0}`;

const fromPath = (path: Path): Segment => ({ ...path, key: segmentKey(path) });

/** One step of a draft; undo takes back the last, redo puts it back. */
export type DraftAction =
  | { kind: 'add'; clientId: string; origin: PlanPoint; destination: PlanPoint }
  | { kind: 'remove'; key: string }
  | { kind: 'keep'; key: string };

/** The unsaved edits of one location, with their undo and redo stacks. */
export type PathDraft = UndoableDraft<DraftAction>;

/** The draft's effect: the paths it adds (in drawing order) and the keys of those it removes. A drawn path removed again is simply not added. */
export function draftEffect(draft: PathDraft): { added: Segment[]; removed: Set<string> } {
  const added = new Map<string, Segment>();
  const removed = new Set<string>();
  for (const action of draft.done) {
    if (action.kind === 'add') {
      const segment: Segment = { key: segmentKey({ id: null, clientId: action.clientId }), id: null, ...action };
      added.set(segment.key, segment);
    } else if (action.kind === 'remove') {
      if (!added.delete(action.key)) removed.add(action.key);
    } else {
      removed.delete(action.key);
    }
  }
  return { added: [...added.values()], removed };
}

/** Whether the draft changes anything (Save and the leave-page guard). */
export function hasChanges(draft: PathDraft): boolean {
  const { added, removed } = draftEffect(draft);
  return added.length > 0 || removed.size > 0;
}

/** Every path to draw, with its state, from the server's paths, this location's queued edits and the draft. */
export function shownSegments(saved: readonly Path[], queued: readonly OutboxItem<PathEditPayload>[], draft: PathDraft): ShownSegment[] {
  const shown = new Map<string, ShownSegment>();
  for (const path of saved) shown.set(segmentKey(path), { ...fromPath(path), state: 'saved', error: null });
  for (const item of queued) {
    const edit = item.payload;
    const queuedState = item.status === 'failed' ? 'failed' : 'pending';
    if (edit.op === 'add') {
      const key = segmentKey({ id: null, clientId: edit.clientId });
      // Sent and listed already: the server's copy stands.
      if (shown.has(key)) continue;
      shown.set(key, { key, id: null, clientId: edit.clientId, origin: edit.origin, destination: edit.destination, state: queuedState, error: item.lastError });
    } else {
      const key = segmentKey(edit);
      const path = shown.get(key) ?? [...shown.values()].find((s) => edit.id !== null && s.id === edit.id);
      if (path) shown.set(path.key, { ...path, state: item.status === 'failed' ? 'failed' : 'removing', error: item.lastError });
    }
  }
  const { added, removed } = draftEffect(draft);
  for (const key of removed) {
    const path = shown.get(key);
    if (path) shown.set(key, { ...path, state: 'marked' });
  }
  for (const segment of added) shown.set(segment.key, { ...segment, state: 'new', error: null });
  return [...shown.values()];
}

/** The outbox payloads that save a draft: removals of what the draft marked, then the drawn paths, in drawing order. */
export function draftPayloads(draft: PathDraft, shown: readonly ShownSegment[], group: { id: number; name: string }): PathEditPayload[] {
  const { added, removed } = draftEffect(draft);
  const byKey = new Map(shown.map((s) => [s.key, s]));
  const removals = [...removed].flatMap((key): PathEditPayload[] => {
    const path = byKey.get(key);
    if (!path) return [];
    return [{ groupId: group.id, groupName: group.name, op: 'remove', id: path.id, clientId: path.clientId }];
  });
  const adds = added.map((s): PathEditPayload => ({ groupId: group.id, groupName: group.name, op: 'add', clientId: s.clientId ?? '', origin: s.origin, destination: s.destination }));
  return [...removals, ...adds];
}

// ---- Geometry -------------------------------------------------------------------------------

export const distance = (a: PlanPoint, b: PlanPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** The distance from `p` to the segment a–b. */
export function distanceToSegment(p: PlanPoint, a: PlanPoint, b: PlanPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
}

/** The candidate nearest to `p` within `radius`, else `p` itself: a new point joins a path's end or a device instead of stopping just short of it. */
export function snap(p: PlanPoint, candidates: readonly PlanPoint[], radius: number): PlanPoint {
  let best: PlanPoint | null = null;
  let bestDistance = radius;
  for (const c of candidates) {
    const d = distance(p, c);
    if (d <= bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best ? { x: best.x, y: best.y } : p;
}

/** The shown path nearest to `p` within `radius` (what a tap in delete mode means), else null. */
export function segmentAt(p: PlanPoint, segments: readonly ShownSegment[], radius: number): ShownSegment | null {
  let best: ShownSegment | null = null;
  let bestDistance = radius;
  for (const s of segments) {
    const d = distanceToSegment(p, s.origin, s.destination);
    if (d <= bestDistance) {
      best = s;
      bestDistance = d;
    }
  }
  return best;
}

/** A point rounded to a tenth of a plan pixel, inside the plan. */
export function onPlan(p: PlanPoint, size: { width: number; height: number }): PlanPoint {
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), max) * 10) / 10;
  return { x: clamp(p.x, size.width), y: clamp(p.y, size.height) };
}
