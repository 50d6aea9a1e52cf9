import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IOT_MESSAGES, type Job, type JobExecution, type JobTemplate, type PendingExecution, type Thing } from '../../../../server/src/contracts/iot';
import { iotJobs, iotThings } from '../../../../server/src/db/schema';
import { createLocalIotBackend } from '../../../../server/src/modules/iot/local-iot-backend';
import { ICU_NORTH, ICU_SOUTH, iotContext } from './iot-client';

// Jobs on things: created from a template whose parameters they must satisfy, scheduled or
// started, carried out by the things (each execution advanced exactly once), cancelled while
// they have not started; a successful software update changes the thing's installed version.

describe('IoT jobs', () => {
  let t: Awaited<ReturnType<typeof iotContext>>;
  let templates: JobTemplate[];
  let things: Thing[];
  const template = (name: string) => templates.find((tpl) => tpl.name.startsWith(name))!;

  beforeAll(async () => {
    t = await iotContext();
    templates = (await t.call<{ data: JobTemplate[] }>(t.admin, 'GET', 'iot/jobs/templates')).body.data;
    const rows = await t.ctx.db.select().from(iotThings).where(and(eq(iotThings.groupId, ICU_NORTH), eq(iotThings.type, 'fall_device_v1'))).orderBy(asc(iotThings.id));
    const listed = (await t.call<{ data: Thing[] }>(t.admin, 'GET', 'iot/things', undefined, { groupIds: String(ICU_NORTH), take: '100' })).body.data;
    things = rows.map((row) => listed.find((thing) => thing.id === row.id)!);
  });
  afterAll(() => t.ctx.close());

  const create = (body: Record<string, unknown>) => t.call<Job & { message: string }>(t.admin, 'POST', 'iot/jobs', { groupId: ICU_NORTH, ...body });

  it('checks the parameters against the template', async () => {
    const command = template('Run Command');
    const refused = async (parameters: Record<string, unknown>, message: string, id = command.id) => {
      const res = await create({ name: 'Command', templateId: id, thingAwsIds: [things[0]!.awsId], parameters });
      expect(res.status, JSON.stringify(parameters)).toBe(400);
      expect(res.body.message).toContain(message);
    };
    await refused({}, 'parameters.command: Required');
    await refused({ command: 'x'.repeat(201) }, 'parameters.command: Max 200 chars');
    await refused({ command: 'uptime', timeoutSeconds: 0 }, 'parameters.timeoutSeconds: Min 1');
    await refused({ command: 'uptime', timeoutSeconds: 601 }, 'parameters.timeoutSeconds: Max 600');
    await refused({ command: 'uptime', shell: 'bash' }, 'parameters.shell: the template has no such parameter');
    const update = template('Software Update – Fall Detector');
    await refused({ version: '9.9.9' }, "'9.9.9' is not a version of fall-detector", update.id);
    await refused({}, 'parameters.version: Required', update.id);
    const logs = template('Collect Logs');
    await refused({ period: { startDate: null, endDate: '2026-11-01' } }, 'Start date required', logs.id);
    await refused({ period: { startDate: '2026-11-01', endDate: null } }, 'End date required', logs.id);
    await refused({ period: { startDate: '2026-11-01', endDate: '2026-11-02' }, levels: ['fatal'] }, "'fatal' is not one of", logs.id);

    const name = await create({ name: '  ', templateId: command.id, thingAwsIds: [things[0]!.awsId] });
    expect(name).toMatchObject({ status: 400, body: { message: expect.stringContaining(IOT_MESSAGES.jobNameRequired) } });
    const none = await create({ name: 'No devices', templateId: command.id, thingAwsIds: [] });
    expect(none).toMatchObject({ status: 400, body: { message: expect.stringContaining(IOT_MESSAGES.devicesRequired) } });
    const past = await create({ name: 'Past', templateId: command.id, thingAwsIds: [things[0]!.awsId], startAt: new Date(Date.now() - 3_600_000).toISOString(), parameters: { command: 'uptime' } });
    expect(past).toMatchObject({ status: 400, body: { message: expect.stringContaining(IOT_MESSAGES.startAtPast) } });
    expect((await create({ name: 'No template', templateId: 999_999, thingAwsIds: [things[0]!.awsId] })).status).toBe(404);

    const ok = await create({ name: 'Logs', templateId: logs.id, thingAwsIds: [things[0]!.awsId], parameters: { period: { startDate: '2026-11-01', endDate: '2026-11-02' } } });
    expect(ok.status).toBe(201);
    // A parameter left out takes the template's default.
    expect(ok.body.parameters).toEqual({ period: { startDate: '2026-11-01', endDate: '2026-11-02' }, levels: ['error', 'warning'] });
    expect(ok.body).toMatchObject({ status: 'IN_PROGRESS', list: 'ACTIVE', targetCount: 1 });
  });

  it('lets a thing carry out its execution, each step exactly once, and installs the version of a software update', async () => {
    const thing = things.find((th) => th.packages.some((p) => p.name === 'fall-detector' && p.version.current !== '1.3.2'))!;
    await t.ctx.db.execute(`update iot_thing_packages set version = '1.2.0' where thing_id = ${thing.id} and package_name = 'fall-detector'`);
    const update = template('Software Update – Fall Detector');
    const job = await create({ name: 'Update one', templateId: update.id, thingAwsIds: [thing.awsId], parameters: { version: '1.4.1' } });
    expect(job.status).toBe(201);
    const device = t.asThing(thing.awsId);

    // Earlier executions first: let the thing work through what it has until it reaches this job.
    let next = (await t.call<{ execution: PendingExecution | null }>(device, 'GET', 'things/jobs/next')).body.execution;
    while (next && next.jobId !== job.body.id) {
      await t.call(device, 'PUT', `things/jobs/${next.jobId}`, { status: 'REJECTED' });
      next = (await t.call<{ execution: PendingExecution | null }>(device, 'GET', 'things/jobs/next')).body.execution;
    }
    expect(next).toMatchObject({ jobId: job.body.id, status: 'QUEUED', parameters: { version: '1.4.1', restart: true } });

    // Two reports of the same start at once: one moves the execution, the other is refused.
    const starts = await Promise.all([1, 2].map(() => t.call(device, 'PUT', `things/jobs/${job.body.id}`, { status: 'IN_PROGRESS' })));
    expect(starts.map((s) => s.status).sort()).toEqual([200, 409]);
    const inProgress = await t.call<JobExecution>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions/${thing.id}`);
    expect(inProgress.body.status).toBe('IN_PROGRESS');
    // Only a QUEUED execution is cancelled.
    const cancel = await t.call<{ message: string }>(t.admin, 'PUT', `iot/things/${thing.id}/jobs/${job.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain(IOT_MESSAGES.executionCancelRefused);

    const done = await t.call(device, 'PUT', `things/jobs/${job.body.id}`, { status: 'SUCCEEDED', stdout: 'Installed fall-detector 1.4.1\n' });
    expect(done).toEqual({ status: 200, body: { status: 'SUCCEEDED' } });
    expect((await t.call(device, 'PUT', `things/jobs/${job.body.id}`, { status: 'FAILED' })).status).toBe(409);

    const execution = await t.call<JobExecution>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions/${thing.id}`);
    expect(execution.body).toMatchObject({ status: 'SUCCEEDED', detailsMap: { stdout: 'Installed fall-detector 1.4.1\n' } });
    const packages = await t.call<{ data: { name: string; version: { current: string }; outdated: boolean }[] }>(t.admin, 'GET', `iot/things/${thing.id}/packages`);
    expect(packages.body.data.find((p) => p.name === 'fall-detector')).toMatchObject({ version: { current: '1.4.1' }, outdated: false });
    const finished = (await t.call<{ data: Job[] }>(t.admin, 'GET', 'iot/jobs', undefined, { groupIds: String(ICU_NORTH) })).body.data.find((j) => j.id === job.body.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', list: 'FINISHED' });
    const history = await t.call<{ data: JobExecution[] }>(t.admin, 'GET', `iot/things/${thing.id}/jobs/executions`);
    expect(history.body.data.map((e) => e.jobId)).toContain(job.body.id);
  });

  it('cancels a queued execution, and then the job is over', async () => {
    const [a] = things.slice(-1);
    const job = await create({ name: 'Reboot to cancel', templateId: template('Reboot').id, thingAwsIds: [a!.awsId] });
    const cancel = await t.call<JobExecution>(t.admin, 'PUT', `iot/things/${a!.id}/jobs/${job.body.id}/cancel`);
    expect(cancel).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    expect((await t.call(t.admin, 'PUT', `iot/things/${a!.id}/jobs/${job.body.id}/cancel`)).status).toBe(409);
    expect((await t.call<{ status: string }>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions/${a!.id}`)).body.status).toBe('CANCELED');
    const executions = await t.call<{ data: JobExecution[] }>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions`);
    expect(executions.body.data.map((e) => e.status)).toEqual(['CANCELED']);
    const [row] = await t.ctx.db.select().from(iotJobs).where(eq(iotJobs.id, job.body.id));
    expect(row!.status).toBe('COMPLETED');
    // A thing cannot start what was cancelled.
    expect((await t.call(t.asThing(a!.awsId), 'PUT', `things/jobs/${job.body.id}`, { status: 'IN_PROGRESS' })).status).toBe(409);
  });

  it('schedules a job, starts it at its start, and cancels a scheduled one', async () => {
    const startAt = new Date(Date.now() + 60_000);
    const scheduled = await create({ name: 'Later', templateId: template('Reboot').id, thingAwsIds: [things[1]!.awsId], startAt: startAt.toISOString() });
    expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', list: 'PENDING' });
    expect((await t.call<{ data: JobExecution[] }>(t.admin, 'GET', `iot/jobs/${scheduled.body.id}/executions`)).body.data).toEqual([]);
    const backend = createLocalIotBackend(t.ctx.db);
    expect(await backend.startDueJobs(new Date(startAt.getTime() - 1_000))).toBe(0);
    expect(await backend.startDueJobs(new Date(startAt.getTime() + 1_000))).toBeGreaterThanOrEqual(1);
    const started = await t.call<Job>(t.admin, 'GET', `iot/jobs/${scheduled.body.id}/executions/${things[1]!.id}`);
    expect(started.body).toMatchObject({ status: 'QUEUED' });

    const other = await create({ name: 'To cancel', templateId: template('Reboot').id, thingAwsIds: [things[2]!.awsId], startAt: new Date(Date.now() + 86_400_000).toISOString() });
    const canceled = await t.call<Job>(t.admin, 'PUT', `iot/jobs/${other.body.id}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', list: 'FINISHED' });
    const again = await t.call<{ message: string }>(t.admin, 'PUT', `iot/jobs/${other.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(IOT_MESSAGES.jobCancelRefused);
    expect(await backend.startDueJobs(new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThanOrEqual(0);
    expect((await t.call<{ data: Job[] }>(t.admin, 'GET', 'iot/jobs')).body.data.find((j) => j.id === other.body.id)?.status).toBe('CANCELED');
  });

  it('cancels an active job: its queued executions are cancelled, one in progress runs to its end', async () => {
    const [a, b] = [things[3]!, things[4]!];
    const job = await create({ name: 'Two reboots', templateId: template('Reboot').id, thingAwsIds: [a.awsId, b.awsId] });
    const device = t.asThing(a.awsId);
    let next = (await t.call<{ execution: PendingExecution | null }>(device, 'GET', 'things/jobs/next')).body.execution;
    while (next && next.jobId !== job.body.id) {
      await t.call(device, 'PUT', `things/jobs/${next.jobId}`, { status: 'REJECTED' });
      next = (await t.call<{ execution: PendingExecution | null }>(device, 'GET', 'things/jobs/next')).body.execution;
    }
    expect((await t.call(device, 'PUT', `things/jobs/${job.body.id}`, { status: 'IN_PROGRESS' })).status).toBe(200);
    expect((await t.call<Job>(t.admin, 'PUT', `iot/jobs/${job.body.id}/cancel`)).body.status).toBe('CANCELED');
    const statuses = (await t.call<{ data: JobExecution[] }>(t.admin, 'GET', `iot/jobs/${job.body.id}/executions`)).body.data.map((e) => [e.thing.id, e.status]);
    expect(new Map(statuses as [number, string][])).toEqual(new Map([[a.id, 'IN_PROGRESS'], [b.id, 'CANCELED']]));
    expect((await t.call(device, 'PUT', `things/jobs/${job.body.id}`, { status: 'SUCCEEDED', stdout: 'Rebooted' })).status).toBe(200);
    expect((await t.call<Job>(t.admin, 'GET', 'iot/jobs')).status).toBe(200);
  });

  it("refuses a thing's calls without its credentials, and another thing's execution", async () => {
    expect((await t.call(t.admin, 'GET', 'things/jobs/next')).status).toBe(401);
    expect((await t.call({ 'x-thing-id': things[0]!.awsId, authorization: 'Bearer 00' }, 'GET', 'things/jobs/next')).status).toBe(401);
    expect((await t.call(t.asThing('FD-NOPE-0001'), 'GET', 'things/jobs/next')).status).toBe(403);
    const job = await create({ name: 'Mine', templateId: template('Reboot').id, thingAwsIds: [things[0]!.awsId] });
    expect((await t.call(t.asThing(things[5]!.awsId), 'PUT', `things/jobs/${job.body.id}`, { status: 'IN_PROGRESS' })).status).toBe(404);
    expect((await t.call(t.asThing(things[0]!.awsId), 'PUT', `things/jobs/${job.body.id}`, { status: 'DONE' })).status).toBe(400);
    // A job of another location's thing: ICU – 3 South's things are not under ICU – 3 North.
    const [south] = await t.ctx.db.select().from(iotThings).where(eq(iotThings.groupId, ICU_SOUTH)).limit(1);
    expect((await create({ name: 'Elsewhere', templateId: template('Reboot').id, thingAwsIds: [south!.awsId] })).status).toBe(404);
  });
});
