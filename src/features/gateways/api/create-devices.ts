import { gatewayEndpoints, type CreatedDevice, type NewDeviceItem } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /devices with an array: the devices a scan found, each created or refused with its reason. */
export function createDevices(items: NewDeviceItem[]): Promise<CreatedDevice[]> {
  return mainApi.call(gatewayEndpoints.createDevices, { body: items });
}
