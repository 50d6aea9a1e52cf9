import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NfcAssignEvent, NfcTag, NfcTagStatus } from '../../contracts/nfc';
import type { Database } from '../../db/client';
import { containing } from '../../core/sql';
import { groups, nfcAssignEvents, nfcTags, users, type NewNfcTagRow, type NfcTagRow } from '../../db/schema';

// Reads and writes of NFC tags. Callers pass the location ids the caller may see; every read is
// limited to tags of those locations.

const tagColumns = {
  id: nfcTags.id,
  nfcId: nfcTags.nfcId,
  nfcShortId: nfcTags.nfcShortId,
  groupId: nfcTags.groupId,
  groupName: groups.name,
  active: nfcTags.active,
  userId: nfcTags.userId,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: nfcTags.createdAt,
  updatedAt: nfcTags.updatedAt,
};

/** Tags with their location and holder, where `where` holds. */
function selectTags(db: Database, where: SQL | undefined) {
  return db
    .select(tagColumns)
    .from(nfcTags)
    .innerJoin(groups, eq(groups.id, nfcTags.groupId))
    .leftJoin(users, eq(users.id, nfcTags.userId))
    .where(where);
}

type TagRecord = Awaited<ReturnType<typeof selectTags>>[number];

function toTag(row: TagRecord): NfcTag {
  const { userName, firstName, lastName, createdAt, updatedAt, ...tag } = row;
  return {
    ...tag,
    user: tag.userId !== null && userName !== null ? { id: tag.userId, userName, firstName: firstName ?? '', lastName: lastName ?? '' } : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Tags of the given locations; no locations, no tags. */
const ofGroups = (groupIds: readonly number[]) => (groupIds.length ? inArray(nfcTags.groupId, [...groupIds]) : sql`false`);

export interface TagListFilter {
  groupIds: readonly number[];
  status?: NfcTagStatus;
  search?: string;
  take: number;
  startingAfter?: number;
}

/** One page of tags in id order, and how many match over all pages. */
export async function listTags(db: Database, filter: TagListFilter): Promise<{ data: NfcTag[]; totalCount: number }> {
  const search = filter.search?.trim();
  const pattern = search ? containing(search) : undefined;
  const where = and(
    ofGroups(filter.groupIds),
    filter.status ? eq(nfcTags.active, filter.status === 'active') : undefined,
    pattern
      ? or(
          ilike(nfcTags.nfcId, pattern),
          ilike(nfcTags.nfcShortId, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.userName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectTags(db, and(where, filter.startingAfter !== undefined ? gt(nfcTags.id, filter.startingAfter) : undefined))
      .orderBy(asc(nfcTags.id))
      .limit(filter.take),
    db.select({ n: count() }).from(nfcTags).leftJoin(users, eq(users.id, nfcTags.userId)).where(where),
  ]);
  return { data: rows.map(toTag), totalCount: total?.n ?? 0 };
}

/** The tags of some locations, optionally only those a user holds, in id order. */
export async function tagsOf(db: Database, groupIds: readonly number[], userId?: number): Promise<NfcTag[]> {
  const rows = await selectTags(db, and(ofGroups(groupIds), userId !== undefined ? eq(nfcTags.userId, userId) : undefined)).orderBy(
    asc(nfcTags.id),
  );
  return rows.map(toTag);
}

/** A tag by id or NFC id, if it belongs to one of the locations. */
export async function findTag(db: Database, groupIds: readonly number[], key: { id: number } | { nfcId: string }): Promise<NfcTag | null> {
  const [row] = await selectTags(db, and(ofGroups(groupIds), 'id' in key ? eq(nfcTags.id, key.id) : eq(nfcTags.nfcId, key.nfcId)));
  return row ? toTag(row) : null;
}

/** A tag row locked for the rest of the transaction. */
export async function lockTag(db: Database, id: number): Promise<NfcTagRow | null> {
  const [row] = await db.select().from(nfcTags).where(eq(nfcTags.id, id)).for('update');
  return row ?? null;
}

/** The first and last name of the user holding a tag, as stored. */
export async function holderNameOf(db: Database, userId: number): Promise<{ firstName: string; lastName: string } | null> {
  const [holder] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return holder ?? null;
}

/** Changes a tag: its holder and whichever of its id, short id and active flag are given, by `updatedBy`. */
export async function updateTagRow(
  db: Database,
  id: number,
  change: { userId: number | null; nfcId?: string; nfcShortId?: string; active?: boolean; updatedBy: number },
): Promise<void> {
  await db
    .update(nfcTags)
    .set({
      userId: change.userId,
      ...(change.nfcId === undefined ? {} : { nfcId: change.nfcId }),
      ...(change.nfcShortId === undefined ? {} : { nfcShortId: change.nfcShortId }),
      ...(change.active === undefined ? {} : { active: change.active }),
      updatedBy: change.updatedBy,
      updatedAt: sql`now()`,
    })
    .where(eq(nfcTags.id, id));
}

/** Records that a tag went to `userId` (null: it was unassigned), made by `assignorId`. */
export async function recordAssignEvent(db: Database, tagId: number, userId: number | null, assignorId: number): Promise<void> {
  await db.insert(nfcAssignEvents).values({ tagId, userId, assignorId });
}

const holder = alias(users, 'holder');
const assignor = alias(users, 'assignor');

/**
 * One page of a tag's assign events, newest first. `startingAfter` is the last event of the
 * previous page; the page holds the events older than it (by time, then id).
 */
export async function assignEvents(
  db: Database,
  tagId: number,
  page: { take: number; startingAfter?: number },
): Promise<{ data: NfcAssignEvent[]; hasMore: boolean }> {
  const after =
    page.startingAfter === undefined
      ? undefined
      : sql`(${nfcAssignEvents.createdAt}, ${nfcAssignEvents.id}) < (
          select e.created_at, e.id from ${nfcAssignEvents} e where e.id = ${page.startingAfter} and e.tag_id = ${tagId})`;
  const rows = await db
    .select({
      id: nfcAssignEvents.id,
      userId: nfcAssignEvents.userId,
      userFirstName: holder.firstName,
      userLastName: holder.lastName,
      assignorId: assignor.id,
      assignorFirstName: assignor.firstName,
      assignorLastName: assignor.lastName,
      timestamp: nfcAssignEvents.createdAt,
    })
    .from(nfcAssignEvents)
    .leftJoin(holder, eq(holder.id, nfcAssignEvents.userId))
    .leftJoin(assignor, eq(assignor.id, nfcAssignEvents.assignorId))
    .where(and(eq(nfcAssignEvents.tagId, tagId), after))
    .orderBy(desc(nfcAssignEvents.createdAt), desc(nfcAssignEvents.id))
    .limit(page.take + 1);
  return {
    data: rows.slice(0, page.take).map((r) => ({
      id: r.id,
      userId: r.userId,
      user: r.userFirstName !== null && r.userLastName !== null ? { firstName: r.userFirstName, lastName: r.userLastName } : null,
      assignor:
        r.assignorId !== null && r.assignorFirstName !== null && r.assignorLastName !== null
          ? { firstName: r.assignorFirstName, lastName: r.assignorLastName }
          : null,
      timestamp: r.timestamp.toISOString(),
    })),
    hasMore: rows.length > page.take,
  };
}

/** Inserts a tag and, when it has a holder, its first assign event; answers the new tag's id. */
export async function insertTag(db: Database, tag: NewNfcTagRow & { createdBy: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(nfcTags).values(tag).returning({ id: nfcTags.id });
    if (!row) throw new Error('NFC tag not created');
    if (tag.userId) await recordAssignEvent(tx, row.id, tag.userId, tag.createdBy);
    return row.id;
  });
}
