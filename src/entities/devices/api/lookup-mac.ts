import { deviceRegistryEndpoints, type MacLookup } from '@contracts/device-registry';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { deviceKeys } from './keys';

/** GET /devices/mac/{mac}: whether a device has this MAC, and where when it is in the caller's scope. */
export function lookupMac(mac: string, signal?: AbortSignal): Promise<MacLookup> {
  return mainApi.call(deviceRegistryEndpoints.byMac, { params: { mac }, signal });
}

/** The lookup of a complete MAC as a form types it (nothing is asked while `mac` is null). */
export function useMacLookup(mac: string | null) {
  return useQuery({
    queryKey: deviceKeys.mac(mac ?? ''),
    queryFn: ({ signal }) => lookupMac(mac ?? '', signal),
    enabled: mac !== null,
    staleTime: 30_000,
    gcTime: 60_000,
  });
}
