import { type CreateBadgeBody, deviceRegistryEndpoints } from '@contracts/device-registry';
import type { WearableRow } from '@contracts/wearables';
import { mainApi } from '@/lib/api-client';

/** POST /devices, once: the outbox's idempotency key makes a replay a no-op. */
export function createBadge(body: CreateBadgeBody, idempotencyKey: string): Promise<WearableRow> {
  return mainApi.call(deviceRegistryEndpoints.createBadge, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
