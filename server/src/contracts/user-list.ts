import { z } from 'zod';
import { countParam, flagParam, idListParam, idParam, searchField, textField, trimSpaces } from './fields';
import { wearableTypeSchema } from './wearables';

// The user list of GET /users: the assign dialogs, the Users page and the pickers that name people
// (docs/SCREENS.md 'Users').

const id = idParam;
const flag = flagParam;
const search = searchField(200);

export const USERS_DEFAULT_TAKE = 20;
export const USERS_MAX_TAKE = 500;

/** What GET /users may add to each row; device is always there. */
export const USER_LIST_EXPANSIONS = ['cognito', 'managedOrganizations', 'managedGroups', 'device'] as const;
export type UserListExpansion = (typeof USER_LIST_EXPANSIONS)[number];
const userListExpandParam = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).map((v) => (typeof v === 'string' ? trimSpaces(v) : v));
}, z.array(z.enum(USER_LIST_EXPANSIONS, `expand takes ${USER_LIST_EXPANSIONS.join(', ')}`)).max(8));

export const userListQuerySchema = z.object({
  /** Organizations (with their descendants) whose users are listed; every user in scope without. */
  organizationIds: idListParam,
  /** A location with its descendants: users whose home location is in it. */
  groupId: id.optional(),
  /** Words matched (case-insensitive, each somewhere) against userName, firstName, lastName, email and clientUserId. */
  search,
  active: flag.optional(),
  /** true: only users without a current wearable. */
  unassigned: flag.optional(),
  take: countParam(1, USERS_MAX_TAKE).default(USERS_DEFAULT_TAKE),
  /** The last id of the previous page (users come in id order). */
  startingAfter: id.optional(),
  /** Only users of this profession (its code, e.g. NURSE). */
  professionId: textField(64).optional(),
  /** What each row also carries: USER_LIST_EXPANSIONS, comma-separated or repeated. */
  expand: userListExpandParam,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const assignedDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  type: wearableTypeSchema,
  /** The check-in code. */
  code: z.string().nullable(),
});

export const userListRowSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  clientUserId: z.string().nullable(),
  professionId: z.string().nullable(),
  organizationId: z.number().int(),
  groupId: z.number().int().nullable(),
  active: z.boolean(),
  /** The wearable the user holds now. */
  device: assignedDeviceSchema.nullable(),
  nfcTag: z.object({ id: z.number().int(), nfcId: z.string() }).nullable(),
  email: z.string().nullable(),
  /** A new address waiting for its owner to prove it (the invitation or the verification link went to it); null: none. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  picture: z.string().nullable(),
  /** The permissions template. */
  roleId: z.number().int(),
  roleName: z.string(),
  createdAt: z.string(),
  /** When the user last signed in to the console; null: never (or not since this was kept). */
  lastLogin: z.string().nullable(),
  /**
   * Whether the caller may change this user's account: false for a user above them (who manages
   * more, or whose template grants what the caller lacks; docs/PERMISSIONS.md 'Acting on another user').
   */
  changeable: z.boolean(),
  /** With expand=cognito: the sign-in account (null: none). */
  cognito: z.object({ status: z.string(), enabled: z.boolean() }).nullable().optional(),
  /** With expand=managedOrganizations / managedGroups. */
  managedOrganizations: z.array(z.object({ organizationId: z.number().int(), active: z.boolean() })).optional(),
  managedGroups: z.array(z.object({ groupId: z.number().int(), active: z.boolean() })).optional(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

export const userListSchema = z.object({
  data: z.array(userListRowSchema),
  /** How many users match the query, over every page. */
  totalCount: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;
