import { z } from 'zod';
import { endpoint } from './endpoint';
import { idListParam, idParam, searchField } from './fields';

// The CSV exports of the Users and Access Management screens (docs/SCREENS.md 'Users'):
// POST /users/export queues a job; GET /exports/{jobId} is polled every 2 s until it completed
// (with a download link) or failed.

export const USER_EXPORT_TYPES = ['users', 'access'] as const;
export type UserExportType = (typeof USER_EXPORT_TYPES)[number];

/** Polling interval of a running export. */
export const EXPORT_POLL_MS = 2_000;

/** What leaving the page asks while an export runs. */
export const EXPORT_LEAVE_PROMPT = 'A CSV export is in progress. Are you sure you want to leave this page?';

/**
 * The orders an export can be written in: the columns of the Users and Access Management tables
 * that the file holds ('status' is Activated/Deactivated, 'siteAccess' Access Management's Status).
 */
export const USER_EXPORT_SORTS = ['name', 'userName', 'clientUserId', 'organization', 'profession', 'role', 'status', 'siteAccess', 'email', 'device', 'createdAt'] as const;
export type UserExportSort = (typeof USER_EXPORT_SORTS)[number];

export const userExportQuerySchema = z.object({
  /** The organizations (with their descendants) whose users are exported; every one in scope without. */
  orgIds: idListParam,
  exportType: z.enum(USER_EXPORT_TYPES, "exportType must be 'users' or 'access'"),
  search: searchField(),
  /** The table's order (default: by name, as the tables open). */
  sort: z.enum(USER_EXPORT_SORTS, `sort must be one of ${USER_EXPORT_SORTS.join(', ')}`).optional(),
  direction: z.enum(['asc', 'desc'], "direction must be 'asc' or 'desc'").optional(),
});
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

export const startedExportSchema = z.object({ jobId: z.number().int() });

export const EXPORT_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const exportJobSchema = z.object({
  jobId: z.number().int(),
  state: z.enum(EXPORT_STATES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** Where the finished file is downloaded (this API's own link, or a presigned bucket link); null until completed. */
  downloadUrl: z.string().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const exportJobParamsSchema = z.object({ jobId: idParam });

export const userExportEndpoints = {
  start: endpoint({ method: 'POST', path: '/users/export', query: userExportQuerySchema, response: startedExportSchema, status: 201 }),
  status: endpoint({ method: 'GET', path: '/exports/:jobId', params: exportJobParamsSchema, response: exportJobSchema }),
};

/** The file of a finished export, for its requester (local storage; S3 links go to the bucket). */
export const userExportFilePath = (jobId: number) => `/api/exports/${jobId}/file`;
