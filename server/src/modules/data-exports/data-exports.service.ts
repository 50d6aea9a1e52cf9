import type Pusher from 'pusher';
import {
  DATA_EXPORT_EVENT,
  definitionMessages,
  exportFilePath,
  isOptionalParameter,
  parameterValueMessage,
  typedParameters,
  type CreateDataExportBody,
  type DataExport,
  type ExportParameter,
  type ExportRequest,
} from '../../contracts/reports/data-exports';
import { userChannelName } from '../../contracts/realtime';
import { isEmployee } from '../../core/acting-on-users';
import { HttpError } from '../../core/http-error';
import { maskRows, NOBODY_MASKED } from '../../core/group-only';
import { findUser, maskedFor } from '../users';
import { withDescendants } from '../../core/scope';
import { isoOrNull } from '../../core/sql';
import type { Database, ExportDatabase } from '../../db/client';
import { JobFailure, type JobHandler, type JobRunner } from '../../jobs/job-runner';
import type { Caller } from '../../core/caller';
import type { FileStorage } from '../../storage';
import {
  insertExportDefinition,
  insertExportRequest,
  lastRequestsOf,
  listExportDefinitions,
  organizationTree,
  recordExportFile,
  requestRows,
  requestWithDefinition,
  touchExportRequest,
} from './data-exports.repo';
import { failureMessage, runExportQuery, toCsv, type ExportLimits } from './run-export';

export const DATA_EXPORT_JOB = 'data-export';
/** The progress a request shows while its query runs. */
export const QUERY_RUNNING_PROGRESS = 40;
/** Requests listed at most (newest first). */
const REQUESTS_LISTED = 200;

/** Internal employees: users of the provider organization. */

export interface DataExportsDeps {
  db: Database;
  /** Where export queries run, never on the connections of the console's requests (ARCHITECTURE.md, 'Data exports'). */
  exports: ExportDatabase;
  storage: FileStorage;
  jobs: JobRunner;
  limits: ExportLimits;
}

const fileNameOf = (name: string, requestId: number) => `${name.replace(/[^\w .-]+/g, '').trim().slice(0, 80) || 'export'} ${requestId}.csv`;
const fileKeyOf = (requestId: number) => `exports/${requestId}/export.csv`;

/** The organizations whose rows a run of the export may read for the caller: the export's, with descendants, within the caller's scope. */
function runScope(tree: { id: number; parentId: number | null }[], exportOrganizationIds: readonly number[], scope: ReadonlySet<number>): number[] {
  return [...withDescendants(tree, exportOrganizationIds)].filter((id) => scope.has(id)).sort((a, b) => a - b);
}

export function createDataExportsService(deps: DataExportsDeps) {
  const { db, storage } = deps;

  async function visibleExports(caller: Caller) {
    const [rows, tree, scope] = await Promise.all([listExportDefinitions(db), organizationTree(db), caller.scope()]);
    return { tree, visible: rows.filter((row) => runScope(tree, row.organizationIds, scope.organizationIds).length > 0), scope };
  }

  const requestsWhere = (filter: { id?: number; userId?: number }) => requestRows(db, filter, REQUESTS_LISTED);

  async function toRequest(row: Awaited<ReturnType<typeof requestRows>>[number]): Promise<ExportRequest> {
    const { request, job, name } = row;
    const done = job.status === 'DONE' && request.fileKey !== null;
    const link = done ? ((await storage.downloadLink(request.fileKey!, { fileName: fileNameOf(name, request.id) })) ?? exportFilePath(request.id)) : null;
    return {
      id: request.id,
      dataExportId: request.dataExportId,
      name,
      executionParameters: request.executionParameters,
      createdAt: request.createdAt.toISOString(),
      updatedAt: request.updatedAt.toISOString(),
      status: job.status,
      progress: job.progress,
      error: job.status === 'FAILED' ? (job.error ?? 'The export failed.') : null,
      completedAt: job.status === 'DONE' || job.status === 'FAILED' ? isoOrNull(job.finishedAt) : null,
      s3DownloadLink: link,
      rowCount: request.rowCount,
      truncated: request.truncated,
    };
  }

  return {
    /** GET data-exports: the exports of the caller's organizations; the SQL for employees only. */
    async list(caller: Caller): Promise<{ data: DataExport[] }> {
      const { tree, visible } = await visibleExports(caller);
      const names = new Map(tree.map((o) => [o.id, o.name]));
      const ids = visible.map((v) => v.id);
      const last = await lastRequestsOf(db, caller.user.id, ids);
      const lastOf = new Map(last.map((l) => [l.id, l.at]));
      const employee = isEmployee(caller);
      return {
        data: visible.map((row) => ({
          id: row.id,
          name: row.name,
          sqlQuery: employee ? row.sqlQuery : null,
          organizationsIds: row.organizationIds,
          organizations: row.organizationIds.map((id) => ({ id, name: names.get(id) ?? String(id) })),
          parameters: row.parameters,
          lastRequestedAt: isoOrNull(lastOf.get(row.id) ?? null),
        })),
      };
    },

    /** POST data-exports: employees define an export for organizations of their scope (docs/PERMISSIONS.md 'Decisions'). */
    async create(caller: Caller, body: CreateDataExportBody): Promise<DataExport> {
      if (!isEmployee(caller)) throw new HttpError(403, 'Only employees may add data exports');
      const [message] = definitionMessages(body);
      if (message) throw new HttpError(400, message);
      const scope = await caller.scope();
      const organizationIds = [...new Set(body.organizationsIds)];
      if (organizationIds.some((id) => !scope.organizationIds.has(id))) throw new HttpError(404, 'Organization not found');
      // Only the query's own parameters are kept, each with its type.
      const types = new Map(body.parameters.map((p) => [p.parameter, p.type]));
      const parameters: ExportParameter[] = typedParameters(body.sqlQuery).map((parameter) => ({ parameter, type: types.get(parameter)! }));
      const row = await insertExportDefinition(db, { name: body.name.trim(), sqlQuery: body.sqlQuery.trim(), organizationIds, parameters, createdById: caller.user.id });
      const names = new Map((await organizationTree(db)).map((o) => [o.id, o.name]));
      return {
        id: row.id,
        name: row.name,
        sqlQuery: row.sqlQuery,
        organizationsIds: row.organizationIds,
        organizations: row.organizationIds.map((id) => ({ id, name: names.get(id) ?? String(id) })),
        parameters: row.parameters,
        lastRequestedAt: null,
      };
    },

    /** GET data-exports/requests: the caller's own requests, newest first. */
    async requests(caller: Caller): Promise<{ data: ExportRequest[] }> {
      const rows = await requestsWhere({ userId: caller.user.id });
      return { data: await Promise.all(rows.map(toRequest)) };
    },

    /** POST data-exports/requests/{id}: queues a run of an export the caller may use, with its date range and parameter values. */
    async request(caller: Caller, id: number, query: Record<string, string>): Promise<ExportRequest> {
      const { tree, visible, scope } = await visibleExports(caller);
      const definition = visible.find((row) => row.id === id);
      if (!definition) throw new HttpError(404, 'Data export not found');
      const values: Record<string, string> = { startDate: query.startDate!, endDate: query.endDate! };
      for (const { parameter, type } of definition.parameters) {
        const value = query[parameter] ?? '';
        if (value === '') {
          if (isOptionalParameter(parameter)) continue;
          throw new HttpError(400, `${parameter}: a value is required`);
        }
        const message = parameterValueMessage(type, value);
        if (message) throw new HttpError(400, `${parameter}: ${message}`);
        values[parameter] = value;
      }
      const organizationIds = runScope(tree, definition.organizationIds, scope.organizationIds);
      const requestId = await db.transaction(async (tx) => {
        const jobId = await deps.jobs.enqueue(DATA_EXPORT_JOB, {}, tx);
        return insertExportRequest(tx, { dataExportId: definition.id, userId: caller.user.id, executionParameters: values, organizationIds, jobId });
      });
      deps.jobs.wake();
      const [row] = await requestsWhere({ id: requestId });
      return toRequest(row!);
    },

    /** The CSV of the caller's own finished request (local storage); a presigned link for S3. */
    async file(caller: Caller, id: number): Promise<{ stream: NodeJS.ReadableStream; fileName: string } | { redirect: string }> {
      const [row] = await requestsWhere({ id, userId: caller.user.id });
      if (!row) throw new HttpError(404, 'Export request not found');
      if (row.job.status !== 'DONE' || !row.request.fileKey) throw new HttpError(409, 'The export is not ready');
      const fileName = fileNameOf(row.name, id);
      const link = await storage.downloadLink(row.request.fileKey, { fileName });
      if (link) return { redirect: link };
      const stream = await storage.get(row.request.fileKey);
      if (!stream) throw new HttpError(404, 'The export file is gone');
      return { stream, fileName };
    },
  };
}

/** The job that runs a request: the query, the CSV into storage, then the requester's real-time event. */
export function dataExportJob(
  deps: Omit<DataExportsDeps, 'jobs'> & {
    pusher: Pusher;
    log?: { error(obj: unknown, message: string): void };
    /** Aborted when the server closes, after the jobs have stopped: an export still running is ended there. */
    signal?: AbortSignal;
  },
): JobHandler {
  const requestOf = (requestId: number) => requestWithDefinition(deps.db, requestId);
  const requestIdOf = (payload: Record<string, unknown>) => Number(payload.requestId);
  return {
    async run(job, context) {
      const row = await requestOf(requestIdOf(job.payload));
      if (!row) throw new JobFailure('The export no longer exists.');
      const { request, definition } = row;
      await context.progress(10);
      let csv: string;
      let result;
      try {
        result = await runExportQuery(
          deps.exports,
          { sqlQuery: definition.sqlQuery, parameters: definition.parameters, values: request.executionParameters, organizationIds: request.organizationIds },
          deps.limits,
          // The screen shows the query running once its rows are ready (on PGlite, copied into its sandbox).
          { beforeQuery: () => context.progress(QUERY_RUNNING_PROGRESS), signal: deps.signal },
        );
        // Names of group-only units' people only for the provider's employees and themselves (docs/PRIVACY.md 'Group-only units').
        const requester = await findUser(deps.db, request.userId);
        const masked = requester ? await maskedFor(deps.db, requester) : NOBODY_MASKED;
        csv = toCsv({ columns: result.columns, rows: maskRows(result.columns, result.rows, masked) });
      } catch (error) {
        throw new JobFailure(failureMessage(error, deps.limits));
      }
      await context.progress(70);
      const key = fileKeyOf(request.id);
      await deps.storage.put(key, csv, { contentType: 'text/csv; charset=utf-8' });
      await context.progress(95);
      await recordExportFile(deps.db, request.id, { fileKey: key, rowCount: result.rows.length, truncated: result.truncated });
    },
    async finished(job, outcome) {
      const row = await requestOf(requestIdOf(job.payload));
      if (!row) return;
      await touchExportRequest(deps.db, row.request.id);
      await deps.pusher.trigger(userChannelName(row.request.userId), DATA_EXPORT_EVENT, { requestId: row.request.id, status: outcome.status });
    },
  };
}
