import type { OperationsKind } from '../operation-rows';

/** Query keys of the operations pages' lists. */
export const operationKeys = {
  all: ['operations'] as const,
  lists: () => [...operationKeys.all, 'list'] as const,
  list: (kind: OperationsKind, groupId: number | null) => [...operationKeys.lists(), kind, groupId] as const,
};
