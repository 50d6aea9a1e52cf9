import { gatewayEndpoints, type SoftwareJobsBody } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /software/jobs: software versions to install on gateways (03 §7). */
export function sendSoftwareJobs(body: SoftwareJobsBody, idempotencyKey: string) {
  return mainApi.call(gatewayEndpoints.softwareJobs, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
