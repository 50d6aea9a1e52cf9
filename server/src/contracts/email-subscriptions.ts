import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, idField, idParam } from './fields';

// A user's compliance-report emails (GET, POST and DELETE /users/{id}/emails; docs/EMAILS.md).

/** The reports a user can subscribe to (the same values as the database's). */
export const EMAIL_SUBSCRIPTION_TYPES = ['FACILITY_COMPLIANCE_REPORT', 'DEPARTMENT_COMPLIANCE_REPORT', 'USER_COMPLIANCE_REPORT'] as const;
export const emailSubscriptionTypeSchema = z.enum(EMAIL_SUBSCRIPTION_TYPES);
export type EmailSubscriptionType = z.infer<typeof emailSubscriptionTypeSchema>;

/**
 * The one schedule there is (weekly, Mondays 12:30; docs/EMAILS.md 'Schedule'), as a cron string: minute 30, hour 12,
 * Mondays. The time is read in the subscriber's time zone (their home location's, else US/Eastern).
 */
export const WEEKLY_SCHEDULE = '30 12 * * 1';
/**
 * The cron string of each stored schedule. New subscriptions are weekly; the daily and monthly
 * ones are older subscriptions the database still holds (at 12:30 too; monthly on the 1st).
 */
export const SCHEDULE_CRON = { DAILY: '30 12 * * *', WEEKLY: WEEKLY_SCHEDULE, MONTHLY: '30 12 1 * *' } as const;
export type StoredSchedule = keyof typeof SCHEDULE_CRON;

/** The time zone of a subscriber without a home location. */
export const DEFAULT_REPORT_TIME_ZONE = 'US/Eastern';

export const EMAIL_SUBSCRIPTION_LABELS: Record<EmailSubscriptionType, string> = {
  FACILITY_COMPLIANCE_REPORT: 'Facility report',
  DEPARTMENT_COMPLIANCE_REPORT: 'Department report',
  USER_COMPLIANCE_REPORT: 'Individual report',
};

export const emailSubscriptionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: emailSubscriptionTypeSchema,
  schedule: z.string(),
});
export type EmailSubscription = z.infer<typeof emailSubscriptionSchema>;

const userParams = z.object({ id: idParam });

export const emailSubscriptionBodySchema = bodyObject({
  userId: idField,
  type: emailSubscriptionTypeSchema,
  schedule: z.literal(WEEKLY_SCHEDULE, `schedule must be '${WEEKLY_SCHEDULE}' (weekly, Mondays 12:30)`),
});

export const emailSubscriptionEndpoints = {
  list: endpoint({ method: 'GET', path: '/users/:id/emails', params: userParams, response: z.array(emailSubscriptionSchema) }),
  add: endpoint({ method: 'POST', path: '/users/:id/emails', params: userParams, body: emailSubscriptionBodySchema, response: emailSubscriptionSchema }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/:id/emails',
    params: userParams,
    query: z.object({ id: idParam }),
    response: z.object({ id: z.number().int() }),
  }),
};
