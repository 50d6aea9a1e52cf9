import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { WEARABLE_TYPES } from '../../contracts/devices';
import type { UserListRow } from '../../contracts/user-list';
import type { WearableType } from '../../contracts/wearables';
import type { Database } from '../../db/client';
import { devices, nfcTags, permissionTemplates, userSignIns, users, wearableAssignments } from '../../db/schema';
import { shownName } from '../../core/names';
import { inScope, type Scope } from '../../core/scope';
import { containing } from '../../core/sql';

// GET /users: the users lists and pickers choose from, read inside a caller's scope.

export interface UserFilter {
  scope: Scope;
  /** Only users of these organizations (already expanded to descendants); null: any. */
  organizationIds: readonly number[] | null;
  /** Only users whose home location is one of these; null: any. */
  groupIds: readonly number[] | null;
  /** Each word must match one of the searched columns. */
  words: readonly string[];
  active?: boolean;
  unassigned?: boolean;
  /** Only users of this profession code. */
  professionId?: string;
}

export function userWhere(filter: UserFilter): SQL {
  const parts: (SQL | undefined)[] = [inScope(filter.scope, users.organizationId, users.groupId) ?? sql`false`];
  if (filter.organizationIds) parts.push(filter.organizationIds.length ? inArray(users.organizationId, [...filter.organizationIds]) : sql`false`);
  if (filter.groupIds) parts.push(filter.groupIds.length ? inArray(users.groupId, [...filter.groupIds]) : sql`false`);
  if (filter.active !== undefined) parts.push(eq(users.active, filter.active));
  if (filter.professionId !== undefined) parts.push(eq(users.professionCode, filter.professionId));
  if (filter.unassigned) {
    parts.push(
      notExists(
        sql`(select 1 from ${wearableAssignments} where ${wearableAssignments.userId} = ${users.id} and ${wearableAssignments.unassignedAt} is null)`,
      ),
    );
  }
  for (const word of filter.words) {
    const pattern = containing(word);
    parts.push(
      or(
        ilike(users.userName, pattern),
        ilike(users.email, pattern),
        ilike(users.clientUserId, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.professionCode, pattern),
      ),
    );
  }
  return and(...parts) ?? sql`true`;
}

/** One page of users in id order, their current wearable and NFC tag, and how many match in all. */
/** A row of the users list as stored; whether the caller may change the user is the service's to say. */
export type StoredUserRow = Omit<UserListRow, 'changeable'>;

export async function listUsers(
  db: Database,
  filter: UserFilter,
  page: { take: number; startingAfter?: number },
): Promise<{ data: StoredUserRow[]; totalCount: number }> {
  const where = userWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, roleName: permissionTemplates.name, lastLoginAt: userSignIns.lastLoginAt })
      .from(users)
      .innerJoin(permissionTemplates, eq(permissionTemplates.id, users.roleId))
      .leftJoin(userSignIns, eq(userSignIns.userId, users.id))
      .where(page.startingAfter === undefined ? where : and(where, gt(users.id, page.startingAfter)))
      .orderBy(asc(users.id))
      .limit(page.take),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.user.id);
  const [held, tags] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([wearableAssignments.userId], {
            userId: wearableAssignments.userId,
            id: devices.id,
            mac: devices.mac,
            type: devices.type,
            code: devices.code,
          })
          .from(wearableAssignments)
          .innerJoin(devices, eq(devices.id, wearableAssignments.deviceId))
          .where(
            and(
              inArray(wearableAssignments.userId, ids),
              isNull(wearableAssignments.unassignedAt),
              inArray(devices.type, [...WEARABLE_TYPES]),
            ),
          )
          .orderBy(wearableAssignments.userId, desc(wearableAssignments.assignedAt), desc(wearableAssignments.id)),
        db
          .select({ userId: nfcTags.userId, id: nfcTags.id, nfcId: nfcTags.nfcId })
          .from(nfcTags)
          .where(inArray(nfcTags.userId, ids)),
      ])
    : [[], []];
  const deviceOf = new Map(held.map((h) => [h.userId, h]));
  const tagOf = new Map(tags.map((t) => [t.userId, t]));
  return {
    totalCount: Number(totals[0]?.n ?? 0),
    data: rows.map(({ user: u, roleName, lastLoginAt }) => {
      const device = deviceOf.get(u.id);
      const tag = tagOf.get(u.id);
      return {
        id: u.id,
        userName: u.userName,
        ...shownName(u),
        clientUserId: u.clientUserId,
        professionId: u.professionCode,
        organizationId: u.organizationId,
        groupId: u.groupId,
        active: u.active,
        device: device ? { id: device.id, mac: device.mac, type: device.type as WearableType, code: device.code } : null,
        nfcTag: tag ? { id: tag.id, nfcId: tag.nfcId } : null,
        email: u.email,
        pendingEmail: u.pendingEmail,
        phone: u.phone,
        picture: u.picture,
        roleId: u.roleId,
        roleName,
        createdAt: u.createdAt.toISOString(),
        lastLogin: lastLoginAt?.toISOString() ?? null,
      };
    }),
  };
}
