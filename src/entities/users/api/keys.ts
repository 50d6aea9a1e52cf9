// The entity tier: data several features share, one endpoint a file, so each feature reads and
// refreshes the same cache entries. Entities build on src/lib, src/components, src/offline and the
// contracts only, never on a feature, the app or the routes.

/** Cache keys of user lists; an assignment invalidates all of them. */
export const userKeys = {
  all: ['users'] as const,
  scope: (groupId: number | null) => [...userKeys.all, 'scope', groupId] as const,
};
