import { nfcEndpoints, type CreateNfcTagBody, type NfcTag, type UpdateNfcTagBody } from '@contracts/nfc';
import { mainApi } from '@/lib/api-client';

/** POST /nfc-tags, once: the outbox's idempotency key makes a replay a no-op. */
export function createNfcTag(body: CreateNfcTagBody, idempotencyKey: string): Promise<NfcTag> {
  return mainApi.call(nfcEndpoints.create, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** PATCH /nfc-tags/{id}, once, the same way. */
export function updateNfcTag(id: number, body: UpdateNfcTagBody, idempotencyKey: string): Promise<NfcTag> {
  return mainApi.call(nfcEndpoints.update, { params: { id }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}
