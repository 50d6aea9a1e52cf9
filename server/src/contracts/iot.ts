import { z } from 'zod';
import { coordinate } from './editor';
import { endpoint } from './endpoint';
import { bodyObject, countParam, dateTimeField, dayField, idField, idListParam, idParam, isPrintableText, multiLineTextField, textField } from './fields';

// IoT devices and their jobs (docs/IOT.md; docs/SCREENS.md 'IoT Devices'): the things of the caller's
// locations with their software, connectivity and telemetry; jobs run on them from templates, one
// execution per thing; and the thing's own calls, with its credentials, that carry the jobs out.
// docs/IOT.md tells the backend interface, the local stand-in and the decisions.

// ---- Closed sets -----------------------------------------------------------------------------

/** Thing types and their names (docs/IOT.md 'The local stand-in'). */
export const THING_TYPE_NAMES = { fall_device_v1: 'Fall Device', nfc_gateway_v1: 'NFC Gateway' } as const;
export const THING_TYPES = Object.keys(THING_TYPE_NAMES) as (keyof typeof THING_TYPE_NAMES)[];
export type ThingType = keyof typeof THING_TYPE_NAMES;
/** The thing type the Location Editor moves on a floor plan (PATCH /iot/things/falls/:id). */
export const FALL_DEVICE_TYPE: ThingType = 'fall_device_v1';

/** A job's stored statuses (AWS IoT Jobs' own, less DELETION_IN_PROGRESS). */
export const JOB_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The drawer's tabs (docs/IOT.md 'States'): SCHEDULED Pending; ACTIVE or IN_PROGRESS Active; COMPLETED or CANCELED Finished. */
export const JOB_LISTS = ['PENDING', 'ACTIVE', 'FINISHED'] as const;
export type JobList = (typeof JOB_LISTS)[number];
export const JOB_LIST_OF: Readonly<Record<JobStatus | 'ACTIVE', JobList>> = {
  SCHEDULED: 'PENDING',
  ACTIVE: 'ACTIVE',
  IN_PROGRESS: 'ACTIVE',
  COMPLETED: 'FINISHED',
  CANCELED: 'FINISHED',
};

/** Job execution statuses (docs/IOT.md 'States'). */
export const EXECUTION_STATUSES = ['CREATED', 'QUEUED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELED', 'REJECTED', 'REMOVED', 'TIMED_OUT'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** An execution in one of these is over: nothing moves it again. */
export const FINAL_EXECUTION_STATUSES = ['SUCCEEDED', 'FAILED', 'CANCELED', 'REJECTED', 'REMOVED', 'TIMED_OUT'] as const satisfies readonly ExecutionStatus[];
/** IN_PROGRESS is shown 'Updating'. */
export const EXECUTION_STATUS_LABELS: Readonly<Partial<Record<ExecutionStatus, string>>> = { IN_PROGRESS: 'Updating' };

/** What a thing reports of its execution: started, then succeeded or failed (or rejected when it cannot run the job). */
export const EXECUTION_REPORTS = ['IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'REJECTED'] as const satisfies readonly ExecutionStatus[];

/** Job template parameter types (docs/IOT.md 'Job form': Input, Number, Select, Switch, Version, Date). */
export const PARAMETER_TYPES = ['input', 'number', 'select', 'switch', 'version', 'date'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Telemetry metrics: system location and dispense uploads. */
export const TELEMETRY_METRICS = ['system location', 'dispense uploads'] as const;
export type TelemetryMetric = (typeof TELEMETRY_METRICS)[number];

/** Metric intervals and their lengths in seconds; 30 min is the default. */
export const METRIC_INTERVALS = { '5m': 300, '15m': 900, '30m': 1_800, '1h': 3_600, '6h': 21_600 } as const;
export type MetricInterval = keyof typeof METRIC_INTERVALS;
export const DEFAULT_METRIC_INTERVAL: MetricInterval = '30m';

/** 'Last Online' buckets (docs/IOT.md 'Decisions the specification leaves open'). */
export const LAST_ONLINE_BUCKETS = ['online', '0-12h', '12-24h', '1-7d', 'over-7d'] as const;
export type LastOnlineBucket = (typeof LAST_ONLINE_BUCKETS)[number];

/** Things per page: 75 on the IoT screen (the default), at most 100 (the editor's requests). */
export const THINGS_PAGE = { default: 75, max: 100 } as const;
/** How far back the metrics reach (about the last month: docs/IOT.md 'Decisions the specification leaves open'). */
export const METRICS_MAX_DAYS = 31;
/** The clock skew forgiven on 'not in the future' and 'not in the past'. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** At most this many things in one job. */
export const MAX_JOB_THINGS = 1_000;

export const IOT_MESSAGES = {
  thingNotFound: 'Thing not found',
  fallDeviceNotFound: 'Fall device not found',
  jobNotFound: 'Job not found',
  executionNotFound: 'Job execution not found',
  templateNotFound: 'Job template not found',
  packageNotFound: 'Software package not found',
  jobNameRequired: 'Job name required',
  devicesRequired: 'Choose at least one device',
  startAtPast: 'A scheduled start cannot be in the past',
  jobCanceled: 'Job cancelled',
  executionCanceled: 'Job execution cancelled',
  jobCancelRefused: 'Only a scheduled or active job can be cancelled',
  executionCancelRefused: 'Only a queued job execution can be cancelled',
  transition: 'The job execution cannot move to that status',
  created: 'Job created!',
  updated: 'IoT Device updated!',
} as const;

// ---- Answers -----------------------------------------------------------------------------------

export const thingStatusSchema = z.object({ connected: z.boolean(), timestamp: z.string().nullable() });
export type ThingStatus = z.infer<typeof thingStatusSchema>;

export const softwarePackageSchema = z.object({
  name: z.string(),
  version: z.object({ current: z.string(), latest: z.string().nullable() }),
  outdated: z.boolean(),
});
export type SoftwarePackage = z.infer<typeof softwarePackageSchema>;

export const thingSchema = z.object({
  id: z.number().int(),
  /** The serial number (AWS IoT's thing name). */
  awsId: z.string(),
  name: z.string(),
  type: z.enum(THING_TYPES),
  typeName: z.string(),
  entityType: z.literal('IOT_DEVICE'),
  groupId: z.number().int(),
  groupName: z.string(),
  x: z.number(),
  y: z.number(),
  packages: z.array(softwarePackageSchema),
  /** Any package older than its latest version: only such things may be picked for a job. */
  outdated: z.boolean(),
  status: thingStatusSchema,
});
export type Thing = z.infer<typeof thingSchema>;

export const jobParameterSchema = z.object({
  type: z.enum(PARAMETER_TYPES),
  name: z.string(),
  optional: z.boolean().optional(),
  description: z.string().optional(),
  placeholder: z.string().optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  options: z.array(z.string()).optional(),
  multiple: z.boolean().optional(),
  packageName: z.string().optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  maxLength: z.number().int().optional(),
  minDate: z.string().optional(),
  maxDate: z.string().optional(),
});
export type JobParameter = z.infer<typeof jobParameterSchema>;

export const jobTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  template: z.object({ parameters: z.array(jobParameterSchema) }),
});
export type JobTemplate = z.infer<typeof jobTemplateSchema>;

/** A parameter's value: text, a number, a switch, several options, or a date range. */
export const parameterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
]);
export type ParameterValue = z.infer<typeof parameterValueSchema>;
export type JobParameters = Record<string, ParameterValue>;

export const jobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  description: z.string().nullable(),
  startAt: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  /** The drawer tab it belongs to. */
  list: z.enum(JOB_LISTS),
  targetCount: z.number().int(),
  groupId: z.number().int(),
  thingAwsIds: z.array(z.string()),
  parameters: z.record(z.string(), parameterValueSchema),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobExecutionSchema = z.object({
  /** The execution's own number (AWS: executionNumber). */
  id: z.number().int(),
  jobId: z.number().int(),
  jobName: z.string(),
  thing: z.object({ id: z.number().int(), awsId: z.string(), name: z.string() }),
  status: z.enum(EXECUTION_STATUSES),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  detailsMap: z.object({ stdout: z.string().nullable() }),
});
export type JobExecution = z.infer<typeof jobExecutionSchema>;

export const connectivityPointSchema = z.object({ timestamp: z.string(), connected: z.boolean() });
export type ConnectivityPoint = z.infer<typeof connectivityPointSchema>;

export const telemetryPointSchema = z.object({ timestamp: z.string(), metric: z.enum(TELEMETRY_METRICS), value: z.number() });
export type TelemetryPoint = z.infer<typeof telemetryPointSchema>;

export const packageVersionSchema = z.object({ version: z.string(), latest: z.boolean(), createdAt: z.string() });
export type PackageVersion = z.infer<typeof packageVersionSchema>;

// ---- Requests ----------------------------------------------------------------------------------

/** A list of texts in a query string, repeated (search=a&search=b, or search[]=a); absent is none. */
const textListParam = (max: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]), z.array(textField(max)).max(10, 'at most 10 search terms'));

/** GET /iot/things: search[] terms each match the serial number or the name. */
export const thingsQuerySchema = z
  .object({
    groupIds: idListParam,
    take: countParam(1, THINGS_PAGE.max).default(THINGS_PAGE.default),
    /** The id of the last thing of the previous page. */
    startingAfter: idParam.optional(),
    search: textListParam(100).optional(),
    'search[]': textListParam(100).optional(),
    lastOnline: z.enum(LAST_ONLINE_BUCKETS, `must be one of ${LAST_ONLINE_BUCKETS.join(', ')}`).optional(),
  })
  .transform(({ 'search[]': brackets, search, ...rest }) => ({ ...rest, search: [...(search ?? []), ...(brackets ?? [])].filter(Boolean) }));
export type ThingsQuery = z.output<typeof thingsQuerySchema>;

export const thingParamsSchema = z.object({ id: idParam });

const instantParam = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/** A metrics range: from before to, within the last METRICS_MAX_DAYS days, not in the future. */
function checkMetricsRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const [from, to] = [Date.parse(q.from), Date.parse(q.to)];
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  const now = Date.now();
  if (from > to) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
  else if (to > now + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', message: 'to must not be in the future', path: ['to'] });
  else if (from < now - METRICS_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: `from must be within the last ${METRICS_MAX_DAYS} days`, path: ['from'] });
}

export const connectivityQuerySchema = z.object({ from: instantParam, to: instantParam }).superRefine(checkMetricsRange);
export type ConnectivityQuery = z.output<typeof connectivityQuerySchema>;

const metricListParam = z.preprocess(
  (value) => (value === undefined || value === '' ? [...TELEMETRY_METRICS] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(TELEMETRY_METRICS, `must be one of '${TELEMETRY_METRICS.join("', '")}'`)).min(1),
);

export const telemetryQuerySchema = z
  .object({
    from: instantParam,
    to: instantParam,
    interval: z.enum(Object.keys(METRIC_INTERVALS) as MetricInterval[], `must be one of ${Object.keys(METRIC_INTERVALS).join(', ')}`).default(DEFAULT_METRIC_INTERVAL),
    metrics: metricListParam,
  })
  .superRefine(checkMetricsRange);
export type TelemetryQuery = z.output<typeof telemetryQuerySchema>;

/** A floor-plan coordinate, rounded. */
const roundedCoordinate = coordinate.transform(Math.round);

/** PATCH /iot/things/falls/:id: x and y are rounded; awsId and type cannot change. */
export const updateFallDeviceBodySchema = bodyObject({
  groupId: idField,
  name: textField(100, { min: 1, minMessage: 'A name is required' }),
  posX: roundedCoordinate,
  posY: roundedCoordinate,
});
export type UpdateFallDeviceBody = z.input<typeof updateFallDeviceBodySchema>;

export const jobsQuerySchema = z.object({ groupIds: idListParam });
export const jobParamsSchema = z.object({ id: idParam });
export const jobExecutionParamsSchema = z.object({ jobId: idParam, id: idParam });
export const thingJobParamsSchema = z.object({ thingId: idParam, jobId: idParam });

/** A parameter's value as sent: printable text, a finite number, a switch, options, or a date range (checked against the template by the service). */
const parameterText = z.string().max(2_000, 'must be at most 2000 characters').refine(isPrintableText, 'must not contain control characters');
const parameterInputSchema = z.union(
  [
    parameterText,
    z.number().finite(),
    z.boolean(),
    z.array(parameterText).max(50, 'at most 50 values'),
    bodyObject({ startDate: dayField.nullable(), endDate: dayField.nullable() }),
  ],
  'must be text, a number, true or false, a list of texts, or {startDate, endDate}',
);

/** POST /iot/jobs (docs/IOT.md 'Job form'); the parameters are checked against the template's. */
export const createJobBodySchema = bodyObject({
  name: textField(100, { min: 1, minMessage: IOT_MESSAGES.jobNameRequired }),
  groupId: idField,
  templateId: idField,
  description: multiLineTextField(1_000).nullable().optional(),
  /** Absent or null: now. */
  startAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
    .refine((v) => Number.isNaN(Date.parse(v)) || Date.parse(v) >= Date.now() - CLOCK_SKEW_MS, IOT_MESSAGES.startAtPast)
    .refine((v) => Number.isNaN(Date.parse(v)) || Date.parse(v) <= Date.now() + 366 * 86_400_000, 'must be within a year')
    .nullable()
    .optional(),
  thingAwsIds: z.array(textField(128, { min: 1 })).min(1, IOT_MESSAGES.devicesRequired).max(MAX_JOB_THINGS, `at most ${MAX_JOB_THINGS} devices`),
  parameters: z.record(textField(100, { min: 1 }), parameterInputSchema).refine((p) => Object.keys(p).length <= 50, 'at most 50 parameters').default({}),
});
export type CreateJobBody = z.input<typeof createJobBodySchema>;
export type CreateJobInput = z.output<typeof createJobBodySchema>;

/** GET /iot/software/:packageName. */
export const packageParamsSchema = z.object({
  packageName: z.string().max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9][\w.-]*$/, 'must be a package name (letters, digits, . _ -)'),
});

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const iotEndpoints = {
  things: endpoint({ method: 'GET', path: '/iot/things', query: thingsQuerySchema, response: z.object({ data: z.array(thingSchema), totalCount: z.number().int() }) }),
  thingStatus: endpoint({ method: 'GET', path: '/iot/things/:id/status', params: thingParamsSchema, response: thingStatusSchema }),
  thingPackages: endpoint({ method: 'GET', path: '/iot/things/:id/packages', params: thingParamsSchema, response: list(softwarePackageSchema) }),
  thingConnectivity: endpoint({
    method: 'GET',
    path: '/iot/things/:id/connectivity',
    params: thingParamsSchema,
    query: connectivityQuerySchema,
    response: z.object({ connectivityData: z.array(connectivityPointSchema) }),
  }),
  thingTelemetry: endpoint({ method: 'GET', path: '/iot/things/:id/telemetry/aggregate', params: thingParamsSchema, query: telemetryQuerySchema, response: list(telemetryPointSchema) }),
  thingExecutions: endpoint({ method: 'GET', path: '/iot/things/:id/jobs/executions', params: thingParamsSchema, response: list(jobExecutionSchema) }),
  updateFallDevice: endpoint({ method: 'PATCH', path: '/iot/things/falls/:id', params: thingParamsSchema, body: updateFallDeviceBodySchema, response: thingSchema }),
  jobs: endpoint({ method: 'GET', path: '/iot/jobs', query: jobsQuerySchema, response: list(jobSchema) }),
  createJob: endpoint({ method: 'POST', path: '/iot/jobs', body: createJobBodySchema, response: jobSchema, status: 201 }),
  cancelJob: endpoint({ method: 'PUT', path: '/iot/jobs/:id/cancel', params: jobParamsSchema, response: jobSchema }),
  jobExecutions: endpoint({ method: 'GET', path: '/iot/jobs/:id/executions', params: jobParamsSchema, response: list(jobExecutionSchema) }),
  jobExecution: endpoint({ method: 'GET', path: '/iot/jobs/:jobId/executions/:id', params: jobExecutionParamsSchema, response: jobExecutionSchema }),
  cancelExecution: endpoint({ method: 'PUT', path: '/iot/things/:thingId/jobs/:jobId/cancel', params: thingJobParamsSchema, response: jobExecutionSchema }),
  templates: endpoint({ method: 'GET', path: '/iot/jobs/templates', response: list(jobTemplateSchema) }),
  packageVersions: endpoint({ method: 'GET', path: '/iot/software/:packageName', params: packageParamsSchema, response: list(packageVersionSchema) }),
};

// ---- The thing's side ---------------------------------------------------------------------------

/** The header a thing names itself in; `Authorization: Bearer <its token>` proves it. */
export const THING_ID_HEADER = 'x-thing-id';

/** The next execution a thing is to run: its job's template and parameters. */
export const pendingExecutionSchema = z.object({
  jobId: z.number().int(),
  executionId: z.number().int(),
  status: z.enum(EXECUTION_STATUSES),
  jobName: z.string(),
  templateName: z.string(),
  parameters: z.record(z.string(), parameterValueSchema),
  /** The template's parameters, so a thing knows which value names a package version. */
  template: z.object({ parameters: z.array(jobParameterSchema) }),
});
export type PendingExecution = z.infer<typeof pendingExecutionSchema>;

export const executionReportSchema = bodyObject({
  status: z.enum(EXECUTION_REPORTS, `must be one of ${EXECUTION_REPORTS.join(', ')}`),
  stdout: z.string().max(10_000, 'must be at most 10000 characters').refine(isPrintableOutput, 'must not contain control characters other than line breaks and tabs').optional(),
});
export type ExecutionReport = z.input<typeof executionReportSchema>;

/** Output text: printable, with line breaks and tabs. */
function isPrintableOutput(value: string): boolean {
  return isPrintableText(value.replace(/[\n\r\t]/g, ' '));
}

export const connectivityReportSchema = bodyObject({ connected: z.boolean('must be true or false') });

export const telemetryReportSchema = bodyObject({
  samples: z
    .array(bodyObject({ metric: z.enum(TELEMETRY_METRICS, `must be one of '${TELEMETRY_METRICS.join("', '")}'`), value: z.number().int().min(0).max(1_000_000), at: dateTimeField.optional() }))
    .min(1, 'send at least one sample')
    .max(500, 'at most 500 samples'),
});
export type TelemetryReport = z.input<typeof telemetryReportSchema>;

export const thingJobParamsOnlySchema = z.object({ jobId: idParam });

export const thingEndpoints = {
  nextExecution: endpoint({ method: 'GET', path: '/things/jobs/next', response: z.object({ execution: pendingExecutionSchema.nullable() }) }),
  reportExecution: endpoint({
    method: 'PUT',
    path: '/things/jobs/:jobId',
    params: thingJobParamsOnlySchema,
    body: executionReportSchema,
    response: z.object({ status: z.enum(EXECUTION_STATUSES) }),
  }),
  reportConnectivity: endpoint({ method: 'POST', path: '/things/connectivity', body: connectivityReportSchema, response: thingStatusSchema }),
  reportTelemetry: endpoint({ method: 'POST', path: '/things/telemetry', body: telemetryReportSchema, response: z.object({ recorded: z.number().int() }) }),
};
