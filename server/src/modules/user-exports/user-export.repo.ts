import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { WEARABLE_TYPES } from '../../contracts/devices';
import type { Database } from '../../db/client';
import { devices, groups, jobs, organizations, permissionTemplates, professions, users, wearableAssignments, type JobRow, type UserRow } from '../../db/schema';
import { shownName } from '../../core/names';
import { userWhere, type UserFilter } from '../users';

/** One user as the exports write them. */
export interface ExportUserRow {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  clientUserId: string | null;
  email: string | null;
  active: boolean;
  organization: string;
  profession: string | null;
  template: string;
  device: string | null;
  createdAt: Date;
  /** The time zone of the user's organization's location (its default location), UTC without one. */
  timeZone: string;
  /** The subject of the sign-in account the user is linked to; null without one. */
  cognitoId: string | null;
}

/**
 * One batch of the users an export writes, in id order after `startingAfter`: names of their
 * organization, profession (their organization's own before the global one) and template, the
 * MAC of the wearable they hold, and the time zone of their organization's location.
 */
export async function exportUsersBatch(db: Database, filter: UserFilter, take: number, startingAfter = 0): Promise<ExportUserRow[]> {
  const profession = sql<string | null>`(
    select ${professions.name} from ${professions}
    where ${professions.code} = ${users.professionCode}
      and (${professions.organizationId} = ${users.organizationId} or ${professions.organizationId} is null)
    order by ${professions.organizationId} nulls last limit 1)`;
  const device = sql<string | null>`(
    select ${devices.mac} from ${wearableAssignments} join ${devices} on ${devices.id} = ${wearableAssignments.deviceId}
    where ${wearableAssignments.userId} = ${users.id} and ${wearableAssignments.unassignedAt} is null
      and ${devices.type} in (${sql.join(
        WEARABLE_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})
    order by ${wearableAssignments.assignedAt} desc limit 1)`;
  const rows = await db
    .select({
      user: users,
      organization: organizations.name,
      template: permissionTemplates.name,
      timeZone: groups.timeZone,
      profession,
      device,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .innerJoin(permissionTemplates, eq(permissionTemplates.id, users.roleId))
    .leftJoin(groups, eq(groups.id, organizations.defaultLocationId))
    .where(and(userWhere(filter), gt(users.id, startingAfter)))
    .orderBy(asc(users.id))
    .limit(take);
  return rows.map(({ user, organization, template, timeZone, profession, device }) => ({
    id: user.id,
    userName: user.userName,
    ...shownName(user),
    clientUserId: user.clientUserId,
    email: user.demo ? null : user.email,
    active: user.active,
    organization,
    profession,
    template,
    device,
    createdAt: user.createdAt,
    timeZone: timeZone ?? 'UTC',
    cognitoId: user.cognitoId,
  }));
}

/** A user-export job by id; null when there is none or it is another kind of job. */
export async function findExportJob(db: Database, jobId: number, kind: string): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.kind, kind)));
  return job ?? null;
}

/** The user who asked for an export, as they are now. */
export async function findRequester(db: Database, id: number): Promise<UserRow | null> {
  const [requester] = await db.select().from(users).where(eq(users.id, id));
  return requester ?? null;
}

/** How many users the filter selects. */
export async function countExportUsers(db: Database, filter: UserFilter): Promise<number> {
  const [total] = await db.select({ n: count() }).from(users).where(userWhere(filter));
  return Number(total?.n ?? 0);
}
