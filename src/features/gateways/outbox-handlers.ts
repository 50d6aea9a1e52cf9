import { registerOutboxHandler } from '@/offline/outbox';
import { sendSoftwareJobs } from './api/send-software-jobs';
import { gatewayKeys } from './api/keys';

// Software update jobs go through the outbox, one item per gateway (docs/OFFLINE.md 'Gateways'):
// a technician can dispatch them on a ward without signal; each replays once (its
// Idempotency-Key), and a version already queued on the gateway is not queued twice (the server
// ignores it).

export const SOFTWARE_UPDATE = 'gateways.software-update';

export interface SoftwareUpdatePayload {
  deviceId: number;
  modelId: number;
  mac: string;
  name: string;
  groupId: number;
  softwareVersionIds: number[];
  /** What is installed, for the outbox panel: 'lavo-gateway 2.6.0'. */
  versions: string[];
}

/** A gateway's edits are sent in order. */
export const gatewayEntity = (payload: Pick<SoftwareUpdatePayload, 'deviceId'>) => `gateway:${payload.deviceId}`;

export const describeSoftwareUpdate = (payload: SoftwareUpdatePayload) => `Update ${payload.name} to ${payload.versions.join(', ')}`;

export function registerGatewayOutboxHandlers(): void {
  registerOutboxHandler<SoftwareUpdatePayload>(SOFTWARE_UPDATE, {
    async send(payload, { idempotencyKey }) {
      await sendSoftwareJobs([{ deviceId: payload.deviceId, modelId: payload.modelId, mac: payload.mac, softwareVersionIds: payload.softwareVersionIds }], idempotencyKey);
    },
    describe: describeSoftwareUpdate,
    invalidates: () => [gatewayKeys.lists()],
  });
}
