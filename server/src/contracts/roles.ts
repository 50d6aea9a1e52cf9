import { z } from 'zod';
import { endpoint } from './endpoint';
import { permissionSchema, roleSchema } from './entities';
import { bodyObject, idField, idParam, multiLineTextField, textField } from './fields';
import { PERMISSION_SUBJECTS, permissionSubjectSchema } from './permissions';

// Permission templates (docs/SCREENS.md 'Permission templates'):
// the templates an organization may give its users, the catalog of permissions they are made of,
// and giving one to a user. docs/PERMISSIONS.md 'Decisions' says who may do what.

/** Templates with an id up to this are the defaults shared by every organization (docs/PERMISSIONS.md 'Decisions'). */
export const DEFAULT_TEMPLATE_MAX_ID = 4;
/** The Administrator template: locked, nobody edits it. */
export const LOCKED_TEMPLATE_ID = 1;
/** Users per assignment batch. */
export const TEMPLATE_ASSIGN_BATCH = 25;

/** Whether a template is one of the defaults every organization shares. */
export const isDefaultTemplate = (id: number) => id <= DEFAULT_TEMPLATE_MAX_ID;

export const ROLE_MESSAGES = {
  notFound: 'Permission template not found',
  locked: 'The Administrator template is locked',
  defaultsForEmployees: 'Only provider employees may edit the default templates',
  templateOneOnly: 'Only holders of the Administrator template manage permission templates',
  notHeld: (subjects: readonly string[]) => `You cannot grant permissions you do not hold: ${subjects.join(', ')}`,
  notAssignable: "This template is not available to the user's organization",
  userNotFound: 'User not found',
  organizationNotFound: 'Organization not found',
} as const;

/** The section a permission is shown under in the permission tables. */
export const PERMISSION_GROUPS = ['Reports', 'Accounts', 'Devices', 'Features'] as const;
export const permissionGroupSchema = z.enum(PERMISSION_GROUPS);
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

/** GET /users/permissions: every permission a template may hold, with its section. */
export const catalogPermissionSchema = permissionSchema.extend({ group: permissionGroupSchema });
export type CatalogPermission = z.infer<typeof catalogPermissionSchema>;
export const permissionCatalogSchema = z.object({ data: z.array(catalogPermissionSchema) });

/** GET /roles?orgId={id}: the organization's templates (or its nearest ancestor's) and the defaults. */
export const roleListQuerySchema = z.object({ orgId: idParam });
export const roleListSchema = z.object({ data: z.array(roleSchema) });
export type RoleList = z.infer<typeof roleListSchema>;

export const roleParamsSchema = z.object({ id: idParam });

const nameField = textField(80, { min: 1, minMessage: 'A template needs a name' });
const descriptionField = multiLineTextField(500).nullable();
/** The subjects a template holds: each once, at most the whole catalog. */
const subjectsField = z
  .array(permissionSubjectSchema)
  .max(PERMISSION_SUBJECTS.length, `at most ${PERMISSION_SUBJECTS.length} permissions`)
  .transform((subjects) => [...new Set(subjects)]);

/** POST /roles: a custom template owned by an organization (`owner` is its id). */
export const createRoleBodySchema = bodyObject({
  name: nameField,
  description: descriptionField.optional(),
  owner: idField,
  permissions: subjectsField,
});
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

/** PATCH /roles/{id}: what is sent changes; what is left out stays. */
export const updateRoleBodySchema = bodyObject({
  name: nameField.optional(),
  description: descriptionField.optional(),
  permissions: subjectsField.optional(),
});
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;

/** PATCH /users/{id}: gives the user another template. */
export const assignRoleParamsSchema = z.object({ id: idParam });
export const assignRoleBodySchema = bodyObject({ roleId: idField });
export type AssignRoleBody = z.input<typeof assignRoleBodySchema>;
export const assignRoleResponseSchema = z.object({ id: z.number().int(), role: roleSchema });
export type AssignRoleResponse = z.infer<typeof assignRoleResponseSchema>;

export const roleEndpoints = {
  list: endpoint({ method: 'GET', path: '/roles', query: roleListQuerySchema, response: roleListSchema }),
  get: endpoint({ method: 'GET', path: '/roles/:id', params: roleParamsSchema, response: roleSchema }),
  create: endpoint({ method: 'POST', path: '/roles', body: createRoleBodySchema, response: roleSchema, status: 201 }),
  update: endpoint({ method: 'PATCH', path: '/roles/:id', params: roleParamsSchema, body: updateRoleBodySchema, response: roleSchema }),
  permissions: endpoint({ method: 'GET', path: '/users/permissions', response: permissionCatalogSchema }),
  assign: endpoint({ method: 'PATCH', path: '/users/:id', params: assignRoleParamsSchema, body: assignRoleBodySchema, response: assignRoleResponseSchema }),
};
