/** Cache keys of the Gateways page. */
export const gatewayKeys = {
  all: ['gateways'] as const,
  lists: () => ['gateways', 'list'] as const,
  list: (groupId: number) => ['gateways', 'list', groupId] as const,
  stats: (gatewayId: number) => ['gateways', 'stats', gatewayId] as const,
};
