import { trustEndpoints } from '@contracts/reports/trust';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { reportKeys } from '../../shared/api/report-query';

export interface LocationTrustQuery {
  groupId: number;
  startDate: string;
  endDate: string;
}

/** GET /trust/locations/:groupId: a location's days with their inputs and the devices behind every Medium and Low. */
export function locationTrustQueryOptions({ groupId, startDate, endDate }: LocationTrustQuery) {
  return queryOptions({
    // Under the reports' root: kept on the device like the other report answers.
    queryKey: reportKeys.call(trustEndpoints.location, { groupId, startDate, endDate }),
    queryFn: ({ signal }) => mainApi.call(trustEndpoints.location, { params: { groupId }, query: { startDate, endDate }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLocationTrust(query: LocationTrustQuery | null) {
  return useQuery({ ...locationTrustQueryOptions(query ?? { groupId: 0, startDate: '', endDate: '' }), enabled: query !== null });
}
