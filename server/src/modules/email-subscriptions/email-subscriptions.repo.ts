import { and, asc, eq } from 'drizzle-orm';
import type { EmailSubscriptionType } from '../../contracts/email-subscriptions';
import type { Database } from '../../db/client';
import { emailSubscriptions } from '../../db/schema';

const columns = { id: emailSubscriptions.id, userId: emailSubscriptions.userId, type: emailSubscriptions.type, schedule: emailSubscriptions.schedule };

/** A user's subscriptions, oldest first. */
export function subscriptionsOf(db: Database, userId: number) {
  return db.select(columns).from(emailSubscriptions).where(eq(emailSubscriptions.userId, userId)).orderBy(asc(emailSubscriptions.id));
}

/** Subscribes a user to a report; subscribing again keeps the one subscription there is. */
export async function subscribe(db: Database, userId: number, type: EmailSubscriptionType) {
  await db.insert(emailSubscriptions).values({ userId, type, schedule: 'WEEKLY' }).onConflictDoNothing();
  const [row] = await db
    .select(columns)
    .from(emailSubscriptions)
    .where(and(eq(emailSubscriptions.userId, userId), eq(emailSubscriptions.type, type)));
  return row;
}

/** Removes one of a user's subscriptions; false when the user has no such subscription. */
export async function unsubscribe(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(emailSubscriptions)
    .where(and(eq(emailSubscriptions.id, id), eq(emailSubscriptions.userId, userId)))
    .returning({ id: emailSubscriptions.id });
  return rows.length > 0;
}
