/** Cache keys of users' compliance-report subscriptions. */
export const emailSubscriptionKeys = {
  all: ['email-subscriptions'] as const,
  ofUser: (userId: number) => [...emailSubscriptionKeys.all, userId] as const,
};
