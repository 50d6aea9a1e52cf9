import { iotEndpoints, type Thing, type UpdateFallDeviceBody } from '@contracts/iot';
import { mainApi } from '@/lib/api-client';
import { registerOutboxHandler } from '@/offline/outbox';
import { iotThingKeys } from './keys';

// Editing a fall device (its name, location and place on the plan) is a field edit, from the IoT
// Devices page or the Location Editor's IoT Devices tab: queued through the outbox, shown
// pending, sent once under its Idempotency-Key, kept with the server's reason when refused.

export const EDIT_DEVICE = 'iot.edit-device';

export interface EditDevicePayload {
  id: number;
  awsId: string;
  body: UpdateFallDeviceBody;
}

/** One device's edits are sent in order. */
export const deviceEntity = (payload: Pick<EditDevicePayload, 'id'>) => `iot-thing:${payload.id}`;
export const describeEditDevice = (p: EditDevicePayload) => `Rename ${p.awsId} to ${p.body.name} and move it`;

/** PATCH /iot/things/falls/{id}: a fall device renamed and moved. */
export function updateFallDevice(id: number, body: UpdateFallDeviceBody, idempotencyKey: string): Promise<Thing> {
  return mainApi.call(iotEndpoints.updateFallDevice, { params: { id }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function registerIotEditHandler(): void {
  registerOutboxHandler<EditDevicePayload>(EDIT_DEVICE, {
    async send(payload, { idempotencyKey }) {
      await updateFallDevice(payload.id, payload.body, idempotencyKey);
    },
    describe: describeEditDevice,
    invalidates: () => [iotThingKeys.lists()],
  });
}
