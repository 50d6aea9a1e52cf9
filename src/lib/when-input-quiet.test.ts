import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenInputQuiet } from './when-input-quiet';

describe('whenInputQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the work once the page has been left alone for the quiet time', () => {
    const target = new EventTarget();
    const work = vi.fn();
    whenInputQuiet(work, 1_000, 60_000, target);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    target.dispatchEvent(new Event('wheel'));
    vi.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits while the user pans or pinches, but no longer than the latest time', () => {
    const target = new EventTarget();
    const work = vi.fn();
    whenInputQuiet(work, 1_000, 5_000, target);
    for (let t = 0; t < 4_500; t += 500) {
      vi.advanceTimersByTime(500);
      target.dispatchEvent(new Event(t % 1_000 === 0 ? 'pointermove' : 'touchmove'));
    }
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const target = new EventTarget();
    const work = vi.fn();
    const cancel = whenInputQuiet(work, 1_000, 5_000, target);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();
  });
});
