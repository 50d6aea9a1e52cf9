import { describe, expect, it } from 'vitest';
import { wristbandsSearchSchema } from './wristbands-search';

describe('the Wristbands page’s address schema', () => {
  it('reads the location and the search text, and nothing of the operations pages’ map', () => {
    expect(wristbandsSearchSchema.parse({ groupId: '18', search: 'AA:BB', mapMode: 'map' })).toEqual({ groupId: 18, search: 'AA:BB' });
  });

  it('drops what it cannot read', () => {
    expect(wristbandsSearchSchema.parse({ groupId: 'ward', search: '' })).toEqual({ groupId: undefined, search: undefined });
  });
});
