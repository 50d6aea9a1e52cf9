import { z } from 'zod';
import { endpoint } from './endpoint';
import { textField } from './fields';
import { currentUserSchema, groupSchema, organizationSchema, professionSchema, userSummarySchema } from './entities';

export const LOGIN_TYPES = ['WEB_APP'] as const;

/** GET /bootstrap query. */
export const bootstrapQuerySchema = z.object({
  username: textField(320, { min: 1 }),
  loginType: z.enum(LOGIN_TYPES),
});
export type BootstrapQuery = z.infer<typeof bootstrapQuerySchema>;

export const enumsSchema = z.object({
  professions: z.array(professionSchema),
  deviceTypes: z.array(z.string()),
  organizationTypes: z.array(z.string()),
  groupTypes: z.array(z.string()),
  accountTypes: z.array(z.string()),
  timeZones: z.array(z.object({ value: z.string(), label: z.string() })),
  emailSubscriptionTypes: z.array(z.string()),
});
export type Enums = z.infer<typeof enumsSchema>;

/** GET /bootstrap answer: everything the shell needs after sign-in. */
export const bootstrapResponseSchema = z.object({
  user: currentUserSchema,
  organizations: z.array(organizationSchema),
  users: z.array(userSummarySchema),
  groups: z.array(groupSchema),
  enums: enumsSchema,
});
export type BootstrapResponse = z.infer<typeof bootstrapResponseSchema>;

/** GET /bootstrap: the signed-in user's session data. */
export const bootstrapEndpoints = {
  get: endpoint({ method: 'GET', path: '/bootstrap', query: bootstrapQuerySchema, response: bootstrapResponseSchema }),
};
