import { type UnassignWearableBody, type UnassignWearableResponse, wearableEndpoints } from '@contracts/wearables';
import { mainApi } from '@/lib/api-client';

/** POST /users/unassign-wearable, once: the outbox's idempotency key makes a replay a no-op. */
export function unassignWearable(body: UnassignWearableBody, idempotencyKey: string): Promise<UnassignWearableResponse> {
  return mainApi.call(wearableEndpoints.unassign, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
