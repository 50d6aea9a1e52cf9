import { type CreateBadgeBody, wearableEndpoints, type WearableRow } from '@contracts/wearables-admin';
import { mainApi } from '@/lib/api-client';

/** POST /devices, once: the outbox's idempotency key makes a replay a no-op. */
export function createBadge(body: CreateBadgeBody, idempotencyKey: string): Promise<WearableRow> {
  return mainApi.call(wearableEndpoints.createBadge, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
