import { iotEndpoints, type JobExecution } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { iotKeys } from './keys';

/** GET /iot/things/{id}/jobs/executions: a device's job executions, newest first. */
export async function getThingExecutions(thingId: number, signal?: AbortSignal): Promise<JobExecution[]> {
  return (await mainApi.call(iotEndpoints.thingExecutions, { params: { id: thingId }, signal })).data;
}

export const thingExecutionsQueryOptions = (thingId: number) =>
  queryOptions({ queryKey: iotKeys.thingExecutions(thingId), queryFn: ({ signal }) => getThingExecutions(thingId, signal), staleTime: 10_000 });

export function useThingExecutions(thingId: number | null) {
  return useQuery({ ...thingExecutionsQueryOptions(thingId ?? 0), enabled: thingId !== null });
}
