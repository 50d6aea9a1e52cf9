import { describe, expect, it } from 'vitest';
import type { GatewayOperation } from '../../../../server/src/contracts/operations';
import { DFU_STEP, FAILURES, nextReport, SILENT_AFTER_MS } from '../../../../server/src/simulator/gateways/operations-player';

// What a simulated gateway does with an operation it hears: start it, finish a setting, step a
// firmware transfer to 100 %, or fail it for a low battery or a silent device.

const NOW = Date.parse('2026-11-27T12:00:00Z');
const op = (over: Partial<GatewayOperation> = {}): GatewayOperation => ({
  id: 1,
  deviceId: 2,
  mac: 'AA:BB:CC:DD:EE:FF',
  type: 'DFU',
  status: 'PENDING',
  progress: 0,
  settings: null,
  firmwareVersion: '2.1.0',
  batteryPercent: 80,
  batteryMv: 2900,
  lastHeartbeatAt: new Date(NOW - 3_600_000).toISOString(),
  ...over,
});

describe('a simulated gateway', () => {
  it('starts a pending operation of a device it hears', () => {
    expect(nextReport(op(), NOW)).toEqual({ status: 'WORKING', progress: 0 });
  });

  it('completes a setting once started', () => {
    expect(nextReport(op({ type: 'SETTING', status: 'WORKING' }), NOW)).toEqual({ status: 'DONE' });
  });

  it('transfers firmware in steps, then completes', () => {
    const steps: (number | 'DONE')[] = [];
    let current = op({ status: 'WORKING', progress: 0 });
    for (let i = 0; i < 10; i++) {
      const report = nextReport(current, NOW);
      if (!report || report.status === 'DONE') {
        steps.push('DONE');
        break;
      }
      steps.push(report.progress ?? -1);
      current = { ...current, progress: report.progress ?? current.progress };
    }
    expect(steps).toEqual([DFU_STEP, 2 * DFU_STEP, 3 * DFU_STEP, 'DONE']);
  });

  it('fails an operation for a low battery, by percent or by millivolts', () => {
    expect(nextReport(op({ batteryPercent: 24 }), NOW)).toEqual({ status: 'FAILED', message: FAILURES.battery });
    expect(nextReport(op({ batteryPercent: null, batteryMv: 2299 }), NOW)).toEqual({ status: 'FAILED', message: FAILURES.battery });
    expect(nextReport(op({ batteryPercent: 25, batteryMv: 2300 }), NOW)?.status).toBe('WORKING');
  });

  it('fails an operation of a device silent for 48 hours, or never heard', () => {
    expect(nextReport(op({ lastHeartbeatAt: new Date(NOW - SILENT_AFTER_MS - 1).toISOString() }), NOW)).toEqual({ status: 'FAILED', message: FAILURES.silent });
    expect(nextReport(op({ lastHeartbeatAt: null }), NOW)?.status).toBe('FAILED');
  });

  it('leaves an ended operation alone', () => {
    for (const status of ['DONE', 'FAILED', 'CANCELED'] as const) expect(nextReport(op({ status }), NOW)).toBeNull();
  });
});
