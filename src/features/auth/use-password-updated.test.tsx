import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePasswordUpdated } from './use-password-updated';

describe('after a password change', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes to sign-in 1.5 s after the change, not before', () => {
    const goToSignIn = vi.fn();
    const { result } = renderHook(() => usePasswordUpdated(goToSignIn));
    expect(result.current.updated).toBe(false);
    act(() => result.current.markUpdated());
    expect(result.current.updated).toBe(true);
    act(() => vi.advanceTimersByTime(1499));
    expect(goToSignIn).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(goToSignIn).toHaveBeenCalledTimes(1);
  });
});
