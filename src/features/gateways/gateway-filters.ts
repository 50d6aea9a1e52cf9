import type { Gateway } from '@contracts/gateways';
import { inHeartbeatBucket, isRecent, type HeartbeatBucket } from './gateway-health';

// The Gateways page's filters on the list it has (docs/SCREENS.md 'Gateways'): Type (Station or Non-Station), Last
// Heartbeat, the search (name, MAC with or without colons, model, location), and the Recent view.

export type GatewayType = 'all' | 'station' | 'non-station';
export const GATEWAY_TYPE_OPTIONS: { value: GatewayType; label: string }[] = [
  { value: 'all', label: 'All types' },
  { value: 'station', label: 'Station' },
  { value: 'non-station', label: 'Non-Station' },
];

export interface GatewayFilters {
  type: GatewayType;
  heartbeat: HeartbeatBucket | null;
  search: string;
  recentOnly: boolean;
}

const textOf = (g: Gateway) => `${g.name} ${g.mac} ${g.mac.replace(/:/g, '')} ${g.modelName} ${g.groupName}`.toLowerCase();

export function filterGateways(gateways: readonly Gateway[], filters: GatewayFilters, now: number): Gateway[] {
  const words = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
  return gateways.filter(
    (g) =>
      (filters.type === 'all' || g.station === (filters.type === 'station')) &&
      (filters.heartbeat === null || inHeartbeatBucket(g.lastHeartbeat, filters.heartbeat, now)) &&
      (!filters.recentOnly || isRecent(g.createdAt, now)) &&
      words.every((w) => textOf(g).includes(w)),
  );
}

/** A gateway whose software lags its model's latest in some package. */
export const isOutdated = (g: Pick<Gateway, 'software'>) => g.software.some((p) => p.outdated);

/** A software job still running on the gateway (PENDING or STARTED show as loading). */
export const isUpdating = (g: Pick<Gateway, 'updateStatus'>) => g.updateStatus?.status === 'PENDING' || g.updateStatus?.status === 'STARTED';
