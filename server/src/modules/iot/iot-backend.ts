import type {
  ConnectivityPoint,
  ExecutionStatus,
  Job,
  JobExecution,
  JobParameters,
  JobTemplate,
  LastOnlineBucket,
  PackageVersion,
  PendingExecution,
  SoftwarePackage,
  TelemetryMetric,
  TelemetryPoint,
  Thing,
  ThingStatus,
} from '../../contracts/iot';

// The one interface between the IoT routes and the IoT platform (docs/IOT.md). The local
// implementation (local-iot-backend.ts) keeps everything in the database and lets the simulator
// play the things; a production deployment implements the same interface on AWS IoT (Things,
// thing groups and connectivity, Jobs, job executions, job templates). Scope is not the backend's
// business: the service gives it the locations the caller may see and checks what comes back.

export interface ThingFilter {
  /** The locations whose things are listed (already limited to the caller's scope). */
  groupIds: readonly number[];
  take: number;
  /** The id of the last thing of the previous page. */
  startingAfter?: number;
  /** Each term matches the serial number or the name. */
  search: readonly string[];
  lastOnline?: LastOnlineBucket;
}

export interface ThingChange {
  groupId: number;
  name: string;
  x: number;
  y: number;
}

export interface TelemetryRequest {
  from: Date;
  to: Date;
  intervalSeconds: number;
  metrics: readonly TelemetryMetric[];
}

export interface NewJob {
  name: string;
  templateId: number;
  description: string | null;
  groupId: number;
  /** Null: start now. */
  startAt: Date | null;
  /** The things, by id; their serial numbers are the job's targets. */
  thingIds: readonly number[];
  parameters: JobParameters;
  createdBy: number | null;
}

/** Things, their software, connectivity and telemetry; jobs, their executions and templates; cancels. */
export interface IotBackend {
  listThings(filter: ThingFilter): Promise<{ data: Thing[]; totalCount: number }>;
  findThing(id: number): Promise<Thing | null>;
  findThingsByAwsIds(awsIds: readonly string[]): Promise<Thing[]>;
  updateThing(id: number, change: ThingChange): Promise<Thing>;
  thingStatus(id: number): Promise<ThingStatus>;
  thingPackages(id: number): Promise<SoftwarePackage[]>;
  /** Connect and disconnect events between `from` and `to`, the state at `from` first. */
  connectivity(id: number, from: Date, to: Date): Promise<ConnectivityPoint[]>;
  /** Each metric summed per interval from `from` to `to`, every interval present (0 when empty). */
  telemetry(id: number, request: TelemetryRequest): Promise<TelemetryPoint[]>;
  /** A software package's versions, newest first; null when there is no such package. */
  packageVersions(packageName: string): Promise<PackageVersion[] | null>;

  templates(): Promise<JobTemplate[]>;
  findTemplate(id: number): Promise<JobTemplate | null>;
  listJobs(groupIds: readonly number[]): Promise<Job[]>;
  findJob(id: number): Promise<Job | null>;
  /** Scheduled when `startAt` is ahead, else started at once (an execution QUEUED per thing). */
  createJob(job: NewJob): Promise<Job>;
  /** SCHEDULED or IN_PROGRESS → CANCELED (its QUEUED executions cancelled); otherwise 409. */
  cancelJob(id: number): Promise<Job>;
  executionsOfJob(jobId: number): Promise<JobExecution[]>;
  executionsOfThing(thingId: number): Promise<JobExecution[]>;
  findExecution(jobId: number, thingId: number): Promise<JobExecution | null>;
  /** QUEUED → CANCELED; otherwise 409. */
  cancelExecution(jobId: number, thingId: number): Promise<JobExecution>;
}

/**
 * The things' own side of the local stand-in: what a device does over MQTT with AWS IoT (the
 * Jobs device API, lifecycle events, telemetry topics), here calls with the thing's credentials.
 * A production deployment has no such routes: the devices talk to AWS IoT directly.
 */
export interface LocalThingSide {
  thingByAwsId(awsId: string): Promise<Thing | null>;
  /** The oldest QUEUED execution of a started job, or null. */
  nextExecution(thingId: number): Promise<PendingExecution | null>;
  /** Moves the execution on: QUEUED → IN_PROGRESS or REJECTED; IN_PROGRESS → SUCCEEDED or FAILED; otherwise 409. */
  reportExecution(thingId: number, jobId: number, report: { status: ExecutionStatus; stdout?: string }): Promise<ExecutionStatus>;
  reportConnectivity(thingId: number, connected: boolean, at: Date): Promise<ThingStatus>;
  reportTelemetry(thingId: number, samples: readonly { metric: TelemetryMetric; value: number; at: Date }[]): Promise<number>;
  /** Starts the SCHEDULED jobs whose start has come; returns how many. */
  startDueJobs(now?: Date): Promise<number>;
}
