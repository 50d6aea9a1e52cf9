import { auditEndpoints, type AuditUnit } from '@contracts/observation-audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { auditKeys } from './keys';

/** GET /audits/units: the units the caller may audit, each with its rooms, staff, professions and clock. */
export async function getAuditUnits(signal?: AbortSignal): Promise<AuditUnit[]> {
  return (await mainApi.call(auditEndpoints.units, { signal })).data;
}

/**
 * The units, kept with the rest of the session cache (src/lib/query-client.ts) so an observer who
 * opened the page once can start a session on a ward without signal.
 */
export const auditUnitsQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.units(),
    queryFn: ({ signal }) => getAuditUnits(signal),
  });

export function useAuditUnits() {
  return useQuery(auditUnitsQueryOptions());
}
