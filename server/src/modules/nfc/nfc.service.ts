import type { z } from 'zod';
import {
  assignedMeanwhileMessage,
  NFC_MESSAGES,
  type NfcTag,
  type createNfcTagBodySchema,
  type nfcAssignEventsQuerySchema,
  type nfcDataQuerySchema,
  type nfcTagsQuerySchema,
  type updateNfcTagBodySchema,
} from '../../contracts/nfc';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { Scope } from '../../core/scope';
import type { Caller } from '../../core/caller';
import { locationsUnder, requireLocationInScope } from '../locations';
import { userInScope, userToChange } from '../users';
import { assignEvents, findTag, holderNameOf, insertTag, listTags, lockTag, recordAssignEvent, tagsOf, updateTagRow } from './nfc.repo';

// NFC Tag Assignment: everything is limited to the caller's scope. A tag is visible when
// its location is in the scope; a user when their organization or location is. Anything outside
// is answered 404, as if it did not exist. The caller is recorded as creator, updater and assignor.

type CreateNfcTag = z.output<typeof createNfcTagBodySchema>;
type UpdateNfcTag = z.output<typeof updateNfcTagBodySchema>;

/** The locations whose tags the caller sees: one location and its descendants, or the whole scope. */
const visibleGroupIds = (db: Database, scope: Scope, groupId: number | undefined) =>
  locationsUnder(db, scope, groupId === undefined ? undefined : [groupId]);

/** A tag of a location in the caller's scope. */
async function tagInScope(db: Database, scope: Scope, key: { id: number } | { nfcId: string }): Promise<NfcTag> {
  const tag = await findTag(db, [...scope.groupIds], key);
  if (!tag) throw new HttpError(404, NFC_MESSAGES.tagNotFound);
  return tag;
}

/** POST /nfc-tags: a new tag at a location in scope, optionally assigned to a user in scope. */
async function createTag(db: Database, caller: Caller, body: CreateNfcTag): Promise<NfcTag> {
  const scope = await caller.scope();
  requireLocationInScope(scope, body.groupId);
  const userId = body.userId ?? null;
  if (userId !== null) await userToChange(db, caller, scope, userId, { acting: 'wearable' });
  const id = await insertTag(db, {
    nfcId: body.nfcId,
    nfcShortId: body.nfcShortId,
    groupId: body.groupId,
    userId,
    active: body.active,
    createdBy: caller.user.id,
    updatedBy: caller.user.id,
  });
  return tagInScope(db, scope, { id });
}

/**
 * PATCH /nfc-tags/{id}: assigns (userId), unassigns (userId null), renames or (de)activates a
 * tag. A change of holder records an assign event in the same transaction. With expectedUserId,
 * a tag that changed hands since the client saw it is left alone and answered 409.
 */
async function updateTag(db: Database, caller: Caller, id: number, body: UpdateNfcTag): Promise<NfcTag> {
  const scope = await caller.scope();
  await db.transaction(async (tx) => {
    const tag = await lockTag(tx, id);
    if (!tag || !scope.groupIds.has(tag.groupId)) throw new HttpError(404, NFC_MESSAGES.tagNotFound);
    if (body.expectedUserId !== undefined && body.expectedUserId !== tag.userId) {
      const holder = tag.userId === null ? null : await holderNameOf(tx, tag.userId);
      throw new HttpError(409, assignedMeanwhileMessage(holder));
    }
    const changesHands = body.userId !== tag.userId;
    if (changesHands && body.userId !== null) await userToChange(tx, caller, scope, body.userId, { acting: 'wearable' });
    await updateTagRow(tx, id, { userId: body.userId, nfcId: body.nfcId, nfcShortId: body.nfcShortId, active: body.active, updatedBy: caller.user.id });
    if (changesHands) await recordAssignEvent(tx, id, body.userId, caller.user.id);
  });
  return tagInScope(db, scope, { id });
}

/**
 * The NFC tag calls. `lists` reads the tag lists, which grow with the staff, with the report
 * statement limit.
 */
export function createNfcService(db: Database, lists: Database) {
  return {
    /** GET /nfc-tags: one page of the tags of a location (and its descendants) or the whole scope. */
    async list(caller: Caller, query: z.output<typeof nfcTagsQuerySchema>) {
      const { groupId, ...filter } = query;
      const groupIds = await visibleGroupIds(db, await caller.scope(), groupId);
      return listTags(lists, { ...filter, groupIds });
    },

    /** GET /nfc/nfcId/{nfcId}. */
    async byNfcId(caller: Caller, nfcId: string): Promise<NfcTag> {
      return tagInScope(db, await caller.scope(), { nfcId });
    },

    /** GET /nfc/nfc-data: the tags of a location, optionally one user's. */
    async data(caller: Caller, query: z.output<typeof nfcDataQuerySchema>) {
      const scope = await caller.scope();
      const groupIds = await visibleGroupIds(db, scope, query.groupId);
      if (query.userId !== undefined) await userInScope(db, scope, query.userId);
      return tagsOf(lists, groupIds, query.userId);
    },

    create: (caller: Caller, body: CreateNfcTag) => createTag(db, caller, body),
    update: (caller: Caller, id: number, body: UpdateNfcTag) => updateTag(db, caller, id, body),

    /** GET /nfc-tags/{id}/assign-events. */
    async assignEvents(caller: Caller, id: number, query: z.output<typeof nfcAssignEventsQuerySchema>) {
      const tag = await tagInScope(db, await caller.scope(), { id });
      return { data: await assignEvents(db, tag.id, query) };
    },
  };
}
