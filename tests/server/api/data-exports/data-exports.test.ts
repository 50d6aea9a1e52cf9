import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, type DataExport, type ExportRequest } from '../../../../server/src/contracts/reports/data-exports';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { jobs, users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';

// The data-export calls as the page makes them, the job that runs a request, and a
// request that survives a restart of the server.

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe('data exports', () => {
  let ctx: Ctx;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let stMarysOrgIds: Set<number>;

  const call = (app: Ctx['app'], tokens: Tokens, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: { authorization: tokens.idToken }, ...(payload === undefined ? {} : { payload }) });
  const exportsOf = async (tokens: Tokens, app = ctx.app) => (await call(app, tokens, 'GET', '/api/data-exports')).json<{ data: DataExport[] }>().data;
  const requestsOf = async (tokens: Tokens, app = ctx.app) => (await call(app, tokens, 'GET', '/api/data-exports/requests')).json<{ data: ExportRequest[] }>().data;
  const staffListId = async () => (await exportsOf(admin)).find((e) => e.name === 'Staff list')!.id;
  const week = 'startDate=2024-01-01&endDate=2024-01-07';

  beforeAll(async () => {
    ctx = await createTestApp({ runJobs: true, dataExports: { timeoutMs: 10_000, maxRows: 10_000 } });
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    const orgs = await ctx.db.execute<{ id: number }>(
      sql`with recursive t as (select id from organizations where id = ${DEMO_ORG_IDS.stMarys} union all select o.id from organizations o join t on o.parent_id = t.id) select id from t`,
    );
    stMarysOrgIds = new Set(orgs.rows.map((r) => Number(r.id)));
  }, 120_000);
  afterAll(() => ctx?.close());

  it('lists the exports of the caller’s organizations, with the SQL for employees only', async () => {
    const forAdmin = await exportsOf(admin);
    expect(forAdmin.map((e) => e.name)).toEqual(expect.arrayContaining(['Hand hygiene events by day', 'Staff list']));
    expect(forAdmin.find((e) => e.name === 'Staff list')).toMatchObject({ sqlQuery: expect.stringContaining('export_views.staff'), parameters: [{ parameter: 'active', type: 'boolean' }] });
    const forManager = await exportsOf(manager);
    expect(forManager.map((e) => e.name)).toEqual(expect.arrayContaining(['Staff list']));
    for (const e of forManager) expect(e.sqlQuery).toBeNull();
  });

  it('lets employees only add an export, with the form messages', async () => {
    const body = { name: 'Names', sqlQuery: 'SELECT first_name FROM export_views.staff;', organizationsIds: [DEMO_ORG_IDS.stMarys], parameters: [] };
    expect((await call(ctx.app, manager, 'POST', '/api/data-exports', body)).statusCode).toBe(403);
    const refused = async (change: Partial<typeof body> & { parameters?: unknown[] }) => {
      const res = await call(ctx.app, admin, 'POST', '/api/data-exports', { ...body, ...change });
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await refused({ name: ' ' })).toBe(EXPORT_MESSAGES.nameRequired);
    expect(await refused({ sqlQuery: '' })).toBe(EXPORT_MESSAGES.sqlRequired);
    expect(await refused({ sqlQuery: 'SELECT 1' })).toBe(EXPORT_MESSAGES.sqlSemicolon);
    expect(await refused({ sqlQuery: 'DELETE FROM export_views.staff;' })).toBe(EXPORT_MESSAGES.sqlForbidden);
    expect(await refused({ organizationsIds: [] })).toBe(EXPORT_MESSAGES.organizationsRequired);
    expect(await refused({ sqlQuery: 'SELECT :n;' })).toBe(EXPORT_MESSAGES.parameterTypes);
    const created = await call(ctx.app, admin, 'POST', '/api/data-exports', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Names', organizationsIds: [DEMO_ORG_IDS.stMarys], parameters: [], lastRequestedAt: null });
  });

  it('saves and runs SQL written over several lines with tabs, and refuses other control and invisible characters', async () => {
    const sqlQuery = 'SELECT first_name,\n\tlast_name\r\nFROM export_views.staff\n\tWHERE :startDate::date <= :endDate::date;';
    const body = { name: 'Names by line', sqlQuery: `\n${sqlQuery}\n`, organizationsIds: [DEMO_ORG_IDS.stMarys], parameters: [] };
    const before = (await exportsOf(admin)).length;
    for (const [hidden, code] of [
      ['\u0007', 'U+0007'],
      ['\u202E', 'U+202E'],
      ['\u200B', 'U+200B'],
    ]) {
      const res = await call(ctx.app, admin, 'POST', '/api/data-exports', { ...body, sqlQuery: sqlQuery.replace('last_name', `last_name${hidden}`) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(`must not contain invisible or control characters other than line breaks and tabs (it has ${code}) (body/sqlQuery)`);
    }
    const named = await call(ctx.app, admin, 'POST', '/api/data-exports', { ...body, name: 'Names\tby line' });
    expect(named.json<{ message: string }>().message).toBe('must not contain invisible or control characters (it has U+0009) (body/name)');
    expect((await exportsOf(admin)).length).toBe(before);

    const created = await call(ctx.app, admin, 'POST', '/api/data-exports', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<DataExport>().sqlQuery).toBe(sqlQuery);
    const res = await call(ctx.app, admin, 'POST', `/api/data-exports/requests/${created.json<DataExport>().id}?${week}`, {});
    expect(res.statusCode).toBe(201);
    await ctx.app.jobs.idle();
    const done = (await requestsOf(admin)).find((r) => r.id === res.json<ExportRequest>().id);
    expect(done).toMatchObject({ status: 'DONE', error: null });
  });

  it('runs a request as a job, writes the CSV of the requester’s rows and tells the requester', async () => {
    const trigger = vi.spyOn(ctx.pusher, 'trigger').mockResolvedValue({} as never);
    const id = await staffListId();
    expect((await call(ctx.app, manager, 'POST', `/api/data-exports/requests/${id}?${week}`, {})).statusCode).toBe(400); // :active missing
    expect((await call(ctx.app, manager, 'POST', `/api/data-exports/requests/${id}?${week}&active=maybe`, {})).statusCode).toBe(400);
    const res = await call(ctx.app, manager, 'POST', `/api/data-exports/requests/${id}?${week}&active=true`, { cognitoId: 'someone-else' });
    expect(res.statusCode).toBe(201);
    const queued = res.json<ExportRequest>();
    expect(queued).toMatchObject({ name: 'Staff list', executionParameters: { startDate: '2024-01-01', endDate: '2024-01-07', active: 'true' } });
    await ctx.app.jobs.idle();

    const [done] = await requestsOf(manager);
    expect(done).toMatchObject({ id: queued.id, status: 'DONE', progress: 100, error: null, s3DownloadLink: `/api/data-exports/requests/${queued.id}/file` });
    expect(done!.completedAt).not.toBeNull();
    const [managerRow] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.userName, 'manager@demo.health'));
    expect(trigger).toHaveBeenCalledWith(`private-client-${managerRow!.id}`, 'data-export', { requestId: queued.id, status: 'DONE' });

    const file = await call(ctx.app, manager, 'GET', done!.s3DownloadLink!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const csv = Papa.parse<Record<string, string>>(file.body, { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(['employee_id', 'first_name', 'last_name', 'profession_code', 'organization_id', 'location_id']);
    expect(csv.data.length).toBe(done!.rowCount);
    expect(csv.data.length).toBeGreaterThan(0);
    for (const row of csv.data) expect(stMarysOrgIds.has(Number(row.organization_id))).toBe(true);
    // Nobody else gets the file, and the export shows when it was last asked for.
    expect((await call(ctx.app, admin, 'GET', done!.s3DownloadLink!)).statusCode).toBe(404);
    expect((await exportsOf(manager)).find((e) => e.id === id)?.lastRequestedAt).toBe(done!.createdAt);
    trigger.mockRestore();
  });

  it('fails a request whose SQL the database refuses, with a message for the requester', async () => {
    const created = await call(ctx.app, admin, 'POST', '/api/data-exports', {
      name: 'Raw users',
      sqlQuery: 'SELECT * FROM users;',
      organizationsIds: [DEMO_ORG_IDS.stMarys],
      parameters: [],
    });
    const url = `/api/data-exports/requests/${created.json<DataExport>().id}?${week}`;
    // A request is a JSON object (the page sends {}); none at all is refused, like any other malformed body.
    const bodiless = await call(ctx.app, admin, 'POST', url);
    expect(bodiless.statusCode).toBe(400);
    expect(bodiless.json<{ message: string }>().message).toContain('expected object');
    const res = await call(ctx.app, admin, 'POST', url, {});
    expect(res.statusCode).toBe(201);
    await ctx.app.jobs.idle();
    const [failed] = await requestsOf(admin);
    expect(failed).toMatchObject({ status: 'FAILED', s3DownloadLink: null, error: expect.stringMatching(/report views.*permission denied for table users/) });
  });

  it('does not offer an export outside the caller’s organizations', async () => {
    const created = await call(ctx.app, admin, 'POST', '/api/data-exports', {
      name: 'Riverside only',
      sqlQuery: 'SELECT 1 AS one;',
      organizationsIds: [DEMO_ORG_IDS.riverside],
      parameters: [],
    });
    const id = created.json<DataExport>().id;
    expect((await exportsOf(manager)).map((e) => e.id)).not.toContain(id);
    expect((await call(ctx.app, manager, 'POST', `/api/data-exports/requests/${id}?${week}`, {})).statusCode).toBe(404);
    expect((await call(ctx.app, nurse, 'GET', '/api/data-exports')).statusCode).toBe(403);
  });
});

describe('an export job across a restart', () => {
  it('is run by the next server when the one that claimed it stopped', async () => {
    const first = await createTestApp({ runJobs: false });
    const manager = await signIn('manager@demo.health');
    const list = (await first.app.inject({ method: 'GET', url: '/api/data-exports', headers: { authorization: manager.idToken } })).json<{ data: DataExport[] }>();
    const id = list.data.find((e) => e.name === 'Hand hygiene events by day')!.id;
    const res = await first.app.inject({
      method: 'POST',
      url: `/api/data-exports/requests/${id}?startDate=2024-01-01&endDate=2024-01-07`,
      headers: { authorization: manager.idToken },
      payload: {},
    });
    const request = res.json<ExportRequest>();
    expect(request.status).toBe('QUEUED');
    // What a server that crashed mid-run leaves: the job claimed, RUNNING, its heartbeat long stale.
    await first.db.update(jobs).set({ status: 'RUNNING', claimedBy: 'a-server-that-crashed', attempts: 1, heartbeatAt: new Date(Date.now() - 3_600_000) });
    await first.app.close();

    const second = await createTestApp({ runJobs: true, database: first.database });
    try {
      await second.app.ready();
      await second.app.jobs.idle();
      const requests = (await second.app.inject({ method: 'GET', url: '/api/data-exports/requests', headers: { authorization: manager.idToken } })).json<{
        data: ExportRequest[];
      }>();
      expect(requests.data.find((r) => r.id === request.id)).toMatchObject({ status: 'DONE', progress: 100 });
      const [job] = await second.db.select().from(jobs);
      expect(job).toMatchObject({ status: 'DONE', claimedBy: second.app.jobs.instanceId, attempts: 2 });
    } finally {
      await second.close();
      await first.database.close();
    }
  }, 120_000);
});
