import { SCHEDULE_CRON, type EmailSubscription, type EmailSubscriptionType, type StoredSchedule } from '../../contracts/email-subscriptions';
import { HttpError } from '../../core/http-error';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { userInScope, userToChange } from '../users';
import { subscribe, subscriptionsOf, unsubscribe } from './email-subscriptions.repo';

const withSchedule = (row: { id: number; userId: number; type: EmailSubscriptionType; schedule: StoredSchedule }): EmailSubscription => ({
  ...row,
  schedule: SCHEDULE_CRON[row.schedule],
});

/** A user's compliance-report emails (docs/EMAILS.md): read, added and removed by a manager of the user's scope. */
export function createEmailSubscriptionsService(db: Database) {
  // Outside the scope answers 404 as if the user did not exist; a change also needs the user not above the caller.
  const target = async (caller: Caller, userId: number) => userInScope(db, await caller.scope(), userId);
  const changeable = async (caller: Caller, userId: number) => userToChange(db, caller, await caller.scope(), userId);

  return {
    async list(caller: Caller, userId: number): Promise<EmailSubscription[]> {
      await target(caller, userId);
      return (await subscriptionsOf(db, userId)).map(withSchedule);
    },

    async add(caller: Caller, userId: number, body: { userId: number; type: EmailSubscriptionType }): Promise<EmailSubscription> {
      if (body.userId !== userId) throw new HttpError(400, 'userId must be the id in the path');
      await changeable(caller, userId);
      const row = await subscribe(db, userId, body.type);
      if (!row) throw new HttpError(404, 'User not found');
      return withSchedule(row);
    },

    async remove(caller: Caller, userId: number, id: number): Promise<{ id: number }> {
      await changeable(caller, userId);
      if (!(await unsubscribe(db, userId, id))) throw new HttpError(404, 'Email subscription not found');
      return { id };
    },
  };
}
