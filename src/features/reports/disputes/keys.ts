import type { DisputeStatus } from '@contracts/disputes';

/** Cache keys of the disputes list; a decision invalidates all of them. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: (status: DisputeStatus | null) => ['disputes', 'list', status] as const,
};
