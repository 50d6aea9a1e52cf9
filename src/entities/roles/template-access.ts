import type { Role } from '@contracts/entities';
import type { PermissionSubject } from '@contracts/permissions';
import { isDefaultTemplate, LOCKED_TEMPLATE_ID } from '@contracts/roles';
import { grantedSubjects } from '@/lib/permissions';

/**
 * What the signed-in user may do with permission templates (docs/SCREENS.md 'Permission templates';
 * the server checks the same).
 */
export interface TemplateAccess {
  /** The Permissions Template menu and the Permissions tab: ROLE together with template id 1. */
  canManage: boolean;
  /** Changing a user's template: USER_PERMISSION_TEMPLATE. */
  canAssign: boolean;
  /** The subjects they may grant: those they hold. */
  held: ReadonlySet<PermissionSubject>;
}

export function templateAccessOf(role: Role): TemplateAccess {
  const held = grantedSubjects(role);
  return { canManage: role.id === LOCKED_TEMPLATE_ID && held.has('ROLE'), canAssign: held.has('USER_PERMISSION_TEMPLATE'), held };
}

/** Whether the signed-in user may save edits to a template (id 1 is locked; defaults are for provider employees). */
export function isEditable(template: Pick<Role, 'id'>, isEmployee: boolean): boolean {
  if (template.id === LOCKED_TEMPLATE_ID) return false;
  return !isDefaultTemplate(template.id) || isEmployee;
}
