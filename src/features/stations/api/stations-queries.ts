import { KIOSK_GATEWAY_MODEL_ID, KIOSK_GATEWAY_ROLE, stationEndpoints, type StationAssignmentBody } from '@contracts/stations';
import { userEndpoints } from '@contracts/users';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { nextAfterLastId } from '@/lib/fetch-all-pages';
import { STATION_USERS_FIRST, STATION_USERS_MORE } from '../stations-ui';

export const stationKeys = {
  all: ['stations'] as const,
  kiosks: (groupId: number | null, search: string) => ['stations', 'kiosks', groupId, search] as const,
  nfc: (groupId: number | null) => ['stations', 'nfc', groupId] as const,
  users: (organizationId: number | null, search: string) => ['stations', 'users', organizationId, search] as const,
};

/** The kiosk gateways (model 13, role KIOSK_GATEWAY) of a location with its descendants. */
export function useKioskGateways(groupId: number | null, search: string) {
  return useQuery({
    queryKey: stationKeys.kiosks(groupId, search),
    enabled: groupId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      mainApi.call(stationEndpoints.gateways, {
        query: { groupId: groupId ?? undefined, modelId: KIOSK_GATEWAY_MODEL_ID, roles: KIOSK_GATEWAY_ROLE, search: search || undefined },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** The NFC stations of a location with its descendants. */
export function useNfcStations(groupId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: stationKeys.nfc(groupId),
    enabled: enabled && groupId !== null,
    queryFn: ({ signal }) =>
      mainApi.call(stationEndpoints.nfcStations, { query: { groupIds: groupId ? [groupId] : [] }, signal }),
    select: (answer) => answer.data,
  });
}

/**
 * The Assign tab's users: active users of an accessible organization (without one, of the caller's
 * whole scope), 100 at first and 48 more each time, in id order.
 */
export function useStationUsers(organizationId: number | null, search: string) {
  return useInfiniteQuery({
    queryKey: stationKeys.users(organizationId, search),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      mainApi.call(userEndpoints.list, {
        query: {
          organizationIds: organizationId ?? undefined,
          active: 'true',
          search: search || undefined,
          take: pageParam === undefined ? STATION_USERS_FIRST : STATION_USERS_MORE,
          startingAfter: pageParam,
        },
        signal,
      }),
    getNextPageParam: nextAfterLastId,
  });
}

/** Records what a kiosk wrote to a wristband. */
export function recordStationAssignment(body: StationAssignmentBody) {
  return mainApi.call(stationEndpoints.recordAssignment, { body });
}
