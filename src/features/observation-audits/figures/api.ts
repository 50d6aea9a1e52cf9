import { auditEndpoints } from '@contracts/observation-audits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { auditKeys } from '../api/keys';

/** Cache keys of the figures: under the audits' root, so a sent record refreshes them too. */
export const figureKeys = {
  validation: (groupId: number, month: string) => [...auditKeys.all, 'validation', groupId, month] as const,
  leapfrog: (groupId: number, month: string, option: '1' | '2') => [...auditKeys.all, 'leapfrog', groupId, month, option] as const,
};

export const validationQueryOptions = (groupId: number, month: string) =>
  queryOptions({
    queryKey: figureKeys.validation(groupId, month),
    queryFn: ({ signal }) => mainApi.call(auditEndpoints.validation, { query: { groupId, month }, signal }),
    placeholderData: keepPreviousData,
  });

export const leapfrogQueryOptions = (groupId: number, month: string, option: '1' | '2') =>
  queryOptions({
    queryKey: figureKeys.leapfrog(groupId, month, option),
    queryFn: ({ signal }) => mainApi.call(auditEndpoints.leapfrog, { query: { groupId, month, option }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /audits/validation: each unit's validation and Hawthorne gap of a month; nothing without a location. */
export function useValidation(groupId: number | null, month: string) {
  return useQuery({ ...validationQueryOptions(groupId ?? 0, month), enabled: groupId !== null });
}

/** GET /audits/leapfrog: each unit's Leapfrog readiness of a month, and the hospital's. */
export function useLeapfrog(groupId: number | null, month: string, option: '1' | '2') {
  return useQuery({ ...leapfrogQueryOptions(groupId ?? 0, month, option), enabled: groupId !== null });
}
