import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, useUndoableDraft } from './use-undoable-draft';

afterEach(() => localStorage.clear());

describe('useUndoableDraft', () => {
  it('stores a step in the same task as the call, before the page renders it', () => {
    const { result } = renderHook(() => useUndoableDraft<string>('draft:1'));
    // Not wrapped in act: the render has not happened yet when storage is read.
    result.current.apply('a');
    result.current.apply('b');
    expect(readDraft<string>('draft:1')).toEqual({ done: ['a', 'b'], undone: [] });
  });

  it('undoes, redoes and clears, and a new hook on the same key finds the draft', async () => {
    const { result, unmount } = renderHook(() => useUndoableDraft<string>('draft:2'));
    await act(async () => {
      result.current.apply('a');
      result.current.apply('b');
      result.current.undo();
    });
    expect(result.current.draft).toEqual({ done: ['a'], undone: ['b'] });
    unmount();
    const again = renderHook(() => useUndoableDraft<string>('draft:2'));
    expect(again.result.current.draft).toEqual({ done: ['a'], undone: ['b'] });
    await act(async () => again.result.current.redo());
    expect(again.result.current.draft.done).toEqual(['a', 'b']);
    await act(async () => again.result.current.clear());
    expect(localStorage.getItem('draft:2')).toBeNull();
  });

  it('keeps one draft per key', async () => {
    const { result, rerender } = renderHook(({ k }) => useUndoableDraft<string>(k), { initialProps: { k: 'draft:3' } });
    await act(async () => result.current.apply('three'));
    rerender({ k: 'draft:4' });
    expect(result.current.draft.done).toEqual([]);
    await act(async () => result.current.apply('four'));
    expect(readDraft<string>('draft:3').done).toEqual(['three']);
    expect(readDraft<string>('draft:4').done).toEqual(['four']);
  });
});
