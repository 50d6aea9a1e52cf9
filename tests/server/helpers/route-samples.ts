import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { KIOSK_GATEWAY_MODEL_ID } from '../../../server/src/contracts/devices';
import { gatewayCommandChannel } from '../../../server/src/contracts/stations-realtime';
import type { Database } from '../../../server/src/db/client';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../server/src/db/seed';
import { stableHash } from '../../../server/src/db/demo/devices-data';
import { observationSessions, observations, dataExports, devices, emailSubscriptions, firmwareVersions, nfcTags, softwareVersions, users, wearableAssignments, zones } from '../../../server/src/db/schema';
import type { RegisteredRoute } from '../../../server/src/plugins/route-registry';
import { gatewayToken } from '../../../server/src/core/gateway-auth';
import { TEST_INGEST_SECRET, type Tokens } from './app';
import { linkUserToSubject } from '../../../server/src/modules/users/identity-link.repo';
import { createConfirmedAccount, subjectOfAccount } from './identity';
import { handOut, ST_MARYS, type StaffShare, staffOf } from './staff';
import { multipartFile, TINY_PNG } from './photos';
import { createHash } from 'node:crypto';
import { IOT_ROUTE_SAMPLES, loadIotSampleIds, thingHeaders, type IotSampleIds } from './iot-samples';

// One valid request for every route the server registers, as a plain table: what the input and
// permission tests start from. A route added without a sample fails `missingSamples`. Values look
// like what they are (the input test reads them so): digits only for numbers, YYYY-MM-DD for days,
// arrays for list parameters, and text that is not all digits.

/** ICU – 3 North (St. Mary's ICU, organization 5): the location most samples are about. */
const ICU_NORTH = 6;
const ST_MARYS_ICU_ORG = 5;
/** The demo's own template 'Charge Nurse' (St. Mary's Hospital). */
const CHARGE_NURSE_TEMPLATE = 5;
/** The demo badge model Rev D. */
const REV_D = 6;

/** Who sends the samples. */
export interface SampleCaller {
  userId: number;
  userName: string;
  tokens: Tokens;
}

/**
 * The sender states a purpose for the staff the samples read the figures of (docs/PRIVACY.md 'A
 * purpose first'), as the app does before it opens them: without it those reads answer 428.
 */
export async function statePurposesForSamples(app: { inject: (options: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }) => Promise<{ statusCode: number }> }, tokens: Tokens, ids: SampleIds): Promise<void> {
  for (const personUserId of ids.staffIds) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/privacy/purposes',
      headers: { authorization: tokens.idToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ personUserId, purpose: 'DATA_QUALITY' }),
    });
    if (res.statusCode !== 200) throw new Error(`the purpose for user ${personUserId} was refused (${res.statusCode})`);
  }
}

/** The demo rows the samples name, looked up in the seeded database. */
export interface SampleIds {
  /** The IoT devices' rows (iot-samples.ts). */
  iot: IotSampleIds;
  kiosk: { id: number; mac: string; name: string };
  /** A software version of the kiosk's model (a software job). */
  kioskSoftwareVersionId: number;
  /** A wristband docked at the kiosk that the console may assign (not sync-enabled). */
  kioskSpareMac: string;
  /** Active staff of ICU – 3 North (not demo accounts). */
  staffIds: [number, number];
  /** Active staff of ICU – 3 North holding no NFC tag. */
  taglessStaffId: number;
  /** A tag with its holder. */
  tag: { id: number; nfcId: string; holderId: number };
  badge: { freeId: number; heldId: number; holderId: number; heldMac: string };
  badgeFirmwareId: number;
  cdiffZoneId: number;
  dispenserId: number;
  /** The dispenser's location and model (operations and presets). */
  dispenserGroupId: number;
  dispenserModelId: number;
  bedBeaconId: number;
  /** A worn wristband and the room beacon of its wearer's location, for a sensor event. */
  presence: { wearableMac: string; beaconMac: string };
  /** A St. Mary's staff member without a sign-in account, to invite. */
  inviteeUserName: string;
  /** A St. Mary's staff member with a sign-in account whose password is SAMPLE_PASSWORD. */
  accountUserName: string;
  /** The demo's 'Staff list' data export (network-wide, one boolean parameter :active). */
  dataExportId: number;
  /** A compliance-report subscription of a member of ICU – 3 North. */
  emailSubscription: { id: number; userId: number };
  /** A dispenser and a C. diff room of ICU – 3 North as the Location Editor sends them back unchanged. */
  editor: { device: Record<string, unknown>; zone: Record<string, unknown> };
  /** The admin's observation session on ICU – 3 North (started two hours ago) and one observation of it, named by their devices' ids. */
  audit: { sessionClientId: string; startedAt: string; observationClientId: string };
}

/** A request, as the route's own sign-in asks for it (the kiosk gateway's credentials for 'gateway', an IoT thing's for 'thing'). */
export interface SampleRequest {
  params?: Record<string, string | number>;
  /** Arrays are list parameters, sent repeated. */
  query?: Record<string, string | number | boolean | readonly (string | number)[]>;
  body?: unknown;
  as?: 'gateway' | 'thing';
  /** A body that is not JSON (a file upload), sent as it is with its content type. */
  raw?: { payload: Buffer; contentType: string };
  /** What the admin gets for it, when not 200. */
  status?: number;
}

type Sample = (ids: SampleIds, caller: SampleCaller) => SampleRequest;

/** The password of `accountUserName`; the set-password sample sets it again. */
export const SAMPLE_PASSWORD = 'Sample!Pass123';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** The reports' default range: the last 7 days to today. */
const week = () => ({ startDate: day(-6), endDate: day(0) });
const report = () => ({ organizationIds: [DEMO_ORG_IDS.stMarys], ...week() });
/** This month (UTC), YYYY-MM. */
const thisMonth = () => new Date().toISOString().slice(0, 7);
/** `minutes` after an instant, ISO. */
const later = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
/** The id a device would give what it creates, made from a name (a UUID, version 4 by its form). */
export function deviceId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const byLocation = () => ({ groupIds: [ICU_NORTH], ...week() });

/** A crash of the app as it reports one. */
const clientErrorSample = (userId: number | null) => ({
  kind: 'render',
  release: '0.1.0+sample',
  route: '/app/reports/overview',
  message: "Cannot read properties of undefined (reading 'map')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Overview (overview-page.tsx:12:7)',
  userId,
});

/** Every route and its sample request, keyed 'METHOD url' as the route registry lists them. */
export const ROUTE_SAMPLES: Record<string, Sample> = {
  'GET /config.json': () => ({}),
  'GET /api/bootstrap': (_, me) => ({ query: { username: me.userName, loginType: 'WEB_APP' } }),
  'GET /api/users/username': (_, me) => ({ query: { username: me.userName } }),
  'GET /api/v2/users/me': () => ({}),
  'GET /api/demo-history': () => ({}),
  'POST /api/client-errors': (_, me) => ({ body: clientErrorSample(me.userId), status: 201 }),
  'POST /api/client-errors/anonymous': () => ({ body: clientErrorSample(null), status: 201 }),
  'GET /api/client-errors': () => ({ query: { take: 20 } }),
  // Ends the sign-in it is sent with (ENDS_SIGN_IN): walkers send it with one of its own.
  'POST /api/session/sign-out': () => ({}),

  'POST /api/users/verify-email': (_, me) => ({ body: { username: me.userName } }),
  // A code that was never sent: the identity provider refuses it after every check of ours.
  'POST /api/users/user-verify-email': (_, me) => ({
    body: { jwtToken: me.tokens.accessToken, email: me.userName, code: '123456' },
    status: 400,
  }),
  'PUT /api/users/set-password': (ids) => ({ body: { username: ids.accountUserName, password: SAMPLE_PASSWORD } }),
  'POST /api/users/resend-invite': (ids) => ({ body: { Username: ids.inviteeUserName, clientId: inject('identity').clientId } }),
  'POST /api/pusher/auth': (_, me) => ({ body: { socket_id: '1234.5678', channel_name: `private-client-${me.userId}` } }),

  'POST /api/ingest/events': (ids) => ({
    as: 'gateway',
    body: {
      events: [
        { id: 'route-sample-1', at: new Date().toISOString(), type: 'presence', action: 'enter', wearable: ids.presence.wearableMac, beacon: ids.presence.beaconMac },
      ],
    },
  }),
  'GET /api/gateways/station': () => ({ as: 'gateway' }),
  'POST /api/gateways/pusher/auth': (ids) => ({
    as: 'gateway',
    body: { socket_id: '1234.5678', channel_name: gatewayCommandChannel(ids.kiosk.mac) },
  }),

  'GET /api/compliance/overview-stats': () => ({ query: report() }),
  'GET /api/compliance/trend': () => ({ query: { ...report(), metric: 'average' } }),
  'GET /api/compliance/breakdowns': () => ({ query: { organizationId: ST_MARYS_ICU_ORG, groupIds: [ICU_NORTH], professionId: 'REGISTERED_NURSE', ...week() } }),
  'GET /api/compliance/ranking/users': () => ({ query: { ...report(), take: 20, includeEmpty: 'true', search: 'a' } }),
  'GET /api/compliance/ranking/professions': () => ({ query: { ...report(), take: 5 } }),
  'GET /api/compliance/report': (ids) => ({ query: { ...report(), userIds: ids.staffIds, metric: 'total', split: 'true', numOrgs: 5 } }),
  'GET /api/compliance/user/dashboard': (ids) => ({ query: { userId: ids.staffIds[0], ...week() } }),
  'GET /api/compliance/user/activity': (ids) => ({ query: { userId: ids.staffIds[0], date: day(-1) } }),
  'GET /api/workflow/activity/available-days': (ids) => ({ query: { userId: ids.staffIds[0] } }),
  'GET /api/compliance/user/own-opportunities': () => ({ query: { date: '2025-03-10' } }),
  // The admin wears nothing: no opportunity of theirs at that instant, and no such dispute.
  'POST /api/compliance/user/own-opportunities/disputes': () => ({ body: { kind: 'ENTRY', doorAt: '2025-03-10T08:00:00.000Z', reason: 'WASHED_ELSEWHERE' }, status: 404 }),
  'GET /api/compliance/own-past': () => ({ query: { date: '2025-03-16' } }),
  'PUT /api/compliance/own-goal': () => ({ body: { goalPercent: 85 } }),
  'GET /api/compliance/disputes': () => ({ query: { status: 'OPEN', take: 10 } }),
  'POST /api/compliance/disputes/:id/accept': (ids) => ({ params: { id: 2_147_483_000 }, body: { userId: ids.staffIds[0], reply: 'Seen on the sink camera log' }, status: 404 }),
  'POST /api/compliance/disputes/:id/decline': (ids) => ({ params: { id: 2_147_483_000 }, body: { userId: ids.staffIds[0], reply: 'The badge was on you' }, status: 404 }),
  'GET /api/dispensers/wash-type-breakdown': () => ({ query: report() }),
  'GET /api/dispensers/handwash/overview-stats': () => ({ query: report() }),
  'GET /api/dispensers/wash-count-trend': () => ({ query: report() }),
  'GET /api/dispensers/wash-type-trend': () => ({ query: report() }),
  'GET /api/dispensers/overview-stats': () => ({ query: byLocation() }),
  'GET /api/dispensers/trend': () => ({ query: byLocation() }),
  'GET /api/dispensers/usage-trends': () => ({ query: byLocation() }),
  'GET /api/dispensers/ranking': () => ({ query: byLocation() }),
  'GET /api/dispensers/group/activity': () => ({ query: { groupId: ICU_NORTH, ...week() } }),
  'GET /api/dispensers/dispenser/activity/hourly': (ids) => ({ query: { dispenserId: ids.dispenserId, ...week() } }),
  'GET /api/devices/group': () => ({ query: { groupId: ICU_NORTH, types: ['DISPENSER', 'BEACON'], roles: ['Soap'] } }),
  'GET /api/staffRounding/user': () => ({ query: { ...report(), search: 'a' } }),
  'GET /api/staffRounding/bed': () => ({ query: { ...byLocation(), search: 'bed' } }),
  'GET /api/staffRounding/user/stats': (ids) => ({ query: { userId: ids.staffIds[0], groupIds: [ICU_NORTH], ...week() } }),
  'GET /api/staffRounding/bed/stats': (ids) => ({ query: { beaconId: ids.bedBeaconId, ...week() } }),
  'GET /api/staffRounding/location': () => ({ query: byLocation() }),
  'GET /api/staffRounding/organization': () => ({ query: report() }),
  'GET /api/exposureReport/interaction': (ids) => ({
    query: { organizationIds: [DEMO_ORG_IDS.stMarys], userId: ids.staffIds[0], periodMs: 120_000, ...week() },
  }),
  'GET /api/zones/cdiff': () => ({ query: { groupIds: [DEMO_GROUP_IDS.stMarys], search: ['name~"a"'], take: 5, ...week() } }),
  'GET /api/zones/cdiff/:zoneId/visits': (ids) => ({ params: { zoneId: ids.cdiffZoneId }, query: { take: 5, ...week() } }),
  'GET /api/wearable-usage/organization': () => ({ query: report() }),
  'GET /api/wearable-management/organization': () => ({ query: { organizationIds: [DEMO_ORG_IDS.stMarys] } }),
  'GET /api/data-exports': () => ({}),
  'GET /api/data-exports/requests': () => ({}),
  'POST /api/data-exports': () => ({
    body: {
      name: 'Sample export',
      sqlQuery: 'SELECT first_name FROM export_views.staff WHERE active = :active AND location_id = :locationId;',
      organizationsIds: [DEMO_ORG_IDS.stMarys],
      parameters: [
        { parameter: 'active', type: 'boolean' },
        { parameter: 'locationId', type: 'integer' },
      ],
    },
    status: 201,
  }),
  // The body's cognitoId is accepted and never read: the requester is the token's subject.
  'POST /api/data-exports/requests/:id': (ids) => ({ params: { id: ids.dataExportId }, query: { ...week(), active: 'true' }, body: { cognitoId: 'any-subject' }, status: 201 }),
  // No request of this id is anyone's: the file route answers 404 to every caller it lets through.
  'GET /api/data-exports/requests/:id/file': () => ({ params: { id: 2_147_483_000 }, status: 404 }),
  'POST /api/users/export': () => ({ query: { orgIds: [ST_MARYS_ICU_ORG], exportType: 'users', search: 'a' }, status: 201 }),
  // A job that does not exist: the requester's own jobs are the only ones found.
  'GET /api/exports/:jobId': () => ({ params: { jobId: 2_147_483_000 }, status: 404 }),
  'GET /api/exports/:jobId/file': () => ({ params: { jobId: 2_147_483_000 }, status: 404 }),

  'GET /api/nfc-tags': () => ({ query: { groupId: ICU_NORTH, status: 'active', search: 'ae', take: 10 } }),
  'GET /api/nfc/nfcId/:nfcId': (ids) => ({ params: { nfcId: ids.tag.nfcId } }),
  'GET /api/nfc/nfc-data': (ids) => ({ query: { groupId: ICU_NORTH, userId: ids.tag.holderId } }),
  'POST /api/nfc-tags': (ids) => ({
    body: { nfcId: 'SAMPLE0000000A', nfcShortId: 'S1', userId: ids.taglessStaffId, groupId: ICU_NORTH, active: true },
    status: 201,
  }),
  'PATCH /api/nfc-tags/:id': (ids) => ({
    params: { id: ids.tag.id },
    body: { userId: ids.tag.holderId, expectedUserId: ids.tag.holderId, nfcShortId: 'S2', active: true },
  }),
  'GET /api/nfc-tags/:id/assign-events': (ids) => ({ params: { id: ids.tag.id }, query: { take: 10 } }),

  'GET /api/users': () => ({ query: { organizationIds: [ST_MARYS_ICU_ORG], groupId: ICU_NORTH, search: 'a', active: 'true', take: 10 } }),
  'GET /api/devices/wearables': () => ({ query: { groupId: ICU_NORTH, type: 'BADGE', search: 'badge', assigned: 'true' } }),
  'POST /api/users/assign-badge': (ids) => ({ body: [{ userId: ids.staffIds[0], wearableId: ids.badge.freeId }] }),
  'POST /api/users/unassign-wearable': (ids) => ({ body: { userId: ids.badge.holderId, wearableId: ids.badge.heldId } }),
  'GET /api/devices/:id/history': (ids) => ({ params: { id: ids.badge.heldId }, query: { take: 10 } }),
  'GET /api/users/:id/history': (ids) => ({ params: { id: ids.badge.holderId }, query: { take: 10 } }),
  'GET /api/devices/models': () => ({ query: { type: 'BADGE' } }),
  'GET /api/devices/mac/:mac': (ids) => ({ params: { mac: ids.badge.heldMac } }),
  'POST /api/devices': (ids) => ({
    body: { mac: '0E:5A:4D:50:4C:45', type: 'BADGE', groupId: ICU_NORTH, modelId: REV_D, firmwareVersionId: ids.badgeFirmwareId, name: 'Sample badge', active: true },
    status: 201,
  }),

  'GET /api/devices/paths': () => ({ query: { groupId: ICU_NORTH } }),
  // A new client id each time, so each caller's add is a path of its own.
  'POST /api/groups/:groupId/add-path': () => ({
    params: { groupId: ICU_NORTH },
    body: { clientId: crypto.randomUUID(), origin: { x: 120, y: 80 }, destination: { x: 320, y: 80 } },
    status: 201,
  }),
  'DELETE /api/groups/:groupId/remove-path': () => ({ params: { groupId: ICU_NORTH }, body: { clientId: crypto.randomUUID() } }),
  'GET /api/audits/units': () => ({}),
  'POST /api/audits/sessions': (ids) => ({ body: { clientId: ids.audit.sessionClientId, groupId: ICU_NORTH, startedAt: ids.audit.startedAt } }),
  'POST /api/audits/sessions/:clientId/end': (ids) => ({ params: { clientId: ids.audit.sessionClientId }, body: { endedAt: later(ids.audit.startedAt, 60) } }),
  'POST /api/audits/observations': (ids) => ({
    body: {
      clientId: deviceId(`${ids.audit.sessionClientId}:sample`),
      sessionClientId: ids.audit.sessionClientId,
      observedAt: later(ids.audit.startedAt, 10),
      zoneId: ids.cdiffZoneId,
      indication: 'MOMENT_1',
      action: 'RUB',
      gloves: false,
      userId: ids.staffIds[0],
      professionId: null,
    },
  }),
  'DELETE /api/audits/observations/:clientId': (ids) => ({ params: { clientId: ids.audit.observationClientId } }),
  'GET /api/audits/sessions': () => ({ query: { groupId: ICU_NORTH, month: thisMonth(), mine: 'true' } }),
  'GET /api/audits/validation/summary': () => ({ query: report() }),
  'GET /api/trust': () => ({ query: report() }),
  'GET /api/trust/wearer': (ids) => ({ query: { userId: ids.staffIds[0], ...week() } }),
  'GET /api/trust/locations/:groupId': () => ({ params: { groupId: ICU_NORTH }, query: week() }),
  'GET /api/audits/validation': () => ({ query: { groupId: ICU_NORTH, month: thisMonth() } }),
  'GET /api/audits/leapfrog': () => ({ query: { groupId: ICU_NORTH, month: thisMonth(), option: '1' } }),
  'POST /api/privacy/purposes': (ids) => ({ body: { personUserId: ids.staffIds[1], purpose: 'OTHER', note: 'Checking a badge swap' } }),
  'GET /api/privacy/purposes': () => ({}),
  'GET /api/privacy/access-log': () => ({ query: { take: 5 } }),
  'GET /api/audit-events': (ids) => ({ query: { personUserId: ids.staffIds[0], action: 'read', take: 5, ...week() } }),
  'GET /api/privacy/description': () => ({ query: { organizationId: DEMO_ORG_IDS.stMarys } }),
  'GET /api/firmware/versions': () => ({ query: { modelId: REV_D } }),
  // The test server's storage holds no firmware images (a demo server writes them at start-up):
  // a real version whose image is absent answers 404 to every caller the page lets through.
  'GET /api/firmware/versions/:id/file': (ids) => ({ params: { id: ids.badgeFirmwareId }, status: 404 }),
  'GET /api/devices/beacons': () => ({ query: { groupId: ICU_NORTH } }),
  'GET /api/devices/beacons/roles': () => ({ query: { groupId: ICU_NORTH } }),
  'GET /api/devices/dispensers': () => ({ query: { groupId: ICU_NORTH } }),
  'POST /api/settings/devices': (ids) => ({ body: { deviceIds: [ids.dispenserId] } }),
  'POST /api/settings': (ids) => ({ body: [{ deviceId: ids.dispenserId, settings: [{ label: 'LED Color', desired: 255 }] }] }),
  'POST /api/operations': (ids) => ({
    body: { description: 'Sample settings', operations: [{ type: 'SETTING', deviceId: ids.dispenserId, groupId: ids.dispenserGroupId }] },
  }),
  'POST /api/operations/cancel': () => ({ body: { operationMetaDataId: 2_147_483_000 }, status: 404 }),
  'POST /api/settings/presets': (ids) => ({
    body: { name: 'Sample preset', modelId: ids.dispenserModelId, settings: [{ label: 'LED Color', value: 255 }] },
    status: 201,
  }),
  'PUT /api/settings/presets': () => ({ body: { id: 2_147_483_000, name: 'Sample preset', settings: [] }, status: 404 }),
  'DELETE /api/settings/presets/:id': () => ({ params: { id: 2_147_483_000 }, status: 404 }),
  'GET /api/gateways/operations': () => ({ as: 'gateway' }),
  'POST /api/gateways/operations/:id': () => ({ as: 'gateway', params: { id: 2_147_483_000 }, body: { status: 'WORKING', progress: 10 }, status: 404 }),
  'GET /api/devices/group/unresponsive': () => ({ query: byLocation() }),

  'GET /api/devices/gateway/:groupId': () => ({ params: { groupId: ICU_NORTH } }),
  'GET /api/devices/gateway/stats/:gatewayId': (ids) => ({ params: { gatewayId: ids.kiosk.id } }),
  // Names the kiosk as it is named, where it is: answered, changing nothing another sample reads.
  'POST /api/gateways/config': (ids) => ({ body: { id: ids.kiosk.id, groupId: ICU_NORTH, name: ids.kiosk.name } }),
  'POST /api/devices/tmate/toggle': (ids) => ({ body: { deviceId: ids.kiosk.id, enabled: false } }),
  'POST /api/software/jobs': (ids) => ({
    body: [{ deviceId: ids.kiosk.id, modelId: KIOSK_GATEWAY_MODEL_ID, mac: ids.kiosk.mac, softwareVersionIds: [ids.kioskSoftwareVersionId] }],
  }),
  'GET /api/gateways/software/jobs': () => ({ as: 'gateway' }),
  'POST /api/gateways/software/jobs/:id': () => ({ as: 'gateway', params: { id: 2_147_483_000 }, body: { status: 'STARTED', message: 'Downloading' }, status: 404 }),
  'GET /api/gateways/terminal': () => ({ as: 'gateway' }),
  'POST /api/gateways/state': () => ({ as: 'gateway', body: { terminalUrl: null, status: { code: 200, message: 'Gateway configured' } } }),
  // The calling gateway is known: answered with its row, which stays where it is.
  'POST /api/gateways/announce': () => ({ as: 'gateway', body: { modelId: KIOSK_GATEWAY_MODEL_ID } }),
  'GET /api/stations/gateways': () => ({ query: { groupId: DEMO_GROUP_IDS.stMarys, modelId: KIOSK_GATEWAY_MODEL_ID, roles: 'KIOSK_GATEWAY', search: 'kiosk' } }),
  'GET /api/iot/things/stations': () => ({ query: { groupIds: [DEMO_GROUP_IDS.stMarys] } }),
  'POST /api/stations/assignments': (ids) => ({ body: { gatewayId: ids.kiosk.id, wristbandMac: ids.kioskSpareMac, userId: ids.staffIds[1] } }),

  'GET /api/roles': () => ({ query: { orgId: ST_MARYS_ICU_ORG } }),
  'GET /api/roles/:id': () => ({ params: { id: CHARGE_NURSE_TEMPLATE } }),
  'GET /api/users/permissions': () => ({}),
  'POST /api/roles': () => ({ body: { name: 'Sample template', description: 'Reports only', owner: ST_MARYS_ICU_ORG, permissions: ['USER_OVERVIEW', 'COMPLIANCE'] }, status: 201 }),
  'PATCH /api/roles/:id': () => ({ params: { id: CHARGE_NURSE_TEMPLATE }, body: { description: 'Leads a shift' } }),
  // Gives a staff member the template they hold already (Individual User): a change no other sample notices.
  'PATCH /api/users/:id': (ids) => ({ params: { id: ids.staffIds[1] }, body: { roleId: 4 } }),
  'POST /api/users/bulk': () => ({
    body: {
      data: [
        {
          organizationId: ST_MARYS_ICU_ORG,
          // A new name each time, so every sample creates its user.
          userName: `sample.import.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
          clientUserId: 'E-sample',
          firstName: 'Sample',
          lastName: 'Import',
          email: 'sample.import@example.org',
          phone: null,
          permissionsTemplate: 'Individual User',
          grantAccess: false,
          profession: 'Nurse',
          complianceReport: 'f/d',
        },
      ],
    },
  }),
  'GET /api/users/:id/emails': (ids) => ({ params: { id: ids.emailSubscription.userId } }),
  'POST /api/users/:id/emails': (ids) => ({
    params: { id: ids.emailSubscription.userId },
    body: { userId: ids.emailSubscription.userId, type: 'FACILITY_COMPLIANCE_REPORT', schedule: '30 12 * * 1' },
  }),
  'DELETE /api/users/:id/emails': (ids) => ({ params: { id: ids.emailSubscription.userId }, query: { id: ids.emailSubscription.id } }),
  'POST /api/users/:id/photo': (_, me) => {
    const { payload, headers } = multipartFile(TINY_PNG);
    return { params: { id: me.userId }, raw: { payload, contentType: headers['content-type'] } };
  },
  // No demo user has a photo under this name: the route answers as for any photo that is not theirs.
  'GET /api/users/:id/photo/:name': (_, me) => ({ params: { id: me.userId, name: '0123456789abcdef.png' }, status: 404 }),
  // Organizations, locations and professions: edits that keep the demo's values (a location's
  // address is required by the form, so ICU – 3 North gets St. Mary's).
  'GET /api/organizations': () => ({}),
  'POST /api/organizations': () => ({
    body: { id: ST_MARYS_ICU_ORG, parentId: DEMO_ORG_IDS.stMarys, name: "St. Mary's ICU", type: 'DEPARTMENT', accountType: 'PRO', settings: { defaultLocationId: ICU_NORTH } },
  }),
  'GET /api/groups': () => ({}),
  'POST /api/groups': () => ({
    body: {
      id: ICU_NORTH,
      organizationId: ST_MARYS_ICU_ORG,
      name: 'ICU – 3 North',
      type: 'UNIT',
      address: '1200 Harbor View Blvd, Portland, OR 97201',
      timeZone: 'US/Pacific',
      shiftLengthHours: 12,
      requiredHandWashDuration: 20,
      beforeEntrySecondsToComply: 60,
      afterEntrySecondsToComply: 60,
      beforeExitSecondsToComply: 60,
      afterExitSecondsToComply: 60,
    },
  }),
  // The demo's plans are static files: no location has an uploaded one to serve.
  'GET /api/groups/:id/floorplan/:file': () => ({ params: { id: ICU_NORTH, file: '0123456789abcdef.png' }, status: 404 }),
  'GET /api/groups/editor': () => ({ query: { groupId: ICU_NORTH } }),
  // Publishes what is already published, from its current version: answered, changing nothing.
  'POST /api/groups/editor': (ids) => ({ query: { groupId: ICU_NORTH }, body: [ids.editor.device, ids.editor.zone] }),
  'GET /api/users/professions': () => ({}),
  'GET /api/users/professions/:organizationId': () => ({ params: { organizationId: DEMO_ORG_IDS.stMarys } }),
  // A duplicate of the demo's own profession: refused without changing anything.
  'POST /api/users/professions': () => ({ body: { data: { name: 'Registered Nurse', id: 'REGISTERED_NURSE', professionId: 'REGISTERED_NURSE', organizationId: DEMO_ORG_IDS.stMarys } }, status: 409 }),
  // Users screen and My Account: a user without email or sign-in name (named first.last, numbered), one's own phone, activating an active user.
  'POST /api/users': () => ({
    body: { firstName: 'Sample', lastName: 'Person', organizationId: DEMO_ORG_IDS.stMarys, clientId: inject('identity').clientId },
    status: 201,
  }),
  'PUT /api/users/:id/set-details': (_, me) => ({ params: { id: me.userId }, body: { phone: '5551234567' } }),
  'PUT /api/users/:id/set-active': (ids) => ({ params: { id: ids.staffIds[1] }, body: { active: true } }),
  // A staff member's scope set to what they have: none.
  'PUT /api/users/:id/set-scope': (ids) => ({ params: { id: ids.staffIds[1] }, body: { managedOrganizationIds: [], managedGroupIds: [] } }),
  // A staff member without a sign-in account: answered 409 after every check, changing nobody's access.
  'PUT /api/users/:id/site-access': (ids) => ({ params: { id: ids.staffIds[1] }, body: { granted: true }, status: 409 }),
  ...IOT_ROUTE_SAMPLES,
};

/** Routes whose sample ends the sign-in it is sent with: send it with a sign-in of its own. */
export const ENDS_SIGN_IN: ReadonlySet<string> = new Set(['POST /api/session/sign-out']);

/** The registry's key of a route: 'METHOD url'. */
export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Registered routes without a sample, and samples of routes that are not registered. */
export function missingSamples(routes: readonly RegisteredRoute[]): { unsampled: string[]; unregistered: string[] } {
  const keys = new Set(routes.map(routeKey));
  return {
    unsampled: [...keys].filter((key) => !(key in ROUTE_SAMPLES)),
    unregistered: Object.keys(ROUTE_SAMPLES).filter((key) => !keys.has(key)),
  };
}

/** A user a request acts on. */
export interface SampleTarget {
  id: number;
  userName: string;
}

/**
 * The routes that act on a user (docs/PERMISSIONS.md 'Acting on another user'): what of the
 * route's sample changes so that it acts on `target` instead.
 */
export const ACTING_SAMPLES: Record<string, (ids: SampleIds, target: SampleTarget) => Pick<SampleRequest, 'params' | 'query' | 'body'>> = {
  'PUT /api/users/set-password': (_, t) => ({ body: { username: t.userName, password: SAMPLE_PASSWORD } }),
  'POST /api/users/verify-email': (_, t) => ({ body: { username: t.userName } }),
  'POST /api/users/resend-invite': (_, t) => ({ body: { Username: t.userName, clientId: inject('identity').clientId } }),
  'PUT /api/users/:id/set-details': (_, t) => ({ params: { id: t.id }, body: { firstName: 'Changed', email: 'changed-by-someone@example.org' } }),
  'PUT /api/users/:id/set-active': (_, t) => ({ params: { id: t.id }, body: { active: false } }),
  'PUT /api/users/:id/site-access': (_, t) => ({ params: { id: t.id }, body: { granted: false } }),
  'PUT /api/users/:id/set-scope': (_, t) => ({ params: { id: t.id }, body: { managedOrganizationIds: [], managedGroupIds: [] } }),
  'PATCH /api/users/:id': (_, t) => ({ params: { id: t.id }, body: { roleId: 4 } }),
  'POST /api/users/:id/photo': (_, t) => ({ params: { id: t.id } }),
  'POST /api/users/:id/emails': (_, t) => ({ params: { id: t.id }, body: { userId: t.id, type: 'FACILITY_COMPLIANCE_REPORT', schedule: '30 12 * * 1' } }),
  'DELETE /api/users/:id/emails': (ids, t) => ({ params: { id: t.id }, query: { id: ids.emailSubscription.id } }),
  'POST /api/users/assign-badge': (ids, t) => ({ body: [{ userId: t.id, wearableId: ids.badge.freeId }] }),
  'POST /api/users/unassign-wearable': (ids, t) => ({ body: { userId: t.id, wearableId: ids.badge.heldId } }),
  'POST /api/stations/assignments': (ids, t) => ({ body: { gatewayId: ids.kiosk.id, wristbandMac: ids.kioskSpareMac, userId: t.id } }),
  'POST /api/nfc-tags': (_, t) => ({ body: { nfcId: 'ACTING0000000A', nfcShortId: 'A1', userId: t.id, groupId: ICU_NORTH, active: true } }),
  'PATCH /api/nfc-tags/:id': (ids, t) => ({ params: { id: ids.tag.id }, body: { userId: t.id } }),
  'POST /api/compliance/disputes/:id/accept': (_, t) => ({ params: { id: 2_147_483_000 }, body: { userId: t.id } }),
  'POST /api/compliance/disputes/:id/decline': (_, t) => ({ params: { id: 2_147_483_000 }, body: { userId: t.id, reply: 'No' } }),
};

/** The sample of `route` as the caller sends it, acting on `target` (ACTING_SAMPLES). */
export function resolveActingSample(route: RegisteredRoute, ids: SampleIds, caller: SampleCaller, target: SampleTarget): ResolvedSample {
  const acting = ACTING_SAMPLES[routeKey(route)];
  if (!acting) throw new Error(`${routeKey(route)} acts on no user`);
  const base = resolveSample(route, ids, caller);
  const { params, query, body } = acting(ids, target);
  const wire = (values: Record<string, string | number | boolean | readonly (string | number)[]>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
  return {
    ...base,
    params: { ...base.params, ...(params ? (wire(params) as Record<string, string>) : {}) },
    query: { ...base.query, ...(query ? wire(query) : {}) },
    ...(body === undefined ? {} : { body }),
  };
}

/** A sample made concrete: every part as it goes on the wire, before it is put together. */
export interface ResolvedSample {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
  /** Sent as it is instead of the JSON of `body` (malformed JSON, say, or a file upload). */
  rawBody?: string | Buffer;
  /** What the admin gets for it. */
  status: number;
}

/** The sample of `route` as the caller (or, for 'gateway' samples, the demo kiosk gateway) sends it. */
export function resolveSample(route: RegisteredRoute, ids: SampleIds, caller: SampleCaller): ResolvedSample {
  const sample = ROUTE_SAMPLES[routeKey(route)];
  if (!sample) throw new Error(`no sample for ${routeKey(route)}`);
  const { params = {}, query = {}, body, as, raw, status = 200 } = sample(ids, caller);
  const headers: Record<string, string> = {};
  if (as === 'gateway') {
    headers['x-gateway-mac'] = ids.kiosk.mac;
    headers.authorization = `Bearer ${gatewayToken(TEST_INGEST_SECRET, ids.kiosk.mac)}`;
  } else if (as === 'thing') {
    Object.assign(headers, thingHeaders(ids.iot.thing.awsId));
  } else if (route.config.auth === 'id') {
    headers.authorization = caller.tokens.idToken;
  } else if (route.config.auth === 'access') {
    headers.authorization = `Bearer ${caller.tokens.accessToken}`;
    headers.version = '2';
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (raw) headers['content-type'] = raw.contentType;
  return {
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)])),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(raw ? { rawBody: raw.payload } : {}),
    status,
  };
}

/** The app.inject options of a resolved sample of `route`. */
export function toInject(route: RegisteredRoute, sample: ResolvedSample) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = sample.params[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const payload = sample.rawBody ?? (sample.body === undefined ? undefined : JSON.stringify(sample.body));
  return { method: route.method, url, query: sample.query, headers: sample.headers, remoteAddress: sampleAddress(route), ...(payload === undefined ? {} : { payload }) };
}

/**
 * The address a route's samples come from: one per route, so that the per-address limit on bad
 * gateway tokens (plugins/rate-limits.ts) counts each gateway route's refusals on their own.
 */
function sampleAddress(route: RegisteredRoute): string {
  const hash = stableHash(routeKey(route));
  return `10.${(hash >>> 16) & 0xff}.${(hash >>> 8) & 0xff}.${(hash & 0xfe) + 1}`;
}

/** Looks up the demo rows the samples name; `share` keeps two test files off each other's invitee. */
export async function loadSampleIds(db: Database, share: StaffShare): Promise<SampleIds> {
  const [kiosk] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.type, 'GATEWAY'), eq(devices.modelId, KIOSK_GATEWAY_MODEL_ID), eq(devices.groupId, ICU_NORTH)))
    .orderBy(asc(devices.id))
    .limit(1);
  if (!kiosk) throw new Error('no kiosk gateway in ICU – 3 North');
  const openAssignmentOf = (deviceId: ReturnType<typeof sql>) =>
    db
      .select({ id: wearableAssignments.id })
      .from(wearableAssignments)
      .where(and(eq(wearableAssignments.deviceId, deviceId), isNull(wearableAssignments.unassignedAt)));

  const [spare] = await db
    .select({ mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.gatewayId, kiosk.id), eq(devices.syncEnabled, false), eq(devices.active, true), notExists(openAssignmentOf(sql`${devices.id}`))))
    .orderBy(asc(devices.id))
    .limit(1);
  const staff = (without?: ReturnType<typeof notExists>) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, ICU_NORTH), eq(users.active, true), eq(users.demo, false), without))
      .orderBy(asc(users.id))
      .limit(3);
  const free = await staff();
  const [tagless] = await staff(notExists(db.select({ id: nfcTags.id }).from(nfcTags).where(eq(nfcTags.userId, users.id))));
  const [tag] = await db
    .select({ id: nfcTags.id, nfcId: nfcTags.nfcId, holderId: nfcTags.userId })
    .from(nfcTags)
    .where(and(eq(nfcTags.groupId, ICU_NORTH), eq(nfcTags.active, true), isNotNull(nfcTags.userId)))
    .orderBy(asc(nfcTags.id))
    .limit(1);
  const badges = await db
    .select({ id: devices.id, mac: devices.mac, holderId: wearableAssignments.userId })
    .from(devices)
    .leftJoin(wearableAssignments, and(eq(wearableAssignments.deviceId, devices.id), isNull(wearableAssignments.unassignedAt)))
    .where(and(eq(devices.type, 'BADGE'), eq(devices.groupId, ICU_NORTH), eq(devices.active, true)))
    .orderBy(asc(devices.id));
  const freeBadge = badges.find((b) => b.holderId === null);
  const [firmware] = await db.select({ id: firmwareVersions.id }).from(firmwareVersions).where(eq(firmwareVersions.modelId, REV_D)).limit(1);
  const firstOf = async (where: ReturnType<typeof and>) => (await db.select({ id: devices.id, mac: devices.mac, zoneId: devices.zoneId }).from(devices).where(where).orderBy(asc(devices.id)).limit(1))[0];
  const dispenser = await firstOf(and(eq(devices.type, 'DISPENSER'), eq(devices.groupId, ICU_NORTH)));
  const bed = await firstOf(and(eq(devices.type, 'BEACON'), eq(devices.physicalRole, 'BED'), eq(devices.groupId, ICU_NORTH)));
  const roomBeacon = await firstOf(and(eq(devices.type, 'BEACON'), eq(devices.physicalRole, 'ROOM'), eq(devices.groupId, ICU_NORTH)));
  const [worn] = await db
    .select({ mac: devices.mac })
    .from(devices)
    .innerJoin(wearableAssignments, and(eq(wearableAssignments.deviceId, devices.id), isNull(wearableAssignments.unassignedAt)))
    .where(and(eq(devices.type, 'WRISTBAND'), eq(devices.groupId, ICU_NORTH)))
    .orderBy(asc(devices.id))
    .limit(1);
  const [cdiff] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.type, 'CDIFF'), eq(zones.groupId, ICU_NORTH)))
    .orderBy(asc(zones.id))
    .limit(1);
  const [staffList] = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.name, 'Staff list')).limit(1);
  const [subscription] = await db
    .select({ id: emailSubscriptions.id, userId: emailSubscriptions.userId })
    .from(emailSubscriptions)
    .innerJoin(users, eq(users.id, emailSubscriptions.userId))
    .where(and(eq(users.groupId, ICU_NORTH), eq(users.demo, false)))
    .orderBy(asc(emailSubscriptions.id))
    .limit(1);
  const [editorDevice] = await db.select().from(devices).where(eq(devices.id, dispenser?.id ?? 0));
  const [editorZone] = await db.select().from(zones).where(eq(zones.id, cdiff?.id ?? 0));
  const nextStaff = handOut(await staffOf(db, ST_MARYS), share);
  const invitee = nextStaff();
  const account = nextStaff();
  // As the console does when it creates an account, the row is linked to the account's subject.
  const subject = await createConfirmedAccount(account.userName, SAMPLE_PASSWORD).catch(async (error: Error) => {
    // Another test project of this run, sharing the identity provider, made it already.
    if (error.name !== 'UsernameExistsException') throw error;
    return subjectOfAccount(account.userName);
  });
  await linkUserToSubject(db, account.id, subject);

  // The admin's observation session, stored as its device would have sent it; one per share of the seeded data.
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin@demo.health'));
  if (!admin) throw new Error('the demo data has no admin@demo.health');
  const sessionClientId = deviceId(`audit-session:${share}`);
  const startedAt = new Date(Date.now() - 2 * 3_600_000);
  await db.insert(observationSessions).values({ clientId: sessionClientId, groupId: ICU_NORTH, observerId: admin.id, startedAt }).onConflictDoNothing();
  const [session] = await db.select().from(observationSessions).where(eq(observationSessions.clientId, sessionClientId));
  const observationClientId = deviceId(`audit-observation:${share}`);
  await db
    .insert(observations)
    .values({ clientId: observationClientId, sessionId: session!.id, observedAt: new Date(startedAt.getTime() + 5 * 60_000), zoneId: null, indication: 'MOMENT_4', action: 'MISSED', gloves: false, userId: null, professionId: null })
    .onConflictDoNothing();

  const [kioskSoftware] = await db
    .select({ id: softwareVersions.id })
    .from(softwareVersions)
    .where(eq(softwareVersions.modelId, KIOSK_GATEWAY_MODEL_ID))
    .orderBy(asc(softwareVersions.id))
    .limit(1);
  if (!kioskSoftware) throw new Error('the demo data has no software version for the kiosk model');
  const heldBadge = badges.find((row) => row.holderId !== null);
  // Not the badge's holder: assigning them something else would end that holding before its unassign sample.
  const [a, b] = free.filter((row) => row.id !== heldBadge?.holderId);
  if (!spare || !a || !b || !tagless || !tag?.holderId || !freeBadge || !heldBadge?.holderId || !firmware || !dispenser || !bed || !roomBeacon || !worn || !cdiff || !staffList || !subscription || !editorDevice || !editorZone) {
    throw new Error(`the demo data lacks a row the route samples need: ${JSON.stringify({ spare, free, tagless, tag, freeBadge, heldBadge, firmware, dispenser, bed, roomBeacon, worn, cdiff, staffList, subscription })}`);
  }
  return {
    iot: await loadIotSampleIds(db),
    kiosk: { id: kiosk.id, mac: kiosk.mac, name: kiosk.name },
    kioskSoftwareVersionId: kioskSoftware.id,
    kioskSpareMac: spare.mac,
    staffIds: [a.id, b.id],
    taglessStaffId: tagless.id,
    tag: { id: tag.id, nfcId: tag.nfcId, holderId: tag.holderId },
    badge: { freeId: freeBadge.id, heldId: heldBadge.id, holderId: heldBadge.holderId, heldMac: heldBadge.mac },
    badgeFirmwareId: firmware.id,
    cdiffZoneId: cdiff.id,
    dispenserId: dispenser.id,
    dispenserGroupId: editorDevice.groupId ?? ICU_NORTH,
    dispenserModelId: editorDevice.modelId,
    bedBeaconId: bed.id,
    presence: { wearableMac: worn.mac, beaconMac: roomBeacon.mac },
    inviteeUserName: invitee.userName,
    accountUserName: account.userName,
    dataExportId: staffList.id,
    emailSubscription: subscription,
    editor: {
      device: {
        entityType: 'DEVICE',
        id: editorDevice.id,
        baseVersion: editorDevice.version,
        mac: editorDevice.mac,
        name: editorDevice.name,
        type: editorDevice.type,
        groupId: editorDevice.groupId,
        modelId: editorDevice.modelId,
        firmwareVersionId: editorDevice.firmwareVersionId,
        role: editorDevice.role,
        zoneId: editorDevice.zoneId,
        x: editorDevice.x,
        y: editorDevice.y,
        active: editorDevice.active,
        publish: true,
      },
      zone: {
        entityType: 'ZONE',
        id: editorZone.id,
        baseVersion: editorZone.version,
        name: editorZone.name,
        type: editorZone.type,
        groupId: editorZone.groupId,
        geometry: editorZone.geometry,
        active: editorZone.active,
        publish: true,
      },
    },
    audit: { sessionClientId, startedAt: (session?.startedAt ?? startedAt).toISOString(), observationClientId },
  };
}
