import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, s3Storage, storageFromEnv } from '../../../server/src/storage';
import { objectKeyOf } from '../../../server/src/storage/s3-storage';
import { checkKey, type FileStorage } from '../../../server/src/storage/storage';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('storage keys', () => {
  it.each(['exports/1/a.csv', 'a', 'floorplans/12/plan-v2.png'])('accepts %s', (key) => expect(checkKey(key)).toBe(key));
  it.each(['', '/etc/passwd', '../secrets.json', 'exports/../../secrets.json', 'exports//a', 'a/./b', 'A.csv', 'a\\b', 'a\0b', 'exports/..hidden'])(
    'refuses %j',
    (key) => expect(() => checkKey(key)).toThrow(/invalid storage key/),
  );
});

describe('local storage', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lavo-storage-'));
    storage = localStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores, reads, replaces and deletes a file', async () => {
    expect(await storage.exists('exports/1/a.csv')).toBe(false);
    expect(await storage.get('exports/1/a.csv')).toBeNull();
    await storage.put('exports/1/a.csv', 'id,name\n1,Ann\n', { contentType: 'text/csv' });
    expect(await storage.exists('exports/1/a.csv')).toBe(true);
    expect(await text(await storage.get('exports/1/a.csv'))).toBe('id,name\n1,Ann\n');
    await storage.put('exports/1/a.csv', Readable.from(['id\n', '2\n']));
    expect(await text(await storage.get('exports/1/a.csv'))).toBe('id\n2\n');
    await storage.delete('exports/1/a.csv');
    expect(await storage.exists('exports/1/a.csv')).toBe(false);
    await expect(storage.delete('exports/1/a.csv')).resolves.toBeUndefined();
  });

  it('leaves no partial file behind and keeps files inside its directory', async () => {
    await storage.put('x/y.txt', Buffer.from('hi'));
    expect(await readdir(path.join(dir, 'x'))).toEqual(['y.txt']);
    await expect(storage.put('../outside.txt', 'no')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
  });

  it('gives no link: its files are served by the API to callers it checks', async () => {
    await storage.put('exports/2/b.csv', 'a');
    expect(await storage.downloadLink('exports/2/b.csv', { fileName: 'b.csv' })).toBeNull();
  });

  it('is the default when no bucket is configured', () => {
    expect(storageFromEnv({ LAVO_DATA_DIR: dir }).kind).toBe('local');
    expect(storageFromEnv({ LAVO_DATA_DIR: dir, S3_BUCKET: 'lavo-files' }).kind).toBe('s3');
  });
});

describe('S3 storage (no network)', () => {
  const client = new S3Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  });

  it('puts keys under the prefix', () => {
    expect(objectKeyOf('', 'exports/1/a.csv')).toBe('exports/1/a.csv');
    expect(objectKeyOf('lavo', 'exports/1/a.csv')).toBe('lavo/exports/1/a.csv');
    expect(objectKeyOf('/lavo/', 'exports/1/a.csv')).toBe('lavo/exports/1/a.csv');
    expect(() => objectKeyOf('lavo/', '../a')).toThrow(/invalid storage key/);
  });

  it('presigns a GET of the object that saves under the given name and expires', async () => {
    const storage = s3Storage({ bucket: 'lavo-files', prefix: 'demo/', client });
    const link = new URL(await storage.downloadLink('exports/7/report.csv', { fileName: 'Staff list.csv', expiresInS: 600 }) as string);
    expect(link.protocol).toBe('https:');
    expect(`${link.host}${link.pathname}`).toMatch(/^lavo-files\.s3\.eu-west-1\.amazonaws\.com\/demo\/exports\/7\/report\.csv$/);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get('response-content-disposition')).toBe(`attachment; filename="Staff list.csv"; filename*=UTF-8''Staff%20list.csv`);
  });

  it('refuses a malformed key before any request', async () => {
    const storage = s3Storage({ bucket: 'lavo-files', client });
    await expect(storage.downloadLink('../x', { fileName: 'x' })).rejects.toThrow(/invalid storage key/);
  });
});
