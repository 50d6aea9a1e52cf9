import type { CreateJobBody } from '@contracts/iot';
import { registerOutboxHandler } from '@/offline/outbox';
import { iotKeys } from './api/keys';
import { createJob } from './api/send-iot-edits';

// Running a job is a field edit (docs/SCREENS.md 'IoT Devices'): queued through the outbox, shown
// pending, sent once under its Idempotency-Key, kept with the server's reason when refused. A
// device's edit is the shared one of entities/iot (edit-device.ts). Cancelling depends on the
// server's state and is done online only.

export const RUN_JOB = 'iot.run-job';

export interface RunJobPayload {
  body: CreateJobBody;
  /** The template's name, for the outbox panel. */
  templateName: string;
  /** The devices' ids, to mark their rows pending. */
  thingIds: number[];
}

/** A job's edits are its own. */
export const jobEntity = (payload: RunJobPayload) => `iot-job:${payload.body.groupId}:${payload.body.name}`;

const devicesWord = (n: number) => (n === 1 ? '1 device' : `${n} devices`);
export const describeRunJob = (p: RunJobPayload) => `Run job '${p.body.name}' (${p.templateName}) on ${devicesWord(p.body.thingAwsIds.length)}`;

export function registerIotOutboxHandlers(): void {
  registerOutboxHandler<RunJobPayload>(RUN_JOB, {
    async send(payload, { idempotencyKey }) {
      await createJob(payload.body, idempotencyKey);
    },
    describe: describeRunJob,
    invalidates: () => [iotKeys.jobLists(), iotKeys.thingLists()],
  });
}
