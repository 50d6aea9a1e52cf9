import { type MacLookup, wearableEndpoints } from '@contracts/wearables-admin';
import { mainApi } from '@/lib/api-client';

/** GET /devices/mac/{mac}: whether a device has this MAC, and where when it is in the caller's scope. */
export function lookupMac(mac: string, signal?: AbortSignal): Promise<MacLookup> {
  return mainApi.call(wearableEndpoints.byMac, { params: { mac }, signal });
}
