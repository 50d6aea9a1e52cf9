import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTask } from './after-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task only after the next frame, not during it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).not.toHaveBeenCalled();
    // The frame callback queues the task behind the paint.
    vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('resolves nextTask in a later task, not in the current one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const after = vi.fn();
    const done = nextTask().then(after);
    await Promise.resolve();
    expect(after).not.toHaveBeenCalled();
    await vi.runOnlyPendingTimersAsync();
    await done;
    expect(after).toHaveBeenCalledTimes(1);
  });
});
