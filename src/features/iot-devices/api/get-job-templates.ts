import { iotEndpoints, type JobTemplate, type PackageVersion } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { iotKeys } from './keys';

/** GET /iot/jobs/templates: the templates a job is made from, with their parameters. */
export async function getJobTemplates(signal?: AbortSignal): Promise<JobTemplate[]> {
  return (await mainApi.call(iotEndpoints.templates, { signal })).data;
}

export const jobTemplatesQueryOptions = () => queryOptions({ queryKey: iotKeys.templates(), queryFn: ({ signal }) => getJobTemplates(signal), staleTime: 5 * 60_000 });

export function useJobTemplates(enabled: boolean) {
  return useQuery({ ...jobTemplatesQueryOptions(), enabled });
}

/** GET /iot/software/{packageName}: a package's versions, newest first (a version parameter's choices). */
export async function getPackageVersions(packageName: string, signal?: AbortSignal): Promise<PackageVersion[]> {
  return (await mainApi.call(iotEndpoints.packageVersions, { params: { packageName }, signal })).data;
}

export function usePackageVersions(packageName: string | null) {
  return useQuery({
    queryKey: iotKeys.packageVersions(packageName ?? ''),
    queryFn: ({ signal }) => getPackageVersions(packageName!, signal),
    enabled: packageName !== null,
    staleTime: 5 * 60_000,
  });
}
