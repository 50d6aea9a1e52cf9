import type { DeviceModel } from '@contracts/device-registry';
import { describe, expect, it } from 'vitest';
import { ADD_MESSAGES, creationPlan, creationResults, deviceInfoRequests, firmwareOf } from './add-plan';

const MODELS: DeviceModel[] = [
  { id: 20, name: 'Minew', deviceType: 'BEACON', versions: [{ id: 201, version: '2.5.2', isLatest: true }, { id: 200, version: '2.4.0', isLatest: false }] },
  { id: 21, name: 'Minew E8', deviceType: 'BEACON', versions: [{ id: 211, version: '1.1.0', isLatest: true }] },
  { id: 30, name: 'GEN 4', deviceType: 'DISPENSER', versions: [{ id: 301, version: '4.5.2', isLatest: true }] },
];

describe('adding what a scan found', () => {
  it('asks each gateway about the devices it heard best', () => {
    expect(
      deviceInfoRequests([
        { mac: 'A', gatewayMac: 'G1' },
        { mac: 'B', gatewayMac: 'G2' },
        { mac: 'C', gatewayMac: 'G1' },
      ]),
    ).toEqual([
      { gatewayMac: 'G1', macs: ['A', 'C'] },
      { gatewayMac: 'G2', macs: ['B'] },
    ]);
  });

  it('tells the model and firmware from the version read, among models of the device’s kind', () => {
    expect(firmwareOf(MODELS, 'BEACON', '1.1.0')).toEqual({ modelId: 21, firmwareVersionId: 211 });
    expect(firmwareOf(MODELS, 'DISPENSER', '2.4.0')).toBeNull();
  });

  it('sends the devices whose version was read and known; the others are errors with the reason', () => {
    const plan = creationPlan(
      [
        { mac: 'C0:00:00:00:00:01', type: 'BEACON', version: '2.4.0' },
        { mac: 'C0:00:00:00:00:02', type: 'BEACON', version: null },
        { mac: 'C0:00:00:00:00:03', type: 'DISPENSER', version: '9.9.9' },
        { mac: 'C0:00:00:00:00:04', type: 'GATEWAY', version: '1.0.0' },
      ],
      MODELS,
      7,
    );
    expect(plan.items).toEqual([{ mac: 'C0:00:00:00:00:01', type: 'BEACON', groupId: 7, modelId: 20, firmwareVersionId: 200, active: true }]);
    expect(plan.failures).toEqual([
      { mac: 'C0:00:00:00:00:02', message: ADD_MESSAGES.unreachable },
      { mac: 'C0:00:00:00:00:03', message: ADD_MESSAGES.unknownVersion('9.9.9') },
      { mac: 'C0:00:00:00:00:04', message: ADD_MESSAGES.notAddable },
    ]);
    expect(ADD_MESSAGES.unreachable).toBe('Error connecting to device');
  });

  it('reads the server’s answer per device', () => {
    expect(
      creationResults([
        { id: 5, mac: 'C0:00:00:00:00:01', type: 'BEACON', groupId: 7, active: true, reason: null },
        { id: null, mac: 'C0:00:00:00:00:02', type: 'BEACON', groupId: 7, active: false, reason: { message: 'Device already exists at ICU.' } },
      ]),
    ).toEqual([
      { mac: 'C0:00:00:00:00:01', ok: true, message: null },
      { mac: 'C0:00:00:00:00:02', ok: false, message: 'Device already exists at ICU.' },
    ]);
  });
});
