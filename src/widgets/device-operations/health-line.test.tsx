import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperationRow } from '@/entities/device-operations/operation-rows';
import { render } from '@/test/render';
import { HealthLine } from './health-line';

const row = (readings: Partial<OperationRow>) => ({ lastHeartbeatAt: new Date().toISOString(), batteryPercent: 90, batteryMv: null, txPower: -30, mode: 'NORMAL', ...readings }) as OperationRow;

describe('HealthLine', () => {
  it('says how many of the location’s devices need attention, and for which readings', () => {
    const silent = new Date(Date.now() - 72 * 3_600_000).toISOString();
    render(<HealthLine rows={[row({}), row({ lastHeartbeatAt: silent }), row({ batteryPercent: 30, txPower: -10 })]} noun={{ one: 'beacon', many: 'beacons' }} />);
    expect(screen.getByRole('status', { name: 'Device health' })).toHaveTextContent('2 of 3 beacons need attention: heartbeat 1 error; battery 1 warning; TX power 1 error.');
  });

  it('says so when all are healthy', () => {
    render(<HealthLine rows={[row({}), row({})]} noun={{ one: 'beacon', many: 'beacons' }} />);
    expect(screen.getByRole('status', { name: 'Device health' })).toHaveTextContent('All 2 beacons healthy.');
  });
});
