import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, idField, idParam, textField } from './fields';
import { deviceCreationBodySchema, deviceCreationResponseSchema, type CreatedDevice, type NewDeviceItem } from './device-registry';

// Gateways (docs/GATEWAYS.md): the gateways of a location with
// their health, software and last update job; their last 24 hours of traffic; naming and placing
// one (the setup queue is location 39); software jobs, carried out by the gateways themselves;
// the remote terminal of a kiosk gateway. docs/GATEWAYS.md tells the flow and the decisions.

/** The setup queue: new gateways wait here, unnamed, until someone names and places them. */
export const GATEWAY_SETUP_GROUP_ID = 39;
export const GATEWAY_SETUP_GROUP_NAME = 'Gateway Setup';

/** A software job: queued, started by its gateway, then updated (installed) or failed. */
export const SOFTWARE_JOB_STATUSES = ['PENDING', 'STARTED', 'UPDATED', 'FAILED'] as const;
export type SoftwareJobStatus = (typeof SOFTWARE_JOB_STATUSES)[number];
/** Still to be carried out: an add of the same version on the same gateway is ignored. */
export const OPEN_SOFTWARE_JOB_STATUSES = ['PENDING', 'STARTED'] as const satisfies readonly SoftwareJobStatus[];

/** How long the terminal toggle waits for the gateway to report its session URL (the command timeout; docs/GATEWAYS.md 'Remote terminal'). */
export const TERMINAL_WAIT_MS = 5_000;

/** The three series of a gateway's stats (docs/GATEWAYS.md 'The list and its stats'). */
export const GATEWAY_STAT_TYPES = ['Heartbeats', 'Location Events', 'Dispense Events'] as const;
export type GatewayStatType = (typeof GATEWAY_STAT_TYPES)[number];
/** The hours the stats cover, the current one last. */
export const GATEWAY_STAT_HOURS = 24;

/** At most this many gateways or devices in one call. */
export const MAX_GATEWAY_ITEMS = 500;

export const GATEWAY_MESSAGES = {
  gatewayNotFound: 'Gateway not found',
  jobNotFound: 'Software job not found',
  versionNotFound: 'Software version not found',
  versionNotOfModel: 'The software version is not one of the gateway model',
  modelMismatch: 'The gateway is not of that model',
  macMismatch: 'The MAC is not the gateway’s',
  nameTaken: 'Another gateway has this name',
  notKiosk: 'The remote terminal is available on model 13 gateways only',
  terminalTimeout: 'The gateway did not report a terminal session in time',
  transition: 'The software job cannot move to that status',
  setupQueue: 'Choose a location outside the setup queue',
  notGatewayModel: 'The model is not a gateway model',
  macOfAnotherDevice: 'The MAC is another device’s, not a gateway’s',
  noSetupQueue: 'This installation has no setup queue for new gateways',
} as const;

const versionRefSchema = z.object({ id: z.number().int(), version: z.string() }).nullable();

/** A software package of a gateway: what runs, its model's latest, and whether it lags. */
export const softwarePackageSchema = z.object({
  name: z.string(),
  version: z.object({ current: versionRefSchema, latest: versionRefSchema }),
  outdated: z.boolean(),
});
export type SoftwarePackage = z.infer<typeof softwarePackageSchema>;

/** The versions of one package a job may install on the gateway (its model's), newest first. */
export const availableVersionsSchema = z.object({
  packageName: z.string(),
  versions: z.array(z.object({ id: z.number().int(), version: z.string(), isLatest: z.boolean(), createdAt: z.string() })),
});

/** The gateway's latest software job. */
export const updateStatusSchema = z.object({
  jobId: z.number().int(),
  status: z.enum(SOFTWARE_JOB_STATUSES),
  message: z.string().nullable(),
  packageName: z.string(),
  version: z.string(),
  updatedAt: z.string(),
});

/** What the gateway last reported of itself (a setup's outcome; docs/GATEWAYS.md 'The setup queue'). */
export const gatewayStatusSchema = z.object({ code: z.number().int(), message: z.string(), timestamp: z.string() });

export const gatewaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  mac: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  /** A kiosk gateway (model 13 in the kiosk role): the Station filter and the remote terminal. */
  station: z.boolean(),
  lastHeartbeat: z.string().nullable(),
  /** Whole hours since the last heartbeat. */
  lastHeartbeatHours: z.number().int().nullable(),
  createdAt: z.string(),
  software: z.array(softwarePackageSchema),
  availableVersions: z.array(availableVersionsSchema),
  updateStatus: updateStatusSchema.nullable(),
  status: gatewayStatusSchema.nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

export const gatewayListParamsSchema = z.object({ groupId: idParam });
export const gatewayStatsParamsSchema = z.object({ gatewayId: idParam });

export const gatewayStatSchema = z.object({
  /** The hour's start, ISO. */
  hour: z.string(),
  type: z.enum(GATEWAY_STAT_TYPES),
  value: z.number().int(),
  /** The series' largest hourly value. */
  max: z.number().int(),
});
export const gatewayStatsSchema = z.object({ items: z.array(gatewayStatSchema) });
export type GatewayStats = z.infer<typeof gatewayStatsSchema>;

export const gatewayConfigBodySchema = bodyObject({
  id: idField,
  groupId: idField,
  name: textField(100, { min: 1, minMessage: 'A gateway needs a name' }),
});

export const terminalToggleBodySchema = bodyObject({ deviceId: idField, enabled: z.boolean('must be true or false') });
export const terminalStateSchema = z.object({ url: z.string().nullable(), enabled: z.boolean() });
export type TerminalState = z.infer<typeof terminalStateSchema>;

export const softwareJobsBodySchema = z
  .array(
    bodyObject({
      deviceId: idField,
      modelId: idField,
      mac: textField(17, { min: 1 }),
      softwareVersionIds: z.array(idField).min(1, 'choose at least one version').max(20, 'at most 20 versions'),
    }),
  )
  .min(1, 'choose at least one gateway')
  .max(MAX_GATEWAY_ITEMS, `at most ${MAX_GATEWAY_ITEMS} gateways`);
export type SoftwareJobsBody = z.input<typeof softwareJobsBodySchema>;

export const queuedSoftwareJobSchema = z.object({
  deviceId: z.number().int(),
  softwareVersionId: z.number().int(),
  /** The job's id; the open one's when the version was already queued. */
  id: z.number().int().nullable(),
  queued: z.boolean(),
  reason: z.string().nullable(),
});
export const softwareJobsResponseSchema = z.object({ jobs: z.array(queuedSoftwareJobSchema) });

/** POST /devices as the Find devices dialog sends it: an array; the Badges page sends one badge (device-registry.ts). */
export type { CreatedDevice, NewDeviceItem };

export const gatewayEndpoints = {
  list: endpoint({ method: 'GET', path: '/devices/gateway/:groupId', params: gatewayListParamsSchema, response: z.array(gatewaySchema) }),
  stats: endpoint({ method: 'GET', path: '/devices/gateway/stats/:gatewayId', params: gatewayStatsParamsSchema, response: gatewayStatsSchema }),
  config: endpoint({ method: 'POST', path: '/gateways/config', body: gatewayConfigBodySchema, response: gatewaySchema }),
  terminal: endpoint({ method: 'POST', path: '/devices/tmate/toggle', body: terminalToggleBodySchema, response: terminalStateSchema }),
  softwareJobs: endpoint({ method: 'POST', path: '/software/jobs', body: softwareJobsBodySchema, response: softwareJobsResponseSchema }),
  /**
   * The same route as deviceRegistryEndpoints.createBadge (one POST /devices): the array form, typed
   * for its callers; both descriptions carry the route's one pair of schemas.
   */
  createDevices: endpoint({
    method: 'POST',
    path: '/devices',
    body: deviceCreationBodySchema as unknown as z.ZodType<CreatedDevice[], NewDeviceItem[]>,
    response: deviceCreationResponseSchema as unknown as z.ZodType<CreatedDevice[]>,
    status: 201,
  }),
};

// ---- The gateway's side -------------------------------------------------------------------------

/** A software job a gateway is to carry out on itself. */
export const gatewaySoftwareJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(SOFTWARE_JOB_STATUSES),
  packageName: z.string(),
  version: z.string(),
  url: z.string().nullable(),
  /** The gateway's own last heartbeat, as the server knows it. */
  lastHeartbeatAt: z.string().nullable(),
});
export type GatewaySoftwareJob = z.infer<typeof gatewaySoftwareJobSchema>;

export const gatewaySoftwareJobReportSchema = bodyObject({
  status: z.enum(['STARTED', 'UPDATED', 'FAILED'], "must be 'STARTED', 'UPDATED' or 'FAILED'"),
  message: textField(200).optional(),
});
export type GatewaySoftwareJobReport = z.input<typeof gatewaySoftwareJobReportSchema>;
export const gatewaySoftwareJobParamsSchema = z.object({ id: idParam });

/** What a gateway reports of itself: its terminal session's URL (null: none), its last setup outcome. */
export const gatewayStateReportSchema = bodyObject({
  terminalUrl: z
    .url({ protocol: /^(https?|ssh)$/, message: 'must be an http(s) or ssh URL' })
    .max(500, 'must be at most 500 characters')
    .nullable()
    .optional(),
  status: bodyObject({ code: z.number().int().min(100).max(599), message: textField(200) }).optional(),
});
export type GatewayStateReport = z.input<typeof gatewayStateReportSchema>;

/** A gateway announcing itself to join the setup queue: its model. */
export const gatewayAnnounceBodySchema = bodyObject({ modelId: idField });
export type GatewayAnnounceBody = z.input<typeof gatewayAnnounceBodySchema>;

/** The announcing gateway's row: new in the setup queue (`created`), or as it already was. */
export const announcedGatewaySchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  modelId: z.number().int(),
  active: z.boolean(),
  created: z.boolean(),
});
export type AnnouncedGateway = z.infer<typeof announcedGatewaySchema>;

export const gatewaySoftwareEndpoints = {
  jobs: endpoint({ method: 'GET', path: '/gateways/software/jobs', response: z.array(gatewaySoftwareJobSchema) }),
  report: endpoint({
    method: 'POST',
    path: '/gateways/software/jobs/:id',
    params: gatewaySoftwareJobParamsSchema,
    body: gatewaySoftwareJobReportSchema,
    response: z.object({ status: z.enum(SOFTWARE_JOB_STATUSES) }),
  }),
  terminal: endpoint({ method: 'GET', path: '/gateways/terminal', response: terminalStateSchema }),
  state: endpoint({ method: 'POST', path: '/gateways/state', body: gatewayStateReportSchema, response: terminalStateSchema }),
  /**
   * A gateway not yet known joins the setup queue, unnamed (its MAC proven by its token only); a
   * known one is answered with its row, never moved.
   */
  announce: endpoint({ method: 'POST', path: '/gateways/announce', body: gatewayAnnounceBodySchema, response: announcedGatewaySchema }),
};
