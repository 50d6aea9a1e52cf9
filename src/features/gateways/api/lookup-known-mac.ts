import type { MacLookup } from '@contracts/device-registry';
import type { QueryClient } from '@tanstack/react-query';
import { deviceKeys } from '@/entities/devices/api/keys';
import { lookupMac } from '@/entities/devices/api/lookup-mac';

const LOOKUP_STALE_MS = 30_000;

/** GET /devices/mac/{mac} through the cache: whether the server has a device a scan heard. */
export function fetchKnownMac(queryClient: QueryClient, mac: string): Promise<MacLookup> {
  return queryClient.fetchQuery({ queryKey: deviceKeys.mac(mac), queryFn: ({ signal }) => lookupMac(mac, signal), staleTime: LOOKUP_STALE_MS });
}
