import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../../server/src/contracts/user-exports';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';

// The Users and Access Management CSV exports (docs/SCREENS.md 'Users'): queued as a job,
// polled, downloaded by their requester only, and holding only users of the requester's scope.

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe('users exports', () => {
  let ctx: Ctx;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;

  const post = (tokens: Tokens, query: string) => ctx.app.inject({ method: 'POST', url: `/api/users/export?${query}`, headers: { authorization: tokens.idToken } });
  const get = (tokens: Tokens, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: tokens.idToken } });

  /** Runs an export to its end and reads its file. */
  async function exported(tokens: Tokens, query: string): Promise<{ job: ExportJob; rows: Record<string, string>[]; fields: string[] }> {
    const started = await post(tokens, query);
    expect(started.statusCode, started.body).toBe(201);
    const { jobId } = started.json<{ jobId: number }>();
    await ctx.app.jobs.idle();
    const job = (await get(tokens, `/api/exports/${jobId}`)).json<ExportJob>();
    expect(job).toMatchObject({ jobId, state: 'completed', progress: 100, downloadUrl: `/api/exports/${jobId}/file`, error: null });
    const file = await get(tokens, job.downloadUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Users.csv');
    const parsed = Papa.parse<Record<string, string>>(file.body, { header: true, skipEmptyLines: true });
    return { job, rows: parsed.data, fields: parsed.meta.fields ?? [] };
  }

  /** User names of an organization and its descendants. */
  async function userNamesUnder(organizationId: number): Promise<Set<string>> {
    const result = await ctx.db.execute<{ user_name: string }>(sql`
      with recursive t as (select id from organizations where id = ${organizationId} union all select o.id from organizations o join t on o.parent_id = t.id)
      select user_name from users where organization_id in (select id from t)`);
    return new Set(result.rows.map((r) => r.user_name));
  }

  beforeAll(async () => {
    ctx = await createTestApp({ runJobs: true });
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('writes the Users table of the chosen organizations, and only theirs', async () => {
    const { rows, fields } = await exported(manager, `orgIds=${DEMO_ORG_IDS.stMarys}&exportType=users`);
    expect(fields).toEqual(['Name', 'Username', 'Employee ID', 'Organization', 'Profession', 'Permissions Template', 'Status', 'Email', 'Device', 'Created']);
    const stMarys = await userNamesUnder(DEMO_ORG_IDS.stMarys);
    expect(rows.length).toBe(stMarys.size);
    for (const row of rows) expect(stMarys.has(row.Username!), row.Username).toBe(true);
    expect(rows.find((r) => r.Username === 'manager@demo.health')).toMatchObject({ Status: 'Activated', 'Permissions Template': expect.any(String) });
  });

  it('writes the rows in the table\'s order (by name unless told) and the times in the clock of the user\'s location', async () => {
    const byName = await exported(manager, `orgIds=${DEMO_ORG_IDS.stMarys}&exportType=users`);
    const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
    const names = byName.rows.map((r) => r.Name!);
    expect(names).toEqual([...names].sort(collator.compare));
    // St. Mary's is in Pacific time: the creation instant is written with its offset there.
    for (const row of byName.rows) expect(row.Created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[78]:00$/);
    const manager_ = byName.rows.find((r) => r.Username === 'manager@demo.health')!;
    const [created] = (await ctx.db.execute<{ created_at: string }>(sql`select created_at from users where user_name = 'manager@demo.health'`)).rows;
    expect(Date.parse(manager_.Created!)).toBe(new Date(created!.created_at).getTime());

    const byUsernameDown = await exported(manager, `orgIds=${DEMO_ORG_IDS.stMarys}&exportType=users&sort=userName&direction=desc`);
    const userNames = byUsernameDown.rows.map((r) => r.Username!);
    expect(userNames).toEqual([...userNames].sort(collator.compare).reverse());
    expect(new Set(userNames)).toEqual(new Set(byName.rows.map((r) => r.Username)));

    const bad = await post(manager, `exportType=users&sort=password`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('sort must be one of');
  });

  it('narrows by the search, and writes the header alone when nobody matches', async () => {
    const { rows } = await exported(manager, `orgIds=${DEMO_ORG_IDS.stMarys}&exportType=users&search=charge@demo`);
    expect(rows.map((r) => r.Username)).toEqual(['charge@demo.health']);
    const none = await exported(manager, `exportType=users&search=nobody-has-this-name`);
    expect(none.rows).toEqual([]);
    expect(none.fields).toContain('Username');
  });

  it('writes each user’s site access in the access export', async () => {
    const { rows, fields } = await exported(admin, `exportType=access&search=demo.health`);
    expect(fields).toEqual(['Name', 'Email', 'Permissions Template', 'Active', 'Site Access', 'Employee ID', 'Username', 'Profession', 'Organization']);
    const access = Object.fromEntries(rows.map((r) => [r.Username, r['Site Access']]));
    expect(access['manager@demo.health']).toBe('Site Access');
    expect(access['invited@demo.health']).toBe('Invited');
  });

  it('gives a job and its file to its requester only', async () => {
    const started = await post(manager, `orgIds=${DEMO_ORG_IDS.stMarys}&exportType=users`);
    const { jobId } = started.json<{ jobId: number }>();
    await ctx.app.jobs.idle();
    expect((await get(admin, `/api/exports/${jobId}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/exports/${jobId}/file`)).statusCode).toBe(404);
    expect((await get(manager, `/api/exports/${jobId}`)).statusCode).toBe(200);
  });

  it('refuses another hospital, a page the caller lacks and a malformed request, queuing nothing', async () => {
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect((await post(manager, `orgIds=${DEMO_ORG_IDS.riverside}&exportType=users`)).statusCode).toBe(404);
    expect((await post(nurse, `exportType=users`)).statusCode).toBe(403);
    const bad = await post(manager, `exportType=everything`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain("exportType must be 'users' or 'access'");
    expect((await post(manager, `orgIds=0&exportType=users`)).statusCode).toBe(400);
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
