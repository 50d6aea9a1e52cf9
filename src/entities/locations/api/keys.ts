/** Cache keys of the location tree; a saved location invalidates them. */
export const locationKeys = {
  all: ['locations'] as const,
  tree: () => ['locations', 'tree'] as const,
};
