import type { EndpointSpec } from './endpoint';
import { accountAccessEndpoints } from './account-access';
import { bootstrapEndpoints } from './bootstrap';
import { clientErrorEndpoints } from './client-errors';
import { demoHistoryEndpoints } from './demo-history';
import { nfcEndpoints } from './nfc';
import { cdiffEndpoints } from './reports/cdiff';
import { dataExportEndpoints } from './reports/data-exports';
import { complianceEndpoints, handwashEndpoints, userReportEndpoints } from './reports/compliance';
import { dispenserEndpoints } from './reports/dispensers';
import { exposureEndpoints } from './reports/exposure';
import { ownGoalEndpoints } from './reports/own-past';
import { roundingEndpoints } from './reports/rounding';
import { trustEndpoints } from './reports/trust';
import { wearableReportEndpoints } from './reports/wearable-reports';
import { sessionEndpoints } from './session';
import { stationEndpoints } from './stations';
import { userEndpoints, userV2Endpoints } from './users';
import { deviceRegistryEndpoints } from './device-registry';
import { wearableEndpoints } from './wearables';
import { roleEndpoints } from './roles';
import { groupEndpoints, organizationEndpoints } from './organizations';
import { editorEndpoints } from './editor';
import { gatewayOperationEndpoints, operationEndpoints } from './operations';
import { pathEndpoints } from './paths';
import { unresponsiveEndpoints } from './unresponsive-devices';
import { firmwareEndpoints } from './firmware';
import { iotEndpoints, thingEndpoints } from './iot';
import { gatewayEndpoints, gatewaySoftwareEndpoints } from './gateways';
import { professionEndpoints } from './professions';
import { userImportEndpoints } from './user-import';
import { emailSubscriptionEndpoints } from './email-subscriptions';
import { userExportEndpoints } from './user-exports';
import { userAdminEndpoints } from './users-admin';
import { auditEndpoints } from './observation-audits';
import { disputeEndpoints } from './disputes';
import { privacyEndpoints } from './privacy';

/** Every endpoint described in the contracts, by area, under the main API's root (/api). */
export const MAIN_API_ENDPOINTS: Readonly<Record<string, Readonly<Record<string, EndpointSpec>>>> = {
  nfc: nfcEndpoints,
  compliance: complianceEndpoints,
  userReports: userReportEndpoints,
  disputes: disputeEndpoints,
  ownGoal: ownGoalEndpoints,
  privacy: privacyEndpoints,
  handwash: handwashEndpoints,
  dispensers: dispenserEndpoints,
  rounding: roundingEndpoints,
  exposure: exposureEndpoints,
  cdiff: cdiffEndpoints,
  trust: trustEndpoints,
  dataExports: dataExportEndpoints,
  wearableReports: wearableReportEndpoints,
  wearables: wearableEndpoints,
  deviceRegistry: deviceRegistryEndpoints,
  users: userEndpoints,
  bootstrap: bootstrapEndpoints,
  session: sessionEndpoints,
  accountAccess: accountAccessEndpoints,
  stations: stationEndpoints,
  demoHistory: demoHistoryEndpoints,
  clientErrors: clientErrorEndpoints,
  roles: roleEndpoints,
  organizations: organizationEndpoints,
  groups: groupEndpoints,
  editor: editorEndpoints,
  paths: pathEndpoints,
  operations: operationEndpoints,
  gatewayOperations: gatewayOperationEndpoints,
  unresponsiveDevices: unresponsiveEndpoints,
  firmware: firmwareEndpoints,
  professions: professionEndpoints,
  userImport: userImportEndpoints,
  emailSubscriptions: emailSubscriptionEndpoints,
  userExports: userExportEndpoints,
  usersAdmin: userAdminEndpoints,
  iot: { ...iotEndpoints, ...thingEndpoints },
  gateways: gatewayEndpoints,
  gatewaySoftware: gatewaySoftwareEndpoints,
  audits: auditEndpoints,
};

/** Every endpoint of the newer API (/api/v2). */
export const V2_API_ENDPOINTS: Readonly<Record<string, Readonly<Record<string, EndpointSpec>>>> = {
  users: userV2Endpoints,
};

/**
 * Routes of /api that no client of this repository calls through a description: the device
 * protocol (the ingest and a gateway's own calls, answered to gateways, not to users) and Pusher's
 * channel authorization, which pusher-js posts as a form; and the file of a finished data export,
 * which the browser downloads from the request's link; and an uploaded floor plan, loaded from a location's floorplanImage;
 * the users export's file, downloaded from its job's link; a profile photo's upload (a multipart form) and its image;
 * a firmware image, downloaded from its version's url.
 */
export const UNDESCRIBED_ROUTES = ['POST /api/ingest/events', 'GET /api/gateways/station', 'POST /api/gateways/pusher/auth', 'POST /api/pusher/auth', 'GET /api/data-exports/requests/:id/file', 'GET /api/groups/:id/floorplan/:file', 'GET /api/exports/:jobId/file', 'POST /api/users/:id/photo', 'GET /api/users/:id/photo/:name', 'GET /api/firmware/versions/:id/file'] as const;
