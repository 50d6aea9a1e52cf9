import { emailSubscriptionEndpoints, type EmailSubscription } from '@contracts/email-subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { emailSubscriptionKeys } from './keys';

/** GET /users/{id}/emails: the user's compliance-report subscriptions. */
export function getEmailSubscriptions(userId: number, signal?: AbortSignal): Promise<EmailSubscription[]> {
  return mainApi.call(emailSubscriptionEndpoints.list, { params: { id: userId }, signal });
}

export const emailSubscriptionsQuery = (userId: number) =>
  queryOptions({ queryKey: emailSubscriptionKeys.ofUser(userId), queryFn: ({ signal }) => getEmailSubscriptions(userId, signal) });

export function useEmailSubscriptions(userId: number, enabled = true) {
  return useQuery({ ...emailSubscriptionsQuery(userId), enabled });
}
