/** Cache keys of the badge screens; a sent edit refreshes the lists and histories. */
export const badgeKeys = {
  all: ['badges'] as const,
  lists: () => ['badges', 'list'] as const,
  list: (groupId: number | null) => ['badges', 'list', groupId] as const,
};
