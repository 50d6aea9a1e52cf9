import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assignedMeanwhileMessage,
  NFC_MESSAGES,
  type NfcTag,
  type createNfcTagBodySchema,
  type updateNfcTagBodySchema,
} from '../../contracts/nfc';
import type { Database } from '../../db/client';
import { groups, nfcTags, users, type UserRow } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { withDescendants, type Scope } from '../session/scope';
import { findTag, insertTag, lockTag, recordAssignEvent } from './nfc.repo';

// NFC Tag Assignment (03 §7): everything is limited to the caller's scope. A tag is visible when
// its location is in the scope; a user when their organization or location is. Anything outside
// is answered 404, as if it did not exist. The caller is recorded as creator, updater and assignor.

type CreateNfcTag = z.output<typeof createNfcTagBodySchema>;
type UpdateNfcTag = z.output<typeof updateNfcTagBodySchema>;

/** The locations whose tags the caller sees: one location and its descendants, or the whole scope. */
export async function visibleGroupIds(db: Database, scope: Scope, groupId?: number): Promise<number[]> {
  if (groupId === undefined) return [...scope.groupIds];
  if (!scope.groupIds.has(groupId)) throw new HttpError(404, NFC_MESSAGES.locationNotFound);
  const tree = await db.select({ id: groups.id, parentId: groups.parentId }).from(groups);
  return [...withDescendants(tree, [groupId])];
}

/** A user of an organization or location in the caller's scope. */
export async function userInScope(db: Database, scope: Scope, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user && (scope.organizationIds.has(user.organizationId) || (user.groupId !== null && scope.groupIds.has(user.groupId)))) {
    return user;
  }
  throw new HttpError(404, NFC_MESSAGES.userNotFound);
}

/** A tag of a location in the caller's scope. */
export async function tagInScope(db: Database, scope: Scope, key: { id: number } | { nfcId: string }): Promise<NfcTag> {
  const tag = await findTag(db, [...scope.groupIds], key);
  if (!tag) throw new HttpError(404, NFC_MESSAGES.tagNotFound);
  return tag;
}

/** POST /nfc-tags: a new tag at a location in scope, optionally assigned to a user in scope. */
export async function createTag(db: Database, caller: Caller, body: CreateNfcTag): Promise<NfcTag> {
  const scope = await caller.scope();
  if (!scope.groupIds.has(body.groupId)) throw new HttpError(404, NFC_MESSAGES.locationNotFound);
  const userId = body.userId ?? null;
  if (userId !== null) await userInScope(db, scope, userId);
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
export async function updateTag(db: Database, caller: Caller, id: number, body: UpdateNfcTag): Promise<NfcTag> {
  const scope = await caller.scope();
  await db.transaction(async (tx) => {
    const tag = await lockTag(tx, id);
    if (!tag || !scope.groupIds.has(tag.groupId)) throw new HttpError(404, NFC_MESSAGES.tagNotFound);
    if (body.expectedUserId !== undefined && body.expectedUserId !== tag.userId) {
      const [holder] =
        tag.userId === null
          ? []
          : await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, tag.userId));
      throw new HttpError(409, assignedMeanwhileMessage(holder ?? null));
    }
    const changesHands = body.userId !== tag.userId;
    if (changesHands && body.userId !== null) await userInScope(tx, scope, body.userId);
    await tx
      .update(nfcTags)
      .set({
        userId: body.userId,
        ...(body.nfcId === undefined ? {} : { nfcId: body.nfcId }),
        ...(body.nfcShortId === undefined ? {} : { nfcShortId: body.nfcShortId }),
        ...(body.active === undefined ? {} : { active: body.active }),
        updatedBy: caller.user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(nfcTags.id, id));
    if (changesHands) await recordAssignEvent(tx, id, body.userId, caller.user.id);
  });
  return tagInScope(db, scope, { id });
}
