import { and, asc, eq, like } from 'drizzle-orm';
import { THING_ID_HEADER } from '../../../server/src/contracts/iot';
import type { Database } from '../../../server/src/db/client';
import { iotJobs, iotJobTemplates, iotThings } from '../../../server/src/db/schema';
import { thingToken } from '../../../server/src/core/thing-auth';
import { TEST_INGEST_SECRET } from './app';
import type { SampleRequest } from './route-samples';

// The IoT routes' samples (docs/IOT.md): the demo's first fall device of ICU – 3 North, the
// fall-detector update it ran, and the demo's Reboot template.

const ICU_NORTH = 6;
const DAY_MS = 86_400_000;

export interface IotSampleIds {
  thing: { id: number; awsId: string; name: string; x: number; y: number };
  /** A finished job of ICU – 3 North that ran on `thing`. */
  finishedJobId: number;
  rebootTemplateId: number;
}

/** Looks up the demo's IoT rows the samples name. */
export async function loadIotSampleIds(db: Database): Promise<IotSampleIds> {
  const [thing] = await db
    .select()
    .from(iotThings)
    .where(and(eq(iotThings.groupId, ICU_NORTH), eq(iotThings.type, 'fall_device_v1')))
    .orderBy(asc(iotThings.id))
    .limit(1);
  const [job] = await db
    .select({ id: iotJobs.id })
    .from(iotJobs)
    .where(and(eq(iotJobs.groupId, ICU_NORTH), eq(iotJobs.status, 'COMPLETED')))
    .orderBy(asc(iotJobs.id))
    .limit(1);
  const [reboot] = await db.select({ id: iotJobTemplates.id }).from(iotJobTemplates).where(like(iotJobTemplates.name, 'Reboot%')).limit(1);
  if (!thing || !job || !reboot) throw new Error('the demo data lacks the IoT rows the route samples need');
  return { thing: { id: thing.id, awsId: thing.awsId, name: thing.name, x: thing.x, y: thing.y }, finishedJobId: job.id, rebootTemplateId: reboot.id };
}

/** The headers a thing sends its calls with. */
export const thingHeaders = (awsId: string) => ({ [THING_ID_HEADER]: awsId, authorization: `Bearer ${thingToken(TEST_INGEST_SECRET, awsId)}` });

const lastWeek = () => ({ from: new Date(Date.now() - 7 * DAY_MS).toISOString(), to: new Date().toISOString() });

export const IOT_ROUTE_SAMPLES: Record<string, (ids: { iot: IotSampleIds }) => SampleRequest> = {
  'GET /api/iot/things': () => ({ query: { groupIds: [ICU_NORTH], take: 75, search: ['Fall'] } }),
  'GET /api/iot/things/:id/status': ({ iot }) => ({ params: { id: iot.thing.id } }),
  'GET /api/iot/things/:id/packages': ({ iot }) => ({ params: { id: iot.thing.id } }),
  'GET /api/iot/things/:id/connectivity': ({ iot }) => ({ params: { id: iot.thing.id }, query: lastWeek() }),
  'GET /api/iot/things/:id/telemetry/aggregate': ({ iot }) => ({ params: { id: iot.thing.id }, query: { ...lastWeek(), interval: '1h', metrics: ['system location'] } }),
  'GET /api/iot/things/:id/jobs/executions': ({ iot }) => ({ params: { id: iot.thing.id } }),
  // Sent back as it is: the device stays where it is.
  'PATCH /api/iot/things/falls/:id': ({ iot }) => ({ params: { id: iot.thing.id }, body: { groupId: ICU_NORTH, name: iot.thing.name, posX: iot.thing.x, posY: iot.thing.y } }),
  'GET /api/iot/jobs': () => ({ query: { groupIds: [ICU_NORTH] } }),
  'POST /api/iot/jobs': ({ iot }) => ({
    body: { name: 'Reboot sample', groupId: ICU_NORTH, templateId: iot.rebootTemplateId, description: 'A sample reboot', thingAwsIds: [iot.thing.awsId], parameters: { delaySeconds: 5 } },
    status: 201,
  }),
  // A finished job is no longer cancelled.
  'PUT /api/iot/jobs/:id/cancel': ({ iot }) => ({ params: { id: iot.finishedJobId }, status: 409 }),
  'GET /api/iot/jobs/:id/executions': ({ iot }) => ({ params: { id: iot.finishedJobId } }),
  'GET /api/iot/jobs/:jobId/executions/:id': ({ iot }) => ({ params: { jobId: iot.finishedJobId, id: iot.thing.id } }),
  // An execution that already ran is no longer cancelled.
  'PUT /api/iot/things/:thingId/jobs/:jobId/cancel': ({ iot }) => ({ params: { thingId: iot.thing.id, jobId: iot.finishedJobId }, status: 409 }),
  'GET /api/iot/jobs/templates': () => ({}),
  'GET /api/iot/software/:packageName': () => ({ params: { packageName: 'fall-detector' } }),

  'GET /api/things/jobs/next': () => ({ as: 'thing' }),
  // Its execution of the finished job is over.
  'PUT /api/things/jobs/:jobId': ({ iot }) => ({ as: 'thing', params: { jobId: iot.finishedJobId }, body: { status: 'IN_PROGRESS', stdout: 'starting' }, status: 409 }),
  'POST /api/things/connectivity': () => ({ as: 'thing', body: { connected: true } }),
  'POST /api/things/telemetry': () => ({ as: 'thing', body: { samples: [{ metric: 'system location', value: 3 }] } }),
};
