import { dispenserEndpoints } from '@contracts/reports/dispensers';
import { pathEndpoints, type AddPathBody, type Path, type RemovePathBody } from '@contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';

/** Cache keys of the Path Builder; a sent path edit invalidates its location's paths. */
export const pathKeys = {
  all: ['paths'] as const,
  list: (groupId: number) => ['paths', 'list', groupId] as const,
  devices: (groupId: number) => ['paths', 'devices', groupId] as const,
};

/** GET devices/paths: a location's paths, oldest first. */
export function usePaths(groupId: number | null) {
  return useQuery({
    queryKey: pathKeys.list(groupId ?? 0),
    enabled: groupId !== null,
    queryFn: ({ signal }) => mainApi.call(pathEndpoints.list, { query: { groupId: groupId ?? 0 }, signal }),
  });
}

/** GET devices/group with types BEACON and DISPENSER: what the paths run between, shown on the plan. */
export function usePlanDevices(groupId: number | null) {
  return useQuery({
    queryKey: pathKeys.devices(groupId ?? 0),
    enabled: groupId !== null,
    queryFn: ({ signal }) => mainApi.call(dispenserEndpoints.groupDevices, { query: { groupId: groupId ?? 0, types: ['BEACON', 'DISPENSER'] }, signal }),
    select: (devices) => devices.filter((d) => d.x !== null && d.y !== null),
  });
}

/** POST groups/{id}/add-path, once: the path's client id (and the outbox's idempotency key) make a replay a no-op. */
export function addPath(groupId: number, body: AddPathBody, idempotencyKey: string): Promise<Path> {
  return mainApi.call(pathEndpoints.add, { params: { groupId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** DELETE groups/{id}/remove-path by the path's id or client id. */
export function removePath(groupId: number, body: RemovePathBody, idempotencyKey: string): Promise<{ removed: boolean }> {
  return mainApi.call(pathEndpoints.remove, { params: { groupId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}
