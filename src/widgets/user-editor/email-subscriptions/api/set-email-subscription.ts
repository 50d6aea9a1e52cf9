import { emailSubscriptionEndpoints, WEEKLY_SCHEDULE, type EmailSubscription, type EmailSubscriptionType } from '@contracts/email-subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { emailSubscriptionKeys } from './keys';

/** POST /users/{id}/emails: subscribes the user to a report, weekly (Mondays 12:30). */
export function addEmailSubscription(userId: number, type: EmailSubscriptionType): Promise<EmailSubscription> {
  return mainApi.call(emailSubscriptionEndpoints.add, { params: { id: userId }, body: { userId, type, schedule: WEEKLY_SCHEDULE } });
}

/** DELETE /users/{id}/emails?id={id}: ends one of the user's subscriptions. */
export function removeEmailSubscription(userId: number, id: number): Promise<{ id: number }> {
  return mainApi.call(emailSubscriptionEndpoints.remove, { params: { id: userId }, query: { id } });
}

/** A change of one report: subscribe, or end the given subscription. */
export type SubscriptionChange = { type: EmailSubscriptionType; subscribe: true } | { type: EmailSubscriptionType; subscribe: false; id: number };

export function useSetEmailSubscription(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...emailSubscriptionKeys.ofUser(userId), 'set'] as const,
    mutationFn: (change: SubscriptionChange) => (change.subscribe ? addEmailSubscription(userId, change.type) : removeEmailSubscription(userId, change.id)),
    // A failed email-preference save is only logged.
    onError: (error) => console.error('Could not save the email preference', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailSubscriptionKeys.ofUser(userId) }),
  });
}
