import { describe, expect, it } from 'vitest';
import { txPowerBand } from './tx-power';

describe('the beacons’ TX power', () => {
  it('falls in the spec’s bands', () => {
    expect([txPowerBand(0), txPowerBand(-12), txPowerBand(-16), txPowerBand(null)]).toEqual(['strong', 'normal', 'weak', null]);
  });
});
