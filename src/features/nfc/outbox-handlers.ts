import { type CreateNfcTagBody } from '@contracts/nfc';
import { ApiError } from '@/lib/api-client';
import { registerOutboxHandler } from '@/offline/outbox';
import { userKeys } from '@/entities/users/api/keys';
import { getTagByNfcId } from './api/get-tag-by-nfc-id';
import { nfcKeys } from './api/keys';
import { createNfcTag, updateNfcTag } from './api/send-nfc-edits';

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
      await createNfcTag(payload.body, idempotencyKey);
    },
    describe: ({ body, groupName, userName }) =>
      `Add NFC tag ${body.nfcId}${body.nfcShortId} at ${groupName}${userName ? ` for ${userName}` : ''}`,
    invalidates: refreshAfterSend,
  });
  registerOutboxHandler<NfcAssignPayload>(NFC_ASSIGN, {
    async send(payload, { idempotencyKey }) {
      const tag = await getTagByNfcId(payload.nfcId);
      // A refusal the user can read in the outbox panel, then retry or discard.
      if (!tag) throw new ApiError(404, `NFC tag ${payload.nfcId} no longer exists.`, undefined);
      await updateNfcTag(tag.id, { userId: payload.userId, expectedUserId: payload.expectedUserId }, idempotencyKey);
    },
    describe: ({ nfcId, userId, userName, previousUserName }) =>
      userId === null
        ? `Unassign NFC tag ${nfcId}${previousUserName ? ` from ${previousUserName}` : ''}`
        : `Assign NFC tag ${nfcId} to ${userName ?? 'a user'}`,
    invalidates: refreshAfterSend,
  });
}
