import type { EndpointSpec } from './endpoint';
import { nfcEndpoints } from './nfc';
import { cdiffEndpoints } from './reports/cdiff';
import { complianceEndpoints, handwashEndpoints, userReportEndpoints } from './reports/compliance';
import { dispenserEndpoints } from './reports/dispensers';
import { exposureEndpoints } from './reports/exposure';
import { roundingEndpoints } from './reports/rounding';
import { wearableReportEndpoints } from './reports/wearables';
import { userEndpoints } from './users';
import { wearableEndpoints } from './wearables-admin';

/** Every endpoint described in the contracts, by area, under the main API's root (/api). */
export const MAIN_API_ENDPOINTS: Readonly<Record<string, Readonly<Record<string, EndpointSpec>>>> = {
  nfc: nfcEndpoints,
  compliance: complianceEndpoints,
  userReports: userReportEndpoints,
  handwash: handwashEndpoints,
  dispensers: dispenserEndpoints,
  rounding: roundingEndpoints,
  exposure: exposureEndpoints,
  cdiff: cdiffEndpoints,
  wearableReports: wearableReportEndpoints,
  wearables: wearableEndpoints,
  users: userEndpoints,
};
