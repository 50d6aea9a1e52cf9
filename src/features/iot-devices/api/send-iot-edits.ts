import { iotEndpoints, type CreateJobBody, type Job, type JobExecution } from '@contracts/iot';
import { mainApi } from '@/lib/api-client';

/** POST /iot/jobs: a job from a template on some devices, now or at `startAt`. */
export function createJob(body: CreateJobBody, idempotencyKey: string): Promise<Job> {
  return mainApi.call(iotEndpoints.createJob, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** PUT /iot/things/{thingId}/jobs/{jobId}/cancel: a QUEUED execution cancelled; anything else is 409. */
export function cancelExecution(thingId: number, jobId: number): Promise<JobExecution> {
  return mainApi.call(iotEndpoints.cancelExecution, { params: { thingId, jobId } });
}

/** PUT /iot/jobs/{id}/cancel: a scheduled (or active) job cancelled. */
export function cancelJob(id: number): Promise<Job> {
  return mainApi.call(iotEndpoints.cancelJob, { params: { id } });
}
