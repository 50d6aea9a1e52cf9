import { describe, expect, it } from 'vitest';
import { sessionLabel } from './session-label';

describe('sessionLabel', () => {
  it('says Connecting, Live, Reconnecting or Disconnected / No Response', () => {
    expect(sessionLabel('joining', false, true)).toBe('Connecting');
    expect(sessionLabel('joined', true, true)).toBe('Live');
    expect(sessionLabel('joined', true, false)).toBe('Reconnecting');
    expect(sessionLabel('joining', true, true)).toBe('Reconnecting');
    expect(sessionLabel('error', true, true)).toBe('Disconnected / No Response');
  });
});
