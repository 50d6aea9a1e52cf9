import type { CreatedDevice, DeviceModel, NewDeviceItem } from '@contracts/device-registry';
import { SCANNED_DEVICE_TYPES } from '@contracts/device-registry';
import type { FoundDevice } from './scan-state';

// Adding the devices a scan found (docs/GATEWAYS.md 'Devices found by a scan'): each is connected to
// through the gateway that heard it best and its firmware version read; the version tells its
// model. A device whose version could not be read, or matches no model of its kind, is an error
// and is not sent; the rest are created in one POST /devices, each answered on its own.

export const ADD_MESSAGES = {
  unreachable: 'Error connecting to device',
  unknownVersion: (version: string) => `No ${version} firmware is known for this kind of device.`,
  notAddable: 'This kind of device is not added from a scan.',
  requestFailed: 'Request Failed',
  failedTitle: 'Device creation failed',
  failed: (count: number) => `${count} device(s) failed.`,
} as const;

type ScannedType = (typeof SCANNED_DEVICE_TYPES)[number];
const isScannedType = (type: string): type is ScannedType => (SCANNED_DEVICE_TYPES as readonly string[]).includes(type);

/** The device-info requests: one per gateway, for the devices it heard best. */
export function deviceInfoRequests(devices: readonly Pick<FoundDevice, 'mac' | 'gatewayMac'>[]): { gatewayMac: string; macs: string[] }[] {
  const byGateway = new Map<string, string[]>();
  for (const d of devices) byGateway.set(d.gatewayMac, [...(byGateway.get(d.gatewayMac) ?? []), d.mac]);
  return [...byGateway].map(([gatewayMac, macs]) => ({ gatewayMac, macs }));
}

/** The model and firmware version of a device of this kind running `version`; the first model that has it. */
export function firmwareOf(models: readonly DeviceModel[], type: string, version: string): { modelId: number; firmwareVersionId: number } | null {
  for (const model of models) {
    if (model.deviceType !== type) continue;
    const found = model.versions.find((v) => v.version === version);
    if (found) return { modelId: model.id, firmwareVersionId: found.id };
  }
  return null;
}

/** What POST /devices is sent for the devices being added (their versions read), and those that cannot be sent. */
export function creationPlan(
  devices: readonly Pick<FoundDevice, 'mac' | 'type' | 'version'>[],
  models: readonly DeviceModel[],
  groupId: number,
): { items: NewDeviceItem[]; failures: { mac: string; message: string }[] } {
  const items: NewDeviceItem[] = [];
  const failures: { mac: string; message: string }[] = [];
  for (const d of devices) {
    if (!isScannedType(d.type)) failures.push({ mac: d.mac, message: ADD_MESSAGES.notAddable });
    else if (d.version === null) failures.push({ mac: d.mac, message: ADD_MESSAGES.unreachable });
    else {
      const firmware = firmwareOf(models, d.type, d.version);
      if (!firmware) failures.push({ mac: d.mac, message: ADD_MESSAGES.unknownVersion(d.version) });
      else items.push({ mac: d.mac, type: d.type, groupId, ...firmware, active: true });
    }
  }
  return { items, failures };
}

/** The server's answer, per device: created (`active`), or refused with its reason. */
export const creationResults = (created: readonly CreatedDevice[]) =>
  created.map((c) => ({ mac: c.mac, ok: c.active && c.id !== null, message: c.reason?.message ?? null }));
