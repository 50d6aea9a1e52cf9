import { auditEndpoints, type ObservationSession } from '@contracts/observation-audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { auditKeys, type SessionsOf } from './keys';

/**
 * GET /audits/sessions: a unit's sessions in a month of its clock, newest first: the caller's own
 * ('mine', mine=true) or every observer's the caller may see ('all').
 */
export async function getSessions(groupId: number, month: string, of: SessionsOf, signal?: AbortSignal): Promise<ObservationSession[]> {
  return (await mainApi.call(auditEndpoints.sessions, { query: { groupId, month, ...(of === 'mine' ? { mine: 'true' } : {}) }, signal })).data;
}

export const sessionsQueryOptions = (groupId: number, month: string, of: SessionsOf) =>
  queryOptions({
    queryKey: auditKeys.sessions(groupId, month, of),
    queryFn: ({ signal }) => getSessions(groupId, month, of, signal),
  });

/** The sessions of `groupId`'s `month`; nothing is asked without a unit. */
export function useSessions(groupId: number | null, month: string, of: SessionsOf) {
  return useQuery({ ...sessionsQueryOptions(groupId ?? 0, month, of), enabled: groupId !== null });
}
