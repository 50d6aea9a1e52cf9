import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import type { PathEdit, PathEditPayload } from './outbox-handlers';
import { applyStep as applyAction, emptyDraft, redoStep as redo, undoStep as undo } from '@/offline/use-undoable-draft';
import { draftEffect, draftPayloads, hasChanges, segmentAt, shownSegments, snap, type DraftAction, type PathDraft } from './path-model';

const EMPTY_DRAFT: PathDraft = emptyDraft();

const group = { id: 6, name: 'ICU – 3 North' };
const p = (x: number, y: number) => ({ x, y });
const saved = [
  { id: 1, clientId: 'c-1', origin: p(0, 0), destination: p(100, 0) },
  { id: 2, clientId: null, origin: p(100, 0), destination: p(100, 100) },
];
const draftOf = (...actions: DraftAction[]): PathDraft => actions.reduce<PathDraft>(applyAction, EMPTY_DRAFT);
const add = (clientId: string, a = p(10, 10), b = p(20, 20)): DraftAction => ({ kind: 'add', clientId, origin: a, destination: b });

function queuedItem(payload: PathEdit, status: OutboxItem['status'] = 'pending', lastError: string | null = null) {
  return { id: crypto.randomUUID(), userSub: 'u', type: 'path.edit', entity: 'paths:6', createdAt: 0, attempts: 0, status, lastError, nextAttemptAt: 0, payload: { ...payload, groupId: group.id, groupName: group.name } } as OutboxItem<PathEditPayload>;
}

describe('a path draft', () => {
  it('undoes and redoes its steps in order, and a new step forgets what was undone', () => {
    const two = draftOf(add('a'), add('b'));
    expect(draftEffect(undo(two)).added.map((s) => s.clientId)).toEqual(['a']);
    expect(draftEffect(redo(undo(two))).added.map((s) => s.clientId)).toEqual(['a', 'b']);
    const branched = applyAction(undo(two), add('c'));
    expect(branched.undone).toEqual([]);
    expect(draftEffect(redo(branched)).added.map((s) => s.clientId)).toEqual(['a', 'c']);
    expect(undo(EMPTY_DRAFT)).toBe(EMPTY_DRAFT);
  });

  it('drops a drawn path that is deleted again instead of adding and removing it', () => {
    const draft = draftOf(add('a'), { kind: 'remove', key: 'client:a' });
    expect(draftEffect(draft)).toEqual({ added: [], removed: new Set() });
    expect(hasChanges(draft)).toBe(false);
  });

  it('keeps a path marked for deletion when it is tapped again', () => {
    const marked = draftOf({ kind: 'remove', key: 'id:2' });
    expect(hasChanges(marked)).toBe(true);
    expect(hasChanges(applyAction(marked, { kind: 'keep', key: 'id:2' }))).toBe(false);
  });
});

describe('the paths shown', () => {
  it('draws the server’s paths, the queued ones as pending or refused, and the draft over them', () => {
    const queued = [
      queuedItem({ op: 'add', clientId: 'q-1', origin: p(5, 5), destination: p(6, 6) }),
      queuedItem({ op: 'add', clientId: 'q-2', origin: p(7, 7), destination: p(8, 8) }, 'failed', 'Location not found'),
      queuedItem({ op: 'remove', id: 2, clientId: null }),
    ];
    const shown = shownSegments(saved, queued, draftOf(add('d'), { kind: 'remove', key: 'client:c-1' }));
    expect(shown.map((s) => [s.key, s.state])).toEqual([
      ['client:c-1', 'marked'],
      ['id:2', 'removing'],
      ['client:q-1', 'pending'],
      ['client:q-2', 'failed'],
      ['client:d', 'new'],
    ]);
    expect(shown.find((s) => s.key === 'client:q-2')?.error).toBe('Location not found');
  });

  it('shows a queued add once the server lists it as saved, not twice', () => {
    const queued = [queuedItem({ op: 'add', clientId: 'c-1', origin: p(0, 0), destination: p(100, 0) })];
    expect(shownSegments(saved, queued, EMPTY_DRAFT).map((s) => s.state)).toEqual(['saved', 'saved']);
  });
});

describe('saving a draft', () => {
  it('removes what was marked (by client id when it has one) and adds what was drawn, in drawing order', () => {
    const draft = draftOf(add('a'), { kind: 'remove', key: 'client:c-1' }, add('b'), { kind: 'remove', key: 'id:2' });
    const payloads = draftPayloads(draft, shownSegments(saved, [], draft), group);
    expect(payloads.map((x) => (x.op === 'add' ? `add ${x.clientId}` : `remove ${x.clientId ?? x.id}`))).toEqual(['remove c-1', 'remove 2', 'add a', 'add b']);
    expect(payloads.every((x) => x.groupId === 6 && x.groupName === 'ICU – 3 North')).toBe(true);
  });
});

describe('the geometry of taps', () => {
  it('snaps to the nearest point within reach, and leaves a point out of reach as it is', () => {
    expect(snap(p(103, 2), [p(100, 0), p(104, 2)], 5)).toEqual(p(104, 2));
    expect(snap(p(50, 50), [p(100, 0)], 5)).toEqual(p(50, 50));
  });

  it('picks the path nearest a tap, measured to the segment and not to its ends', () => {
    const shown = shownSegments(saved, [], EMPTY_DRAFT);
    expect(segmentAt(p(50, 4), shown, 6)?.key).toBe('client:c-1');
    expect(segmentAt(p(97, 60), shown, 6)?.key).toBe('id:2');
    expect(segmentAt(p(50, 50), shown, 6)).toBeNull();
  });
});
