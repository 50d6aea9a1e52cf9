import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MESSAGES, type FirmwareVersion } from '../../../server/src/contracts/firmware';
import { MODEL_IDS, SEED_DEVICE_MODELS } from '../../../server/src/db/demo/devices-data';
import { demoFirmwareImage, firmwareImageKey, storeDemoFirmwareImages } from '../../../server/src/modules/firmware';
import { localStorage, type FileStorage } from '../../../server/src/storage';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { createScopedAccount } from '../helpers/scoped-account';

// The Versions page's calls: a model's firmware versions, newest first, each with the app's
// download address, and the image itself, streamed from the file storage to LAVO accounts holding
// FIRMWARE only.

const ABSENT_ID = 2_147_480_000;
const REV_D = SEED_DEVICE_MODELS.find((m) => m.id === MODEL_IDS.revD)!;

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

const get = (app: TestApp, tokens: Tokens, url: string) => app.inject({ method: 'GET', url: `/api/${url}`, headers: { authorization: tokens.idToken } });

describe('the firmware versions calls', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let storage: FileStorage;
  let tech: Tokens;
  let manager: Tokens;
  /** A LAVO account holding every maintenance subject but FIRMWARE. */
  let noFirmware: Tokens;
  /** A LAVO account holding FIRMWARE alone. */
  let firmwareOnly: Tokens;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lavo-firmware-'));
    storage = localStorage(dir);
    ctx = await createTestApp({ storage });
    await storeDemoFirmwareImages(ctx.db, storage);
    tech = await signIn('tech@demo.health');
    manager = await signIn('manager@demo.health');
    noFirmware = (await createScopedAccount(ctx.db, { subjects: ['PATHS', 'BADGES', 'WRISTBANDS', 'DEVICES_AND_ZONES'], groupIds: [6], label: 'no-firmware' })).tokens;
    firmwareOnly = (await createScopedAccount(ctx.db, { subjects: ['FIRMWARE'], groupIds: [], label: 'firmware-only' })).tokens;
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  const versionsOf = async (tokens: Tokens, modelId: number) => {
    const res = await get(ctx.app, tokens, `firmware/versions?modelId=${modelId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FirmwareVersion[]>();
  };

  it("lists a model's versions newest first, the latest marked, each with its download address", async () => {
    const versions = await versionsOf(tech, REV_D.id);
    expect(versions.map((v) => v.version)).toEqual([...REV_D.versions].reverse());
    expect(versions.map((v) => v.isLatest)).toEqual([true, false, false]);
    for (const v of versions) {
      expect(v.url).toBe(`/api/firmware/versions/${v.id}/file`);
      expect(Number.isNaN(Date.parse(v.createdAt))).toBe(false);
    }
    const times = versions.map((v) => Date.parse(v.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Needs no location: the catalogue is the same for everyone.
    expect((await versionsOf(firmwareOnly, REV_D.id)).map((v) => v.id)).toEqual(versions.map((v) => v.id));
  });

  it('refuses a malformed model id with 400, and answers 404 for an unknown one', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '2147483648', '', '6%00', '%206x']) {
      const res = await get(ctx.app, tech, `firmware/versions?modelId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message, bad).toMatch(/\S/);
    }
    expect((await get(ctx.app, tech, 'firmware/versions')).statusCode).toBe(400);
    const unknown = await get(ctx.app, tech, `firmware/versions?modelId=${ABSENT_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: FIRMWARE_MESSAGES.modelNotFound });
  });

  it('downloads the image of a version from the storage, with its bytes and name', async () => {
    const [latest] = await versionsOf(tech, REV_D.id);
    const res = await ctx.app.inject({ method: 'GET', url: latest!.url, headers: { authorization: tech.idToken } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain(`filename="rev-d-${latest!.version}.bin"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(demoFirmwareImage(REV_D.name, latest!.version))).toBe(true);
    expect(res.rawPayload.subarray(0, 18).toString()).toBe('LAVO DEMO FIRMWARE');
  });

  it('answers 404 for an unknown version or a version without an image, and 400 for a malformed id', async () => {
    const unknown = await get(ctx.app, tech, `firmware/versions/${ABSENT_ID}/file`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: FIRMWARE_MESSAGES.versionNotFound });
    for (const bad of ['x', '0', '1e3', '99999999999']) expect((await get(ctx.app, tech, `firmware/versions/${bad}/file`)).statusCode, bad).toBe(400);

    const [, older] = await versionsOf(tech, REV_D.id);
    await storage.delete(firmwareImageKey(older!.id));
    const missing = await get(ctx.app, tech, `firmware/versions/${older!.id}/file`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: FIRMWARE_MESSAGES.fileNotFound });
    // The demo's start-up puts back only what is missing.
    expect(await storeDemoFirmwareImages(ctx.db, storage)).toBe(1);
    expect(await storeDemoFirmwareImages(ctx.db, storage)).toBe(0);
    expect((await get(ctx.app, tech, `firmware/versions/${older!.id}/file`)).statusCode).toBe(200);
  });

  it('refuses callers without FIRMWARE, or of another account type, with 403', async () => {
    const [latest] = await versionsOf(tech, REV_D.id);
    for (const [who, tokens] of [
      ['manager', manager],
      ['no FIRMWARE', noFirmware],
    ] as const) {
      expect((await get(ctx.app, tokens, `firmware/versions?modelId=${REV_D.id}`)).statusCode, who).toBe(403);
      expect((await get(ctx.app, tokens, `firmware/versions/${latest!.id}/file`)).statusCode, who).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: latest!.url })).statusCode).toBe(401);
  });

  it('offers the Versions page every model that has firmware', async () => {
    const res = await get(ctx.app, firmwareOnly, 'devices/models');
    expect(res.statusCode).toBe(200);
    const models = res.json<{ id: number; deviceType: string; versions: unknown[] }[]>();
    expect(models.map((m) => m.id).sort((a, b) => a - b)).toEqual(SEED_DEVICE_MODELS.map((m) => m.id).sort((a, b) => a - b));
    expect(new Set(models.map((m) => m.deviceType))).toEqual(new Set(['DISPENSER', 'BADGE', 'WRISTBAND', 'GATEWAY', 'TABLET', 'BEACON']));
  });
});
