import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { iotEndpoints, thingEndpoints } from '../../contracts/iot';
import type { Database } from '../../db/client';
import { forPages, forThings } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import type { IotBackend, LocalThingSide } from './iot-backend';
import { createLocalIotBackend, SCHEDULE_TICK_MS } from './local-iot-backend';
import { createIotService } from './iot.service';
import { authenticateThing } from '../../core/thing-auth';

/** The IoT Devices page (subject GATEWAYS). */
const IOT_PAGE = forPages('/app/maintenance/iot-devices');
/** The IoT Devices page, and the Location Editor's IoT Devices tab, which lists things and moves fall devices. */
const IOT_OR_EDITOR = forPages('/app/maintenance/iot-devices', '/app/maintenance/editor');

/**
 * IoT devices and jobs, each through the IoT backend (docs/IOT.md): the local
 * stand-in unless one is given. With the stand-in come the things' own calls, with their
 * credentials, and the start of scheduled jobs when their time comes.
 */
export const iotRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string; backend?: IotBackend }> = async (app, { db, secret, backend }) => {
  const local = backend ? null : createLocalIotBackend(db);
  const service = createIotService(db, backend ?? local!);

  app.route({ ...routeOf(iotEndpoints.things), config: IOT_OR_EDITOR, handler: async (request) => service.things(callerOf(request), request.query) });
  app.route({ ...routeOf(iotEndpoints.thingStatus), config: IOT_PAGE, handler: async (request) => service.status(callerOf(request), request.params.id) });
  app.route({ ...routeOf(iotEndpoints.thingPackages), config: IOT_PAGE, handler: async (request) => service.packages(callerOf(request), request.params.id) });
  app.route({
    ...routeOf(iotEndpoints.thingConnectivity),
    config: IOT_PAGE,
    handler: async (request) => service.connectivity(callerOf(request), request.params.id, request.query),
  });
  app.route({
    ...routeOf(iotEndpoints.thingTelemetry),
    config: IOT_PAGE,
    handler: async (request) => service.telemetry(callerOf(request), request.params.id, request.query),
  });
  app.route({ ...routeOf(iotEndpoints.thingExecutions), config: IOT_PAGE, handler: async (request) => service.thingExecutions(callerOf(request), request.params.id) });
  app.route({
    ...routeOf(iotEndpoints.updateFallDevice),
    config: IOT_OR_EDITOR,
    handler: async (request) => service.updateFallDevice(callerOf(request), request.params.id, request.body),
  });
  app.route({ ...routeOf(iotEndpoints.jobs), config: IOT_PAGE, handler: async (request) => service.jobs(callerOf(request), request.query.groupIds) });
  app.route({
    ...routeOf(iotEndpoints.createJob),
    config: IOT_PAGE,
    handler: async (request, reply) => reply.code(201).send(await service.createJob(callerOf(request), request.body)),
  });
  app.route({ ...routeOf(iotEndpoints.cancelJob), config: IOT_PAGE, handler: async (request) => service.cancelJob(callerOf(request), request.params.id) });
  app.route({ ...routeOf(iotEndpoints.jobExecutions), config: IOT_PAGE, handler: async (request) => service.jobExecutions(callerOf(request), request.params.id) });
  app.route({
    ...routeOf(iotEndpoints.jobExecution),
    config: IOT_PAGE,
    handler: async (request) => service.jobExecution(callerOf(request), request.params.jobId, request.params.id),
  });
  app.route({
    ...routeOf(iotEndpoints.cancelExecution),
    config: IOT_PAGE,
    handler: async (request) => service.cancelExecution(callerOf(request), request.params.thingId, request.params.jobId),
  });
  app.route({ ...routeOf(iotEndpoints.templates), config: IOT_PAGE, handler: async () => service.templates() });
  app.route({ ...routeOf(iotEndpoints.packageVersions), config: IOT_PAGE, handler: async (request) => service.packageVersions(request.params.packageName) });

  if (local) registerLocalThingSide(app, local, secret);
};

/** The things' calls to the local stand-in, and its schedule: the due jobs started every SCHEDULE_TICK_MS. */
function registerLocalThingSide(app: Parameters<typeof iotRoutes>[0], things: LocalThingSide, secret: string): void {
  app.route({
    ...routeOf(thingEndpoints.nextExecution),
    config: forThings,
    handler: async (request) => ({ execution: await things.nextExecution((await authenticateThing(things, secret, request)).id) }),
  });
  app.route({
    ...routeOf(thingEndpoints.reportExecution),
    config: forThings,
    handler: async (request) => {
      const thing = await authenticateThing(things, secret, request);
      return { status: await things.reportExecution(thing.id, request.params.jobId, request.body) };
    },
  });
  app.route({
    ...routeOf(thingEndpoints.reportConnectivity),
    config: forThings,
    handler: async (request) => things.reportConnectivity((await authenticateThing(things, secret, request)).id, request.body.connected, new Date()),
  });
  app.route({
    ...routeOf(thingEndpoints.reportTelemetry),
    config: forThings,
    handler: async (request) => {
      const thing = await authenticateThing(things, secret, request);
      const now = new Date();
      const samples = request.body.samples.map((s) => ({ metric: s.metric, value: s.value, at: s.at ? new Date(s.at) : now }));
      return { recorded: await things.reportTelemetry(thing.id, samples) };
    },
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      things.startDueJobs().catch((error: unknown) => app.log.warn({ err: error }, 'could not start the scheduled IoT jobs'));
    }, SCHEDULE_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
