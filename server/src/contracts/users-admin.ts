import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, idField, idParam, textField } from './fields';
import { SITE_ACCESS_STATUSES } from './site-access';

// The Users screen's writes (Add User and Edit User; docs/SCREENS.md 'Users'):
// POST /users, PUT /users/{id}/set-details, PUT /users/{id}/set-active, and PUT /users/{id}/set-scope
// (the organizations and locations a user may see, changed after Add User).

/** The default permissions template, 'Individual User'. */
export const INDIVIDUAL_USER_ROLE_ID = 4;
/** The default profession. */
export const DEFAULT_PROFESSION = 'OTHER';
export const USER_ROLES = ['ADMIN', 'END_USER'] as const;
export type UserRoleKind = (typeof USER_ROLES)[number];

export const USERNAME_RULE_MESSAGE = 'Must be at least 4 characters, no spaces';
export const EMAIL_RULE_MESSAGE = 'Invalid email address';
export const SITE_ACCESS_EMAIL_MESSAGE = 'Granting site access requires an email';
/** The identity provider signs people in by email: a user with site access has their email as user name. */
export const SITE_ACCESS_USERNAME_MESSAGE = 'With site access the username is the email address';

/** The server's create-user failures, which the Add User dialog words for people. */
export const CREATE_USER_ERRORS = {
  userNameTaken: 'User account already exists',
  emailTaken: 'An account with the email already exists.',
} as const;

/** What an email address must look like (else 'Invalid email address'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalText = (max: number) =>
  textField(max)
    .nullish()
    .transform((v) => (v ? v : null));

const emailField = textField(320)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || EMAIL_PATTERN.test(v), EMAIL_RULE_MESSAGE);

const userNameField = textField(128)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || (v.length >= 4 && !/\s/.test(v)), USERNAME_RULE_MESSAGE);

const professionField = textField(64, { min: 1 });

/** POST /users: the add-user payload. */
export const createUserBodySchema = bodyObject({
  /** Optional: the email is the sign-in name without one (or first.last when there is no email). */
  userName: userNameField,
  firstName: textField(100, { min: 1, minMessage: 'First name is required' }),
  lastName: textField(100, { min: 1, minMessage: 'Last name is required' }),
  email: emailField,
  professionId: professionField.default(DEFAULT_PROFESSION),
  organizationId: idField,
  /** Derived by the server (ADMIN when managing organizations); accepted for the payload's shape. */
  role: z.enum(USER_ROLES).optional(),
  roleId: idField.default(INDIVIDUAL_USER_ROLE_ID),
  managedOrganizationIds: z.array(idField).max(500).default([]),
  managedGroupIds: z.array(idField).max(500).default([]),
  clientUserId: optionalText(64),
  clientId: textField(128, { min: 1 }),
  /** Grant site access: create the sign-in account and send the invitation. */
  accessState: z.boolean().default(false),
}).superRefine((body, ctx) => {
  if (body.accessState && !body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: SITE_ACCESS_EMAIL_MESSAGE });
  else if (body.accessState && body.userName && body.userName !== body.email) {
    ctx.addIssue({ code: 'custom', path: ['userName'], message: SITE_ACCESS_USERNAME_MESSAGE });
  }
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const createdUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  /** True when the invitation was sent. */
  invited: z.boolean(),
});
export type CreatedUser = z.infer<typeof createdUserSchema>;

export const userIdParamsSchema = z.object({ id: idParam });

/** PUT /users/{id}/set-details: the fields given change; an empty name is never sent. */
export const setDetailsBodySchema = bodyObject({
  firstName: textField(100, { min: 1 }).optional(),
  lastName: textField(100, { min: 1 }).optional(),
  email: emailField.optional(),
  /** Digits only (the form strips the formatting); empty clears it. */
  phone: z
    .string()
    .regex(/^\d{0,20}$/, 'phone must be digits only')
    .nullish()
    .transform((v) => (v ? v : null))
    .optional(),
  clientUserId: optionalText(64).optional(),
  professionId: professionField.optional(),
});
export type SetDetailsBody = z.input<typeof setDetailsBodySchema>;

export const setDetailsResponseSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  clientUserId: z.string().nullable(),
  professionId: z.string().nullable(),
  /** Set when the email change waits for its owner: the new address the verification link, or the invitation, goes to. */
  emailPendingVerification: z.string().nullable(),
});
export type SetDetailsResponse = z.infer<typeof setDetailsResponseSchema>;

export const setActiveBodySchema = bodyObject({ active: z.boolean() });
export const setActiveResponseSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  /** The wearable taken back on deactivation. */
  unassignedDeviceId: z.number().int().nullable(),
});
export type SetActiveResponse = z.infer<typeof setActiveResponseSchema>;

export const SELF_DEACTIVATION_MESSAGE = 'Cannot deactivate your own account!';

/** Nobody changes a user who manages more than they do or whose template grants what they lack (docs/PERMISSIONS.md). */
export const ABOVE_CALLER_MESSAGE = 'You cannot change an account with more access than yours.';

/**
 * PUT /users/{id}/set-scope: the organizations and locations the user may see, each with
 * everything under it (the Add User fields 'Organization Access' and 'Location Access', changed
 * later from Edit User's Access tab; docs/PERMISSIONS.md 'Scope'). The lists replace the user's.
 */
export const setScopeBodySchema = bodyObject({
  managedOrganizationIds: z.array(idField).max(500),
  managedGroupIds: z.array(idField).max(500),
});
export type SetScopeBody = z.input<typeof setScopeBodySchema>;
export const setScopeResponseSchema = z.object({
  id: z.number().int(),
  managedOrganizationIds: z.array(z.number().int()),
  managedGroupIds: z.array(z.number().int()),
});
export type SetScopeResponse = z.infer<typeof setScopeResponseSchema>;

/** Nobody widens or narrows their own access (docs/PERMISSIONS.md 'Scope'). */
export const SELF_SCOPE_MESSAGE = 'Cannot change your own access!';

/** PUT /users/{id}/site-access (Access Management's Revoke Access and Grant Access; docs/PERMISSIONS.md 'Decisions'). */
export const setSiteAccessBodySchema = bodyObject({ granted: z.boolean() });
export type SetSiteAccessBody = z.input<typeof setSiteAccessBodySchema>;
export const setSiteAccessResponseSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  /** The user's site-access status after the change. */
  status: z.enum(SITE_ACCESS_STATUSES),
  /** The wearable taken back on revocation (a revoked user is deactivated). */
  unassignedDeviceId: z.number().int().nullable(),
});
export type SetSiteAccessResponse = z.infer<typeof setSiteAccessResponseSchema>;

/** Nobody grants themself site access (a user cannot act on themselves in access management). */
export const SELF_GRANT_MESSAGE = 'Cannot change your own site access!';
/** Revoke and Grant act on the user's own sign-in account; a user without one is invited instead. */
export const NO_SIGN_IN_ACCOUNT_MESSAGE = 'This user has no sign-in account';

export const userAdminEndpoints = {
  create: endpoint({ method: 'POST', path: '/users', body: createUserBodySchema, response: createdUserSchema, status: 201 }),
  setDetails: endpoint({
    method: 'PUT',
    path: '/users/:id/set-details',
    params: userIdParamsSchema,
    body: setDetailsBodySchema,
    response: setDetailsResponseSchema,
  }),
  setActive: endpoint({
    method: 'PUT',
    path: '/users/:id/set-active',
    params: userIdParamsSchema,
    body: setActiveBodySchema,
    response: setActiveResponseSchema,
  }),
  setScope: endpoint({
    method: 'PUT',
    path: '/users/:id/set-scope',
    params: userIdParamsSchema,
    body: setScopeBodySchema,
    response: setScopeResponseSchema,
  }),
  setSiteAccess: endpoint({
    method: 'PUT',
    path: '/users/:id/site-access',
    params: userIdParamsSchema,
    body: setSiteAccessBodySchema,
    response: setSiteAccessResponseSchema,
  }),
};
