import {
  FALL_DEVICE_TYPE,
  IOT_MESSAGES,
  METRIC_INTERVALS,
  type ConnectivityQuery,
  type CreateJobInput,
  type Job,
  type JobExecution,
  type TelemetryQuery,
  type Thing,
  type ThingsQuery,
} from '../../contracts/iot';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { Scope } from '../../core/scope';
import type { Caller } from '../../core/caller';
import { locationsUnder, requireLocationInScope } from '../locations';
import type { IotBackend } from './iot-backend';
import { checkJobParameters } from './job-parameters';

// IoT devices and jobs for the screens (IoT Devices, Location Editor): every call goes
// to the IoT backend (docs/IOT.md), limited to the caller's scope. A thing or a job outside it is
// answered 404, as if it did not exist; a filter naming a location outside it too ('Location not found').

const inScope = (scope: Scope, groupId: number) => scope.groupIds.has(groupId);

export function createIotService(db: Database, backend: IotBackend) {
  /** The locations asked for within the scope; none asked, the whole scope. */
  const locationsOf = async (caller: Caller, groupIds: readonly number[]) => locationsUnder(db, await caller.scope(), groupIds.length ? groupIds : undefined);

  async function thingInScope(caller: Caller, id: number): Promise<Thing> {
    const thing = await backend.findThing(id);
    if (!thing || !inScope(await caller.scope(), thing.groupId)) throw new HttpError(404, IOT_MESSAGES.thingNotFound);
    return thing;
  }

  async function jobInScope(caller: Caller, id: number): Promise<Job> {
    const job = await backend.findJob(id);
    if (!job || !inScope(await caller.scope(), job.groupId)) throw new HttpError(404, IOT_MESSAGES.jobNotFound);
    return job;
  }

  return {
    async things(caller: Caller, query: ThingsQuery): Promise<{ data: Thing[]; totalCount: number }> {
      const groupIds = await locationsOf(caller, query.groupIds);
      return backend.listThings({ groupIds, take: query.take, startingAfter: query.startingAfter, search: query.search, lastOnline: query.lastOnline });
    },

    status: async (caller: Caller, id: number) => (await thingInScope(caller, id)).status,

    packages: async (caller: Caller, id: number) => ({ data: (await thingInScope(caller, id)).packages }),

    async connectivity(caller: Caller, id: number, query: ConnectivityQuery) {
      await thingInScope(caller, id);
      return { connectivityData: await backend.connectivity(id, new Date(query.from), new Date(query.to)) };
    },

    async telemetry(caller: Caller, id: number, query: TelemetryQuery) {
      await thingInScope(caller, id);
      const request = { from: new Date(query.from), to: new Date(query.to), intervalSeconds: METRIC_INTERVALS[query.interval], metrics: query.metrics };
      return { data: await backend.telemetry(id, request) };
    },

    async thingExecutions(caller: Caller, id: number): Promise<{ data: JobExecution[] }> {
      await thingInScope(caller, id);
      return { data: await backend.executionsOfThing(id) };
    },

    /** The Location Editor's IoT device form: a fall device renamed, moved to a location of the scope or on its floor plan. */
    async updateFallDevice(caller: Caller, id: number, body: { groupId: number; name: string; posX: number; posY: number }): Promise<Thing> {
      const thing = await thingInScope(caller, id);
      if (thing.type !== FALL_DEVICE_TYPE) throw new HttpError(404, IOT_MESSAGES.fallDeviceNotFound);
      requireLocationInScope(await caller.scope(), body.groupId);
      return backend.updateThing(id, { groupId: body.groupId, name: body.name, x: body.posX, y: body.posY });
    },

    jobs: async (caller: Caller, groupIds: readonly number[]) => ({ data: await backend.listJobs(await locationsOf(caller, groupIds)) }),

    /**
     * A job on things of a location (docs/IOT.md 'Job form'): the location in scope, every thing under it
     * (404 otherwise), the parameters checked against the template's.
     */
    async createJob(caller: Caller, body: CreateJobInput): Promise<Job> {
      const under = new Set(await locationsUnder(db, await caller.scope(), [body.groupId]));
      const template = await backend.findTemplate(body.templateId);
      if (!template) throw new HttpError(404, IOT_MESSAGES.templateNotFound);
      const awsIds = [...new Set(body.thingAwsIds)];
      const things = await backend.findThingsByAwsIds(awsIds);
      const found = new Map(things.filter((t) => under.has(t.groupId)).map((t) => [t.awsId, t]));
      const missing = awsIds.find((awsId) => !found.has(awsId));
      if (missing !== undefined) throw new HttpError(404, `${IOT_MESSAGES.thingNotFound}: ${missing}`);
      const parameters = await checkJobParameters(template.template.parameters, body.parameters, (name) => backend.packageVersions(name));
      return backend.createJob({
        name: body.name,
        templateId: template.id,
        description: body.description ?? null,
        groupId: body.groupId,
        startAt: body.startAt ? new Date(body.startAt) : null,
        thingIds: [...found.values()].map((t) => t.id),
        parameters,
        createdBy: caller.user.id,
      });
    },

    async cancelJob(caller: Caller, id: number): Promise<Job> {
      await jobInScope(caller, id);
      return backend.cancelJob(id);
    },

    async jobExecutions(caller: Caller, id: number): Promise<{ data: JobExecution[] }> {
      await jobInScope(caller, id);
      return { data: await backend.executionsOfJob(id) };
    },

    async jobExecution(caller: Caller, jobId: number, thingId: number): Promise<JobExecution> {
      await jobInScope(caller, jobId);
      await thingInScope(caller, thingId);
      const execution = await backend.findExecution(jobId, thingId);
      if (!execution) throw new HttpError(404, IOT_MESSAGES.executionNotFound);
      return execution;
    },

    /** An execution is cancelled only while QUEUED (docs/IOT.md 'Decisions the specification leaves open'); otherwise 409. */
    async cancelExecution(caller: Caller, thingId: number, jobId: number): Promise<JobExecution> {
      await thingInScope(caller, thingId);
      await jobInScope(caller, jobId);
      return backend.cancelExecution(jobId, thingId);
    },

    templates: async () => ({ data: await backend.templates() }),

    async packageVersions(packageName: string) {
      const versions = await backend.packageVersions(packageName);
      if (!versions) throw new HttpError(404, IOT_MESSAGES.packageNotFound);
      return { data: versions };
    },
  };
}
