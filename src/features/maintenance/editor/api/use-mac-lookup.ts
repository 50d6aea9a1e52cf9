import { useQuery } from '@tanstack/react-query';
import { lookupMac } from '@/entities/devices/api/lookup-mac';
import { deviceFormKeys } from './device-form-keys';

/** GET /devices/mac/{mac} for a complete MAC (nothing is asked while `mac` is null). */
export function useMacLookup(mac: string | null) {
  return useQuery({
    queryKey: deviceFormKeys.mac(mac ?? ''),
    queryFn: ({ signal }) => lookupMac(mac ?? '', signal),
    enabled: mac !== null,
    staleTime: 30_000,
    gcTime: 60_000,
  });
}
