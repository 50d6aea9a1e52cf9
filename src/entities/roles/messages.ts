// The permission templates' words, word for word (docs/SCREENS.md 'Permission templates').

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

/** How long the assignment stays on screen after it succeeded. */
export const ASSIGN_CLOSE_MS = 2_000;
/** Rows of the permission tables. */
export const PERMISSION_PAGE_SIZE = 12;
/** Rows of tables inside dialogs. */
export const DIALOG_PAGE_SIZE = 5;
