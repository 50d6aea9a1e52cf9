import { describe, expect, it } from 'vitest';
import { changesSentText } from './changes-sent';

describe('changesSentText', () => {
  it('counts the changes in words', () => {
    expect(changesSentText(1)).toBe('1 change sent');
    expect(changesSentText(3)).toBe('3 changes sent');
    expect(changesSentText(1200)).toBe('1,200 changes sent');
  });
});
