import type { UnresponsiveQuery } from '@contracts/unresponsive-devices';

/** Cache keys of the Unresponsive Devices page. */
export const unresponsiveKeys = {
  all: ['unresponsive-devices'] as const,
  list: (query: UnresponsiveQuery) => ['unresponsive-devices', 'list', query] as const,
};
