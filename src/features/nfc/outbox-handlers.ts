import { type CreateNfcTagBody, nfcTagSchema } from '@contracts/nfc';
import { ApiError, mainApi } from '@/lib/api-client';
import { registerOutboxHandler } from '@/offline/outbox';
import { userKeys } from '@/lib/scope-users';
import { findTagByNfcId, nfcKeys } from './api/nfc-queries';

/** The outbox types of NFC Tag Assignment. */
export const NFC_CREATE = 'nfc.create';
export const NFC_ASSIGN = 'nfc.assign';

/** A tag added (CSV import or scan); `label` is its full id as the user saw it. */
export interface NfcCreatePayload {
  body: CreateNfcTagBody & { nfcId: string; nfcShortId: string };
  groupName: string;
  userName: string | null;
}

/**
 * A tag given to a user (userId) or taken back (null). The tag is named by its NFC id, since it may
 * have been added offline and have no server id yet; `expectedUserId` is who held it when the edit
 * was made, so a tag that changed hands meanwhile is refused instead of silently taken over.
 */
export interface NfcAssignPayload {
  nfcId: string;
  userId: number | null;
  expectedUserId: number | null;
  /** Names for the outbox panel and pending rows. */
  userName: string | null;
  previousUserName: string | null;
}

/** The entity an NFC edit is about: edits of one tag are sent in order. */
export const nfcEntity = (nfcId: string) => `nfc:${nfcId}`;

const refreshAfterSend = () => [nfcKeys.all, userKeys.all];

/** Registers the NFC edit types with the outbox. */
export function registerNfcOutboxHandlers(): void {
  registerOutboxHandler<NfcCreatePayload>(NFC_CREATE, {
    async send(payload, { idempotencyKey }) {
      await mainApi.post('/nfc-tags', payload.body, { headers: { 'Idempotency-Key': idempotencyKey }, schema: nfcTagSchema });
    },
    describe: ({ body, groupName, userName }) =>
      `Add NFC tag ${body.nfcId}${body.nfcShortId} at ${groupName}${userName ? ` for ${userName}` : ''}`,
    invalidates: refreshAfterSend,
  });
  registerOutboxHandler<NfcAssignPayload>(NFC_ASSIGN, {
    async send(payload, { idempotencyKey }) {
      const tag = await findTagByNfcId(payload.nfcId);
      // A refusal the user can read in the outbox panel, then retry or discard.
      if (!tag) throw new ApiError(404, `NFC tag ${payload.nfcId} no longer exists.`, undefined);
      await mainApi.request(`/nfc-tags/${tag.id}`, {
        method: 'PATCH',
        body: { userId: payload.userId, expectedUserId: payload.expectedUserId },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: nfcTagSchema,
      });
    },
    describe: ({ nfcId, userId, userName, previousUserName }) =>
      userId === null
        ? `Unassign NFC tag ${nfcId}${previousUserName ? ` from ${previousUserName}` : ''}`
        : `Assign NFC tag ${nfcId} to ${userName ?? 'a user'}`,
    invalidates: refreshAfterSend,
  });
}
