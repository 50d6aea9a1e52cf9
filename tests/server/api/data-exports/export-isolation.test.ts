import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport, ExportRequest } from '../../../../server/src/contracts/reports/data-exports';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { QUERY_RUNNING_PROGRESS } from '../../../../server/src/modules/data-exports/data-exports.service';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';

// A heavy export never holds up the console (ARCHITECTURE.md, 'Data exports'): while an
// employee's export sleeps, a nurse's calls are answered, and the export is stopped at the
// export's own limit with a message naming that limit. On PGlite the export runs in a sandbox of
// its own; on PostgreSQL (TEST_POSTGRES=1) on the exports' own pool.

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** The export's limit, and a shorter report statement limit, which must not be the one that stops it. */
const EXPORT_LIMIT_MS = 6_000;
const REPORT_LIMIT_MS = 2_500;

describe('a heavy export', () => {
  let ctx: Ctx;
  let admin: Tokens;
  let nurse: Tokens;

  const call = (tokens: Tokens, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { authorization: tokens.idToken }, ...(payload === undefined ? {} : { payload }) });
  const requestOf = async (id: number) =>
    (await call(admin, 'GET', '/api/data-exports/requests')).json<{ data: ExportRequest[] }>().data.find((r) => r.id === id)!;
  /** Asks for the request until `seen` holds of it, as the Requests tab does. */
  async function waitFor(id: number, seen: (request: ExportRequest) => boolean): Promise<ExportRequest> {
    for (;;) {
      const request = await requestOf(id);
      if (seen(request)) return request;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp({ runJobs: true, reportStatementTimeoutMs: REPORT_LIMIT_MS, dataExports: { timeoutMs: EXPORT_LIMIT_MS, maxRows: 1_000 } });
    [admin, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('nurse@demo.health')]);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("lets a nurse's calls answer while it runs, and is stopped at the export's limit, which its message names", async () => {
    const created = await call(admin, 'POST', '/api/data-exports', {
      name: 'Sleeps',
      sqlQuery: 'select pg_sleep(600);',
      organizationsIds: [DEMO_ORG_IDS.stMarys],
      parameters: [],
    });
    expect(created.statusCode).toBe(201);
    const requested = await call(admin, 'POST', `/api/data-exports/requests/${created.json<DataExport>().id}?startDate=2024-01-01&endDate=2024-01-07`, {});
    expect(requested.statusCode).toBe(201);
    const { id } = requested.json<ExportRequest>();

    // The export's query is running: what the Requests tab shows.
    await waitFor(id, (r) => r.status === 'RUNNING' && r.progress === QUERY_RUNNING_PROGRESS);
    for (const url of [
      '/api/demo-history',
      `/api/bootstrap?username=${encodeURIComponent('nurse@demo.health')}&loginType=WEB_APP`,
      '/api/compliance/user/dashboard?startDate=2024-01-01&endDate=2024-01-07',
    ]) {
      expect((await call(nurse, 'GET', url)).statusCode, url).toBe(200);
    }
    // They were answered before the export ended.
    expect(await requestOf(id)).toMatchObject({ status: 'RUNNING', progress: QUERY_RUNNING_PROGRESS });

    const failed = await waitFor(id, (r) => r.status !== 'RUNNING');
    expect(failed).toMatchObject({ status: 'FAILED', s3DownloadLink: null, error: `The export ran longer than ${EXPORT_LIMIT_MS / 1000} s and was stopped.` });
  }, 60_000);
});
