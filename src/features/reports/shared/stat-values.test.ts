import { describe, expect, it } from 'vitest';
import { statDelta } from './stat-values';

describe('statDelta', () => {
  it('takes its sign from the text shown: a change that rounds to zero has none', () => {
    expect(statDelta({ value: 0.8, delta: 0.004 }, 'ratio')).toEqual({ text: '0 pts', sign: 0 });
    expect(statDelta({ value: 0.8, delta: -0.004 }, 'ratio')).toEqual({ text: '0 pts', sign: 0 });
    expect(statDelta({ value: 0.8, delta: 0.03 }, 'ratio')).toEqual({ text: '+3 pts', sign: 1 });
    expect(statDelta({ value: 20, delta: -1.5 }, 'seconds')).toEqual({ text: '\u22121.5 sec', sign: -1 });
    expect(statDelta({ value: 3, delta: null }, 'number')).toBeNull();
  });
});
