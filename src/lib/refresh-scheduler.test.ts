import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler } from './refresh-scheduler';

describe('the token refresh scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews one minute before the tokens expire, then again for the new tokens', async () => {
    let expiresAt = Date.now() + 60 * 60_000;
    const refresh = vi.fn(async () => {
      expiresAt = Date.now() + 60 * 60_000;
    });
    const scheduler = createRefreshScheduler({ readExpiry: async () => expiresAt, refresh });
    await scheduler.schedule();

    await vi.advanceTimersByTimeAsync(59 * 60_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('renews at once when the tokens are already inside the last minute', async () => {
    const refresh = vi.fn(async () => {});
    const scheduler = createRefreshScheduler({ readExpiry: async () => Date.now() + 10_000, refresh });
    await scheduler.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('retries 30 s after a refresh that failed', async () => {
    let expiresAt = Date.now() + 30_000;
    const refresh = vi.fn(async () => {
      if (refresh.mock.calls.length === 1) throw new Error('offline');
      expiresAt = Date.now() + 60 * 60_000;
    });
    const scheduler = createRefreshScheduler({ readExpiry: async () => expiresAt, refresh });
    await scheduler.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.isArmed()).toBe(true);
    scheduler.stop();
  });

  it('does nothing while signed out, and stops when the session ends', async () => {
    let expiresAt: number | null = null;
    const refresh = vi.fn(async () => {});
    const scheduler = createRefreshScheduler({ readExpiry: async () => expiresAt, refresh });
    await scheduler.schedule();
    expect(scheduler.isArmed()).toBe(false);

    expiresAt = Date.now() + 60 * 60_000;
    await scheduler.schedule();
    expect(scheduler.isArmed()).toBe(true);
    expiresAt = null;
    await scheduler.schedule();
    expect(scheduler.isArmed()).toBe(false);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
