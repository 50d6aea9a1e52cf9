import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('holds still between ticks, so re-renders see the same time', () => {
    const { result, rerender } = renderHook(() => useNow());
    const first = result.current;
    vi.setSystemTime(new Date('2026-11-29T10:00:30Z'));
    rerender();
    expect(result.current).toBe(first);
  });

  it('moves on at each tick', () => {
    const { result } = renderHook(() => useNow(60_000));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(Date.parse('2026-11-29T10:01:00Z'));
  });
});
