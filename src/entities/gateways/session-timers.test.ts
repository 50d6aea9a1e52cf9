import { SESSION_TIMERS } from '@contracts/stations-realtime';
import { describe, expect, it } from 'vitest';
import { sessionTimers, TIMERS_OVERRIDE_KEY } from './session-timers';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === TIMERS_OVERRIDE_KEY ? value : null) });

describe('sessionTimers', () => {
  it("are the spec's without the test setting", () => {
    expect(sessionTimers(storage(null))).toEqual(SESSION_TIMERS);
    expect(SESSION_TIMERS).toEqual({ pingMs: 10_000, deadMs: 19_000, joinMs: 10_000, retryMs: 20_000, commandMs: 5_000 });
  });

  it('take valid overrides and ignore the rest', () => {
    expect(sessionTimers(storage('{"pingMs":1000,"deadMs":2000,"joinMs":"x","retryMs":5}'))).toEqual({ ...SESSION_TIMERS, pingMs: 1000, deadMs: 2000 });
    expect(sessionTimers(storage('not json'))).toEqual(SESSION_TIMERS);
  });
});
