import { gatewayEndpoints, type SoftwareJobsBody } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /software/jobs: software versions to install on gateways. */
export function sendSoftwareJobs(body: SoftwareJobsBody, idempotencyKey: string) {
  return mainApi.call(gatewayEndpoints.softwareJobs, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
