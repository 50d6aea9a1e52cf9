import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_GATEWAY_MODEL_ID } from '../../../../server/src/contracts/devices';
import type { Gateway, GatewaySoftwareJob } from '../../../../server/src/contracts/gateways';
import { devices, softwareJobs, softwareVersions } from '../../../../server/src/db/schema';
import { startOperationsPlayer } from '../../../../server/src/simulator/gateways/operations-player';
import { nextSoftwareReport, SOFTWARE_FAILURES, SOFTWARE_SILENT_AFTER_MS, TERMINAL_HOST } from '../../../../server/src/simulator/gateways/software-player';
import { createTestApp, signIn, TEST_INGEST_SECRET } from '../../helpers/app';

// What a simulated gateway does with its own software jobs and terminal: start a pending job,
// install a started one, fail one when it has not been heard lately; open a terminal session when
// asked. Played against the API, the jobs go PENDING → STARTED → UPDATED (or FAILED).

const NOW = Date.parse('2026-11-27T12:00:00Z');
const job = (over: Partial<GatewaySoftwareJob> = {}): GatewaySoftwareJob => ({
  id: 1,
  status: 'PENDING',
  packageName: 'lavo-gateway',
  version: '3.6.1',
  url: null,
  lastHeartbeatAt: new Date(NOW - 3_600_000).toISOString(),
  ...over,
});

describe('a simulated gateway’s software jobs', () => {
  it('starts a pending job, then installs it', () => {
    expect(nextSoftwareReport(job(), NOW)).toMatchObject({ status: 'STARTED' });
    expect(nextSoftwareReport(job({ status: 'STARTED' }), NOW)).toMatchObject({ status: 'UPDATED' });
  });

  it('fails a job when the gateway has not been heard lately, or ever', () => {
    const failed = { status: 'FAILED', message: SOFTWARE_FAILURES.silent };
    expect(nextSoftwareReport(job({ lastHeartbeatAt: new Date(NOW - SOFTWARE_SILENT_AFTER_MS - 1).toISOString() }), NOW)).toEqual(failed);
    expect(nextSoftwareReport(job({ lastHeartbeatAt: null }), NOW)).toEqual(failed);
  });

  it('fails the install of a gateway made failing', () => {
    expect(nextSoftwareReport(job({ status: 'STARTED' }), NOW, true)).toEqual({ status: 'FAILED', message: SOFTWARE_FAILURES.install });
  });

  it('leaves an ended job alone', () => {
    expect(nextSoftwareReport(job({ status: 'UPDATED' }), NOW)).toBeNull();
    expect(nextSoftwareReport(job({ status: 'FAILED' }), NOW)).toBeNull();
  });
});

describe('the software jobs played against the API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let apiUrl: string;
  let admin: Record<string, string>;
  const quiet = { info: () => {}, debug: () => {} };

  beforeAll(async () => {
    ctx = await createTestApp();
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = { authorization: (await signIn('admin@demo.health')).idToken };
  });
  afterAll(() => ctx.close());

  const kioskGateways = () =>
    ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.type, 'GATEWAY'), eq(devices.modelId, KIOSK_GATEWAY_MODEL_ID), eq(devices.active, true)))
      .orderBy(asc(devices.id))
      .limit(2);

  it('takes a job from PENDING to UPDATED on a gateway heard lately, and to FAILED on a silent one', async () => {
    const [heard, silent] = await kioskGateways();
    await ctx.db.update(devices).set({ lastHeartbeatAt: new Date() }).where(eq(devices.id, heard!.id));
    await ctx.db.update(devices).set({ lastHeartbeatAt: new Date(Date.now() - 2 * SOFTWARE_SILENT_AFTER_MS) }).where(eq(devices.id, silent!.id));
    const [version] = await ctx.db
      .select()
      .from(softwareVersions)
      .where(and(eq(softwareVersions.modelId, KIOSK_GATEWAY_MODEL_ID), eq(softwareVersions.packageName, 'lavo-daemon'), eq(softwareVersions.isLatest, false)));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/software/jobs',
      headers: admin,
      payload: [heard!, silent!].map((g) => ({ deviceId: g.id, modelId: g.modelId, mac: g.mac, softwareVersionIds: [version!.id] })),
    });
    expect(res.statusCode).toBe(200);
    const statusOf = async (deviceId: number) =>
      (await ctx.db.select().from(softwareJobs).where(and(eq(softwareJobs.deviceId, deviceId), eq(softwareJobs.softwareVersionId, version!.id))))[0]?.status;

    const player = startOperationsPlayer({ baseUrl: apiUrl, secret: TEST_INGEST_SECRET, macs: [heard!.mac, silent!.mac], roundMs: 0, log: quiet });
    try {
      await player.round();
      expect([await statusOf(heard!.id), await statusOf(silent!.id)]).toEqual(['STARTED', 'FAILED']);
      await player.round();
      expect([await statusOf(heard!.id), await statusOf(silent!.id)]).toEqual(['UPDATED', 'FAILED']);
    } finally {
      await player.close();
    }
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/devices/gateway/${heard!.groupId}`, headers: admin })).json<Gateway[]>();
    expect(list.find((g) => g.id === heard!.id)?.software.find((s) => s.name === 'lavo-daemon')?.version.current?.id).toBe(version!.id);
    expect(list.find((g) => g.id === heard!.id)?.updateStatus?.status).toBe('UPDATED');
  });

  it('opens a terminal session when asked, and the toggle answers its URL', async () => {
    const [kiosk] = await kioskGateways();
    const player = startOperationsPlayer({ baseUrl: apiUrl, secret: TEST_INGEST_SECRET, macs: [kiosk!.mac], roundMs: 100, log: quiet });
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/devices/tmate/toggle', headers: admin, payload: { deviceId: kiosk!.id, enabled: true } });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ url: string; enabled: boolean }>();
      expect(body.enabled).toBe(true);
      expect(body.url.startsWith(TERMINAL_HOST)).toBe(true);
    } finally {
      await player.close();
    }
  });
});
