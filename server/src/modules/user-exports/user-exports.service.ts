import Papa from 'papaparse';
import type { AppPage } from '../../contracts/page-access';
import { SITE_ACCESS_LABELS, siteAccessOf } from '../../contracts/site-access';
import { userExportFilePath, type ExportJob, type ExportState, type UserExportQuery, type UserExportSort, type UserExportType } from '../../contracts/user-exports';
import { HttpError } from '../../core/http-error';
import { localIso } from '../../core/zoned-time';
import { loadScope } from '../../core/scope';
import { searchWords } from '../../core/sql';
import type { Database } from '../../db/client';
import type { IdentityAccount, IdentityAdmin } from '../../identity/identity-admin';
import { JobFailure, type JobHandler, type JobRunner } from '../../jobs/job-runner';
import type { JobStatus } from '../../db/schema-jobs';
import { mayUse, type PageUser } from '../../core/access';
import type { Caller } from '../../core/caller';
import type { FileStorage } from '../../storage';
import type { StoredFile } from '../../storage/send-file';
import { organizationsUnder } from '../locations';
import { findOrganization, findRole } from '../users';

import { type ExportEntry, sortExportEntries } from './export-order';
import { countExportUsers, exportUsersBatch, findExportJob, findRequester, type ExportUserRow } from './user-export.repo';

export const USER_EXPORT_JOB = 'user-export';
/** Users read per batch: the progress bar moves once per batch. */
const BATCH = 500;
const NOT_FOUND = 'Export not found';

/** The page an export type belongs to: its users may run it. */
export const EXPORT_PAGE: Record<UserExportType, AppPage> = {
  users: '/app/accounts/users',
  access: '/app/accounts/access-management',
};

/** What a job row says of itself, as the screen polls it. */
const STATE: Record<JobStatus, ExportState> = { QUEUED: 'queued', RUNNING: 'active', DONE: 'completed', FAILED: 'failed' };

interface ExportPayload {
  requesterId: number;
  exportType: UserExportType;
  orgIds: number[];
  search: string | null;
  /** The table's order; absent in jobs queued before exports followed it (then by name). */
  sort?: UserExportSort;
  direction?: 'asc' | 'desc';
}

const fileKeyOf = (jobId: number) => `user-exports/${jobId}/users.csv`;
const FILE_NAME = 'Users.csv';
/** A cell that a spreadsheet would run as a formula (a name typed as '=…') is written as text. */
const CSV_OPTIONS = { escapeFormulae: true, newline: '\n' };

export interface UserExportsDeps {
  db: Database;
  storage: FileStorage;
  jobs: JobRunner;
}

/** POST /users/export and GET /exports/{jobId}: queue an export, and tell its requester how it goes. */
export function createUserExportsService({ db, storage, jobs: runner }: UserExportsDeps) {
  /** The caller's own user-export job, or 404 as if any other did not exist. */
  async function ownJob(caller: Caller, jobId: number) {
    const job = await findExportJob(db, jobId, USER_EXPORT_JOB);
    if (!job || Number(job.payload.requesterId) !== caller.user.id) throw new HttpError(404, NOT_FOUND);
    return job;
  }

  return {
    async start(caller: Caller, query: UserExportQuery): Promise<{ jobId: number }> {
      if (!mayUse(caller, EXPORT_PAGE[query.exportType])) throw new HttpError(403, 'You do not have permission to do this');
      // Organizations outside the scope are refused now, not silently dropped from the file.
      const scope = await caller.scope();
      const outside = query.orgIds.filter((id) => !scope.organizationIds.has(id));
      if (outside.length) throw new HttpError(404, 'Organization not found');
      const payload: ExportPayload = { requesterId: caller.user.id, exportType: query.exportType, orgIds: query.orgIds, search: query.search ?? null, ...(query.sort ? { sort: query.sort } : {}), ...(query.direction ? { direction: query.direction } : {}) };
      const jobId = await runner.enqueue(USER_EXPORT_JOB, { ...payload });
      runner.wake();
      return { jobId };
    },

    async status(caller: Caller, jobId: number): Promise<ExportJob> {
      const job = await ownJob(caller, jobId);
      const done = job.status === 'DONE';
      const link = done ? ((await storage.downloadLink(fileKeyOf(job.id), { fileName: FILE_NAME })) ?? userExportFilePath(job.id)) : null;
      return { jobId: job.id, state: STATE[job.status], progress: done ? 100 : job.progress, downloadUrl: link, error: job.status === 'FAILED' ? job.error : null };
    },

    /** The finished file, to its requester: a stream from local storage, or where the bucket serves it. */
    async file(caller: Caller, jobId: number): Promise<StoredFile> {
      const job = await ownJob(caller, jobId);
      if (job.status !== 'DONE') throw new HttpError(404, NOT_FOUND);
      const key = fileKeyOf(job.id);
      const link = await storage.downloadLink(key, { fileName: FILE_NAME });
      if (link) return { redirect: link };
      const stream = await storage.get(key);
      if (!stream) throw new HttpError(404, NOT_FOUND);
      return { stream, fileName: FILE_NAME };
    },
  };
}


/** The columns of each export (the Users table, and the user row Access Management shows). */
function csvRow(type: UserExportType, u: ExportUserRow, siteAccess: string | null): Record<string, string> {
  const name = `${u.firstName} ${u.lastName}`.trim();
  if (type === 'users') {
    return {
      Name: name,
      Username: u.userName,
      'Employee ID': u.clientUserId ?? '',
      Organization: u.organization,
      Profession: u.profession ?? '',
      'Permissions Template': u.template,
      Status: u.active ? 'Activated' : 'Deactivated',
      Email: u.email ?? '',
      Device: u.device ?? '',
      // In the clock of the user's organization's location, with its offset ('2026-12-03T08:05:09-08:00').
      Created: localIso(u.createdAt, u.timeZone),
    };
  }
  return {
    Name: name,
    Email: u.email ?? '',
    'Permissions Template': u.template,
    Active: u.active ? 'Activated' : 'Deactivated',
    'Site Access': siteAccess ?? '',
    'Employee ID': u.clientUserId ?? '',
    Username: u.userName,
    Profession: u.profession ?? '',
    Organization: u.organization,
  };
}

/**
 * The job that writes an export. It reads with the requester's permissions and scope as they are
 * when it runs (a user whose access was taken away in the meantime gets nothing), in id-ordered
 * batches, and stores the CSV.
 */
export function userExportJob(deps: { db: Database; storage: FileStorage; identity: IdentityAdmin }): JobHandler {
  const { db } = deps;
  return {
    async run(job, context) {
      const payload = job.payload as unknown as ExportPayload;
      const requester = await findRequester(db, payload.requesterId);
      if (!requester?.active) throw new JobFailure('The account that asked for this export is no longer active.');
      const [role, organization, scope] = await Promise.all([findRole(db, requester.roleId), findOrganization(db, requester.organizationId), loadScope(db, requester.id)]);
      const asCaller: PageUser = { user: requester, subjects: new Set(role.permissions.map((p) => p.subject)), organization };
      if (!mayUse(asCaller, EXPORT_PAGE[payload.exportType])) throw new JobFailure('You no longer have permission to export these users.');
      const organizationIds = payload.orgIds.length ? await organizationsUnder(db, scope, payload.orgIds) : null;
      const filter = { scope, organizationIds, groupIds: null, words: searchWords(payload.search ?? undefined) };

      const n = await countExportUsers(db, filter);
      const entries: ExportEntry[] = [];
      let after = 0;
      for (;;) {
        const batch = await exportUsersBatch(db, filter, BATCH, after);
        if (batch.length === 0) break;
        // One listing of the pool per batch, by the subjects the users are linked to (never by name).
        const linked = batch.flatMap((u) => (u.cognitoId ? [u.cognitoId] : []));
        const accounts = payload.exportType === 'access' && linked.length ? await deps.identity.accountsBySub(linked) : new Map<string, IdentityAccount>();
        batch.forEach((u) => {
          const account = u.cognitoId ? accounts.get(u.cognitoId) : undefined;
          const siteAccess = payload.exportType === 'access' ? SITE_ACCESS_LABELS[siteAccessOf(u.active, account ?? null)] : null;
          entries.push({ user: u, siteAccess });
        });
        after = batch[batch.length - 1]!.id;
        await context.progress(Math.min(90, Math.round((entries.length / Math.max(n, 1)) * 90)));
        if (batch.length < BATCH) break;
      }
      // In the table's order, as the requester saw it.
      const rows = sortExportEntries(entries, payload.sort, payload.direction).map((e) => csvRow(payload.exportType, e.user, e.siteAccess));
      const csv = rows.length ? `${Papa.unparse(rows, CSV_OPTIONS)}\n` : headerOnly(payload.exportType);
      await deps.storage.put(fileKeyOf(job.id), csv, { contentType: 'text/csv; charset=utf-8' });
    },
  };
}

const EMPTY_ROW: ExportUserRow = {
  id: 0,
  userName: '',
  firstName: '',
  lastName: '',
  clientUserId: null,
  email: null,
  active: false,
  organization: '',
  profession: null,
  template: '',
  device: null,
  createdAt: new Date(0),
  timeZone: 'UTC',
  cognitoId: null,
};

/** The header line alone, for an export that matched nobody. */
const headerOnly = (type: UserExportType) => `${Papa.unparse({ fields: Object.keys(csvRow(type, EMPTY_ROW, null)), data: [] }, CSV_OPTIONS)}\n`;
