import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localSecrets, resolveSecrets, secretsFileOf } from '../../../server/src/secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lavo-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const BOTH = ['ingestSecret', 'pusherSecret'] as const;

describe('installation secrets', () => {
  it('are generated per installation at first use, kept readable by the owner only, and reused after', () => {
    const dir = tempDir();
    const first = localSecrets(dir);
    expect(first.ingestSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.pusherSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.pusherSecret).not.toBe(first.ingestSecret);
    expect(statSync(secretsFileOf(dir)).mode & 0o777).toBe(0o600);
    expect(localSecrets(dir)).toEqual(first);
    expect(localSecrets(tempDir()).ingestSecret).not.toBe(first.ingestSecret);
  });

  it('come from the environment when set, and from the installation otherwise', () => {
    const dir = tempDir();
    const given = resolveSecrets({ NODE_ENV: 'development', LAVO_DATA_DIR: dir, INGEST_SECRET: 'a-secret-from-the-environment' }, BOTH);
    expect(given.ingestSecret).toBe('a-secret-from-the-environment');
    expect(given.pusherSecret).toBe(localSecrets(dir).pusherSecret);
  });

  it('refuse to start production with a secret missing or a known default, naming each variable, and generate nothing', () => {
    const dir = tempDir();
    expect(() => resolveSecrets({ NODE_ENV: 'production', LAVO_DATA_DIR: dir }, BOTH)).toThrow(
      'Refusing to start in production: INGEST_SECRET is not set; PUSHER_SECRET is not set.',
    );
    expect(() =>
      resolveSecrets({ NODE_ENV: 'production', LAVO_DATA_DIR: dir, INGEST_SECRET: 'lavo-local-ingest-secret', PUSHER_SECRET: 'x'.repeat(40) }, BOTH),
    ).toThrow(/INGEST_SECRET is a known default value/);
    expect(existsSync(secretsFileOf(dir))).toBe(false);
    const good = { INGEST_SECRET: 'f'.repeat(40), PUSHER_SECRET: 'e'.repeat(40) };
    expect(resolveSecrets({ NODE_ENV: 'production', LAVO_DATA_DIR: dir, ...good }, BOTH)).toEqual({ ingestSecret: good.INGEST_SECRET, pusherSecret: good.PUSHER_SECRET });
  });

  it('keep the API server from starting in production without them', () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const run = spawnSync(process.execPath, ['--import', tsx, 'server/src/main.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LAVO_DATA_DIR: tempDir(),
        INGEST_SECRET: 'lavo-local-ingest-secret',
        COGNITO_USER_POOL_ID: 'us-east-1_example',
        COGNITO_CLIENT_ID: 'example',
        SEED_DEMO: 'false',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('INGEST_SECRET is a known default value; PUSHER_SECRET is not set');
  });
});
