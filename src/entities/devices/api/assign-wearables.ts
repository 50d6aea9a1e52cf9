import { type AssignBadgeBody, type AssignResult, wearableEndpoints } from '@contracts/wearables';
import { mainApi } from '@/lib/api-client';

/** POST /users/assign-badge (the spec's call, for any wearable), once: the outbox's idempotency key makes a replay a no-op. One result per item, in order. */
export function assignWearables(body: AssignBadgeBody, idempotencyKey: string): Promise<AssignResult[]> {
  return mainApi.call(wearableEndpoints.assign, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
