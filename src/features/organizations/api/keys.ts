/** Cache keys of the organization tree; a saved organization invalidates them. */
export const organizationKeys = {
  all: ['organizations'] as const,
  tree: () => ['organizations', 'tree'] as const,
};
