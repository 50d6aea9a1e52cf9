import type { Gateway } from '@contracts/gateways';
import { describe, expect, it } from 'vitest';
import { packageChoices, planSoftwareUpdate } from './software-plan';

const at = (d: number) => `2026-0${d}-01T00:00:00.000Z`;
function gateway(id: number, modelId: number, current: string, offered: [number, string, number][], patch: Partial<Gateway> = {}): Gateway {
  return {
    id,
    name: `G${id}`,
    groupId: 6,
    groupName: 'ICU',
    mac: `AC:00:00:00:00:0${id}`,
    modelId,
    modelName: 'G1-C',
    station: false,
    lastHeartbeat: null,
    lastHeartbeatHours: null,
    createdAt: at(1),
    software: [{ name: 'lavo-gateway', version: { current: { id: 0, version: current }, latest: null }, outdated: true }],
    availableVersions: [{ packageName: 'lavo-gateway', versions: offered.map(([vid, version, month]) => ({ id: vid, version, isLatest: month === 9, createdAt: at(month) })) }],
    updateStatus: null,
    status: null,
    ...patch,
  };
}

const A = gateway(1, 2, '1.12.0', [[10, '1.12.0', 1], [11, '1.13.4', 9]]);
const B = gateway(2, 2, '1.13.4', [[10, '1.12.0', 1], [11, '1.13.4', 9]]);
const C = gateway(3, 3, '2.4.0', [[20, '2.4.0', 1], [21, '2.6.0', 9]]);
const D = gateway(4, 2, '1.12.0', [[10, '1.12.0', 1], [11, '1.13.4', 9]], {
  updateStatus: { jobId: 5, status: 'STARTED', message: null, packageName: 'lavo-gateway', version: '1.13.4', updatedAt: at(9) },
});

describe('software update plan', () => {
  it('offers each package with the versions of every chosen gateway, newest first', () => {
    expect(packageChoices([A, C])).toEqual([{ packageName: 'lavo-gateway', versions: ['1.13.4', '2.6.0', '1.12.0', '2.4.0'], latest: '1.13.4' }]);
  });

  it('sends each gateway the chosen version its model offers, and says why the others get nothing', () => {
    const plan = planSoftwareUpdate([A, B, C, D], { 'lavo-gateway': '1.13.4' });
    expect(plan.payloads).toEqual([{ deviceId: 1, modelId: 2, mac: 'AC:00:00:00:00:01', name: 'G1', groupId: 6, softwareVersionIds: [11], versions: ['lavo-gateway 1.13.4'] }]);
    expect(plan.skipped.map((s) => [s.gateway.id, s.reason])).toEqual([
      [2, 'Runs these versions already, or its model has none of them'],
      [3, 'Runs these versions already, or its model has none of them'],
      [4, 'An update is already running'],
    ]);
  });
});
