import type { OperationsKind } from '../operation-rows';

/** Query keys of the operations pages' lists. */
export const operationKeys = {
  all: ['operations'] as const,
  lists: () => [...operationKeys.all, 'list'] as const,
  /** Every location's list of one kind of device. */
  kindLists: (kind: OperationsKind) => [...operationKeys.lists(), kind] as const,
  list: (kind: OperationsKind, groupId: number | null) => [...operationKeys.kindLists(kind), groupId] as const,
};
