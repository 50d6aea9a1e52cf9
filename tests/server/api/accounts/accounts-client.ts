import type { PermissionSubject } from '../../../../server/src/contracts/permissions';
import type { Database } from '../../../../server/src/db/client';
import type { createTestApp, Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

export const ST_MARYS_ORG = 3;
export const RIVERSIDE_ORG = 4;
export const ST_MARYS_ICU_ORG = 5;
export const NETWORK_GROUP = 1;
export const ST_MARYS_GROUP = 2;
export const RIVERSIDE_GROUP = 3;
export const MAIN_TOWER = 4;
export const ICU_NORTH = 6;
export const RIVERSIDE_ICU = 15;

const ACCOUNTS_SUBJECTS: PermissionSubject[] = ['ORGANIZATIONS', 'LOCATIONS', 'PROFESSIONS'];

/** An administrator of the network (account type LAVO) who manages one hospital only. */
export async function createHospitalAdmin(db: Database, hospitalOrgId: number, label: string) {
  return createScopedAccount(db, { subjects: ACCOUNTS_SUBJECTS, groupIds: [], managedOrganizationIds: [hospitalOrgId], label });
}

/** A JSON call to /api/{path} with the caller's id token. */
export async function call(app: TestApp, tokens: Tokens, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: tokens.idToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.json() as unknown, raw: res };
}

/** A file part of a multipart form. */
export interface FilePart {
  name: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body of text fields and files, as a browser's FormData sends it. */
export function multipartBody(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----lavo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/groups as a multipart form. */
export async function postGroupForm(app: TestApp, tokens: Tokens, fields: Record<string, string | number>, files: FilePart[] = []) {
  const { payload, contentType } = multipartBody(fields, files);
  const res = await app.inject({ method: 'POST', url: '/api/groups', headers: { authorization: tokens.idToken, 'content-type': contentType }, payload });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The smallest valid png (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The location form's fields for a new unit under `parentId`. */
export const unitFields = (parentId: number, organizationId: number, name: string) => ({
  parentId,
  organizationId,
  name,
  type: 'UNIT',
  address: '1200 Harbor View Blvd, Portland, OR 97201',
  timeZone: 'US/Pacific',
  shiftLengthHours: 8,
  requiredHandWashDuration: 30,
  requiredVisitDuration: 99,
  beforeEntrySecondsToComply: 40,
  afterEntrySecondsToComply: 120,
  beforeExitSecondsToComply: 40,
  afterExitSecondsToComply: 120,
  mapScale: 1,
});
