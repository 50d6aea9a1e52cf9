import { privacyEndpoints, type PrivacyDescription } from '@contracts/privacy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { KEEP_ON_DEVICE } from '@/lib/query-client';
import { privacyDescriptionKeys } from './keys';

/** GET /privacy/description: what an organization collects, keeps and shows to whom, from its live configuration. */
export function getPrivacyDescription(organizationId: number, signal?: AbortSignal): Promise<PrivacyDescription> {
  return mainApi.call(privacyEndpoints.description, { query: { organizationId }, signal });
}

/**
 * The description of one organization. It states the configuration as it is now, for a document
 * someone signs, so it is read afresh whenever the page opens and never left on the device
 * (docs/PRIVACY.md 'The description for the works council').
 */
export const privacyDescriptionQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: privacyDescriptionKeys.of(organizationId),
    queryFn: ({ signal }) => getPrivacyDescription(organizationId, signal),
    staleTime: 0,
    meta: { [KEEP_ON_DEVICE]: false },
  });

export function usePrivacyDescription(organizationId: number | null) {
  return useQuery({ ...privacyDescriptionQueryOptions(organizationId ?? 0), enabled: organizationId !== null });
}
