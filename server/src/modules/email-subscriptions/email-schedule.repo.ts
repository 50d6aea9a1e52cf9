import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { EmailSubscriptionType, StoredSchedule } from '../../contracts/email-subscriptions';
import type { Database } from '../../db/client';
import { emailSubscriptions, groups, jobs, organizations, users, type UserRow } from '../../db/schema';

/** The job kind of one report email. */
export const REPORT_EMAIL_JOB = 'report-email';

export interface Subscriber {
  subscriptionId: number;
  userId: number;
  type: EmailSubscriptionType;
  schedule: StoredSchedule;
  /** The time zone of the subscriber's home location; null without one. */
  timeZone: string | null;
}

/** The time zone of a user's home location; null without one. */
export async function homeTimeZone(db: Database, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  const [home] = await db.select({ timeZone: groups.timeZone }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return home?.timeZone ?? null;
}

/** Every subscription of an active user with an email address, with the user's time zone. */
export function subscribers(db: Database): Promise<Subscriber[]> {
  return db
    .select({
      subscriptionId: emailSubscriptions.id,
      userId: emailSubscriptions.userId,
      type: emailSubscriptions.type,
      schedule: emailSubscriptions.schedule,
      timeZone: groups.timeZone,
    })
    .from(emailSubscriptions)
    .innerJoin(users, eq(users.id, emailSubscriptions.userId))
    .leftJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(users.active, true), isNotNull(users.email)));
}

/**
 * Records that the email `key` (subscription and slot) is to be sent, as a job, unless it was
 * recorded before: the record is what keeps a restarted server from sending it twice. True when
 * it was recorded now.
 */
export async function recordOnce(db: Database, key: string, payload: Record<string, unknown>): Promise<boolean> {
  const result = await db.execute<{ id: number }>(sql`
    insert into ${jobs} (kind, payload)
    select ${REPORT_EMAIL_JOB}, ${JSON.stringify({ ...payload, key })}::jsonb
    where not exists (select 1 from ${jobs} where kind = ${REPORT_EMAIL_JOB} and payload->>'key' = ${key})
    returning id`);
  return result.rows.length > 0;
}

/** A subscriber as they are now. */
export async function subscriberById(db: Database, userId: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** These organizations' names and types. */
export async function organizationsByIds(db: Database, ids: readonly number[]) {
  return db.select({ id: organizations.id, name: organizations.name, type: organizations.type }).from(organizations).where(inArray(organizations.id, [...ids]));
}

/** The condition of a compliance read on the subscriber's own rows (its users are `u`). */
export const ownRowsOf = (userId: number): SQL => sql`u.id = ${userId}`;
