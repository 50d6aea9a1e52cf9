/** Cache keys of permission templates; a save invalidates `all`. */
export const roleKeys = {
  all: ['roles'] as const,
  list: (organizationId: number) => [...roleKeys.all, 'list', organizationId] as const,
  catalog: () => [...roleKeys.all, 'catalog'] as const,
};
