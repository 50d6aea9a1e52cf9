import { describe, expect, it } from 'vitest';
import { stationsSearchSchema } from './stations-search';

describe('the stations page’s address schema', () => {
  it('reads the location, the search text, the gateway and the NFC type', () => {
    expect(stationsSearchSchema.parse({ groupId: '1', search: 'kiosk', gatewayId: 12, type: 'nfc' })).toEqual({ groupId: 1, search: 'kiosk', gatewayId: 12, type: 'nfc' });
  });

  it('drops what it cannot read', () => {
    expect(stationsSearchSchema.parse({ groupId: 'x', search: true, gatewayId: '1.5', type: 'standard' })).toEqual({
      groupId: undefined,
      search: undefined,
      gatewayId: undefined,
      type: undefined,
    });
  });
});
