import type { LastOnlineBucket } from '@contracts/iot';
import { iotThingKeys } from '@/entities/iot/keys';

/** What the device list is filtered by (the server filters: location, search terms, 'Last Online'). */
export interface ThingsFilter {
  groupId: number;
  search: string;
  lastOnline: LastOnlineBucket | null;
}

/** Cache keys of the IoT Devices page. */
export const iotKeys = {
  all: ['iot'] as const,
  /** Every list of things (shared with the Location Editor's, which an edit refetches too). */
  thingLists: iotThingKeys.lists,
  things: (filter: ThingsFilter) => [...iotThingKeys.lists(), filter] as const,
  thingExecutions: (thingId: number) => ['iot', 'thing-executions', thingId] as const,
  connectivity: (thingId: number, from: string, to: string) => ['iot', 'connectivity', thingId, from, to] as const,
  telemetry: (thingId: number, from: string, to: string, interval: string) => ['iot', 'telemetry', thingId, from, to, interval] as const,
  jobLists: () => ['iot', 'jobs'] as const,
  jobs: (groupId: number) => ['iot', 'jobs', groupId] as const,
  jobExecutions: (jobId: number) => ['iot', 'jobs', 'executions', jobId] as const,
  jobExecution: (jobId: number, thingId: number) => ['iot', 'jobs', 'execution', jobId, thingId] as const,
  templates: () => ['iot', 'templates'] as const,
  packageVersions: (packageName: string) => ['iot', 'package-versions', packageName] as const,
};
