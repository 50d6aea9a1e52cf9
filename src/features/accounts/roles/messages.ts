// The spec's words for permission templates (03 §6, §8), word for word.

export const ROLE_TEXT = {
  defaultWarning:
    'Warning - this is a default template. Updating this template will affect all users assigned to it across all organizations.',
  created: 'Role template successfully created',
  updated: 'Role template successfully updated',
  assigned: 'Role successfully assigned',
  editError: 'Error editing role template',
  assignError: 'Error assigning role',
  usersAssigned: (n: number) => `${n} user(s) assigned successfully!`,
  usersPartlyAssigned: (n: number) => `${n} user(s) assigned!`,
} as const;

/** How long the assignment stays on screen after it succeeded (03 §9 'Role assign dialog close'). */
export const ASSIGN_CLOSE_MS = 2_000;
/** Rows of the permission tables (03 §9). */
export const PERMISSION_PAGE_SIZE = 12;
/** Rows of tables inside dialogs (03 §9). */
export const DIALOG_PAGE_SIZE = 5;
