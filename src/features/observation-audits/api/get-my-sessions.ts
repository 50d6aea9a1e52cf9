import { auditEndpoints, type ObservationSession } from '@contracts/observation-audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { auditKeys } from './keys';

/** GET /audits/sessions?mine=true: the caller's own sessions on a unit in a month of its clock, newest first. */
export async function getMySessions(groupId: number, month: string, signal?: AbortSignal): Promise<ObservationSession[]> {
  return (await mainApi.call(auditEndpoints.sessions, { query: { groupId, month, mine: 'true' }, signal })).data;
}

export const mySessionsQueryOptions = (groupId: number, month: string) =>
  queryOptions({
    queryKey: auditKeys.mySessions(groupId, month),
    queryFn: ({ signal }) => getMySessions(groupId, month, signal),
  });

/** The caller's sessions of `groupId`'s `month`; nothing is asked without a unit. */
export function useMySessions(groupId: number | null, month: string) {
  return useQuery({ ...mySessionsQueryOptions(groupId ?? 0, month), enabled: groupId !== null });
}
