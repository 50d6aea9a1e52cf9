import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobExecution, PendingExecution, Thing } from '../../../../server/src/contracts/iot';
import { iotThingPackages, iotThings } from '../../../../server/src/db/schema';
import { silentLog } from '../../../../server/src/simulator/gateways/clock';
import { outcomeOf, startThingsPlayer } from '../../../../server/src/simulator/iot/things-player';
import { TEST_INGEST_SECRET } from '../../helpers/app';
import { ICU_NORTH, iotContext } from './iot-client';

// The simulator's things: what a device prints and how an execution ends, each step on its own
// round, against a fake API; then against the API itself, a software update installed.

const update: PendingExecution = {
  jobId: 7,
  executionId: 70,
  status: 'QUEUED',
  jobName: 'Update',
  templateName: 'Software Update – Fall Detector',
  parameters: { version: '1.4.1', restart: true },
  template: { parameters: [{ type: 'version', name: 'version', packageName: 'fall-detector' }] },
};

describe('the things player', () => {
  it('ends a software update with the version installed, or a failure, the same for the same job and thing', () => {
    const outcomes = Array.from({ length: 40 }, (_, i) => outcomeOf({ ...update, jobId: i + 1 }, 'FD-3N-0001'));
    expect(outcomes.some((o) => o.status === 'FAILED')).toBe(true);
    expect(outcomes.some((o) => o.status === 'SUCCEEDED')).toBe(true);
    const ok = outcomes.find((o) => o.status === 'SUCCEEDED')!;
    expect(ok.stdout).toContain('Installed fall-detector 1.4.1');
    expect(outcomes.find((o) => o.status === 'FAILED')!.stdout).toContain('checksum mismatch');
    expect(outcomeOf(update, 'FD-3N-0001')).toEqual(outcomeOf(update, 'FD-3N-0001'));
    const command = outcomeOf({ ...update, template: { parameters: [] }, parameters: { command: 'uptime' } }, 'FD-3N-0001');
    expect(command.stdout).toContain('$ uptime');
  });

  it('connects once, sends telemetry each round, starts an execution on one round and ends it on the next', async () => {
    const calls: { method: string; path: string; body: unknown; thing: string }[] = [];
    let queued: PendingExecution | null = update;
    const player = startThingsPlayer({
      baseUrl: 'http://api.test',
      secret: 'a-secret-of-the-test-api',
      things: [{ awsId: 'FD-3N-0001', type: 'fall_device_v1' }],
      roundMs: 0,
      log: silentLog,
      send: async (url, init) => {
        const path = url.replace('http://api.test/api', '');
        const headers = init.headers as Record<string, string>;
        calls.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(init.body as string) : undefined, thing: headers['x-thing-id']! });
        if (path === '/things/jobs/next') {
          const execution = queued;
          queued = null;
          return { execution };
        }
        return {};
      },
    });
    expect(await player.round()).toBe(1);
    expect(await player.round()).toBe(1);
    expect(await player.round()).toBe(0);
    await player.close();
    const reports = calls.filter((c) => c.path === '/things/jobs/7');
    expect(reports.map((r) => (r.body as { status: string }).status)).toEqual(['IN_PROGRESS', outcomeOf(update, 'FD-3N-0001').status]);
    expect(calls.filter((c) => c.path === '/things/connectivity')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/things/telemetry')).toHaveLength(3);
    expect(new Set(calls.map((c) => c.thing))).toEqual(new Set(['FD-3N-0001']));
  });
});

describe('the things player against the API', () => {
  let t: Awaited<ReturnType<typeof iotContext>>;
  let baseUrl: string;

  beforeAll(async () => {
    t = await iotContext();
    baseUrl = await t.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.ctx.close());

  it('carries a software update through to its end, and the job is over', async () => {
    const rows = await t.ctx.db.select().from(iotThings).where(and(eq(iotThings.groupId, ICU_NORTH), eq(iotThings.type, 'fall_device_v1'))).orderBy(asc(iotThings.id));
    const templates = (await t.call<{ data: { id: number; name: string }[] }>(t.admin, 'GET', 'iot/jobs/templates')).body.data;
    const templateId = templates.find((tpl) => tpl.name === 'Software Update – Fall Detector')!.id;
    // The player's outcome is fixed by job and thing: the test expects whichever it is.
    const thing = rows.at(-1)!;
    await t.ctx.db.update(iotThingPackages).set({ version: '1.2.0' }).where(and(eq(iotThingPackages.thingId, thing.id), eq(iotThingPackages.packageName, 'fall-detector')));
    const player = startThingsPlayer({ baseUrl, secret: TEST_INGEST_SECRET, things: [{ awsId: thing.awsId, type: 'fall_device_v1' }], roundMs: 0, log: silentLog });
    try {
      const job = await t.call<Job>(t.admin, 'POST', 'iot/jobs', { name: 'Played update', groupId: ICU_NORTH, templateId, thingAwsIds: [thing.awsId], parameters: { version: '1.4.1' } });
      expect(job.status).toBe(201);
      // Whatever else the thing had queued goes first; two rounds per execution.
      let execution: JobExecution | undefined;
      for (let i = 0; i < 20; i++) {
        await player.round();
        execution = (await t.call<JobExecution>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions/${thing.id}`)).body;
        if (execution.status === 'SUCCEEDED' || execution.status === 'FAILED') break;
      }
      const expected = outcomeOf({ ...update, jobId: job.body.id }, thing.awsId);
      expect(execution).toMatchObject({ status: expected.status, detailsMap: { stdout: expected.stdout } });
      const packages = (await t.call<{ data: Thing['packages'] }>(t.admin, 'GET', `iot/things/${thing.id}/packages`)).body.data;
      expect(packages.find((p) => p.name === 'fall-detector')?.version.current).toBe(expected.status === 'SUCCEEDED' ? '1.4.1' : '1.2.0');
      const jobs = (await t.call<{ data: Job[] }>(t.admin, 'GET', 'iot/jobs', undefined, { groupIds: String(ICU_NORTH) })).body.data;
      expect(jobs.find((j) => j.id === job.body.id)?.status).toBe('COMPLETED');
      const status = await t.call<{ connected: boolean }>(t.admin, 'GET', `iot/things/${thing.id}/status`);
      expect(status.body.connected).toBe(true);
    } finally {
      await player.close();
    }
  });
});
