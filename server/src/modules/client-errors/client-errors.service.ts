import { CLIENT_ERRORS_KEPT, type ClientErrorBody, type ClientErrorsResponse } from '../../contracts/client-errors';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { insertClientError, listClientErrors } from './client-errors.repo';

/** What the server keeps of a User-Agent. */
const USER_AGENT_CHARS = 300;

/** A crash as the contract validated it. */
type Report = Omit<ClientErrorBody, 'userId'> & { userId: number | null };

/** The app's crash reports: stored as posted, read by the provider's employees (docs/SCREENS.md 'Screens', Server Logs). */
export function createClientErrorsService(db: Database, { keep = CLIENT_ERRORS_KEPT }: { keep?: number } = {}) {
  return {
    /**
     * POST /client-errors (signed in: the caller's id, whatever the body says) and
     * /client-errors/anonymous (no caller: no user).
     */
    async record(caller: Caller | null, report: Report, userAgent: string | undefined): Promise<{ received: true }> {
      await insertClientError(
        db,
        {
          kind: report.kind,
          release: report.release,
          route: report.route,
          message: report.message,
          stack: report.stack,
          userId: caller?.user.id ?? null,
          userAgent: userAgent ? userAgent.slice(0, USER_AGENT_CHARS) : null,
        },
        keep,
      );
      return { received: true };
    },

    /** GET /client-errors: newest first, a page at a time. */
    async list(query: { take: number; startingAfter?: number }): Promise<ClientErrorsResponse> {
      return listClientErrors(db, query);
    },
  };
}
