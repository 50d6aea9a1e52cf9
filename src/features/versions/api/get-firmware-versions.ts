import { firmwareEndpoints, type FirmwareVersion } from '@contracts/firmware';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { versionKeys } from './keys';

/** GET /firmware/versions?modelId=: the model's firmware versions, newest first. */
export function getFirmwareVersions(modelId: number, signal?: AbortSignal): Promise<FirmwareVersion[]> {
  return mainApi.call(firmwareEndpoints.versions, { query: { modelId }, signal });
}

export const firmwareVersionsQueryOptions = (modelId: number) =>
  queryOptions({ queryKey: versionKeys.versions(modelId), queryFn: ({ signal }) => getFirmwareVersions(modelId, signal) });

/** The versions of the chosen model; nothing is asked while no model is chosen. */
export function useFirmwareVersions(modelId: number | null) {
  return useQuery({ ...firmwareVersionsQueryOptions(modelId ?? 0), enabled: modelId !== null });
}
