import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { checkKey, type FileBody, type FileStorage } from './storage';

/** Files in a directory on this machine (`<LAVO_DATA_DIR>/files` by default). */
export function localStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, checkKey(key));
    // checkKey already forbids it; this keeps the guarantee local to the path built here.
    if (!file.startsWith(base + path.sep)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };

  async function write(file: string, body: FileBody) {
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader sees the whole file or the previous one, never a part.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      else await writeFile(partial, body, { mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',
    put: async (key, body) => write(fileOf(key), body),
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? createReadStream(file) : null;
    },
    async exists(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ?? false;
    },
    delete: async (key) => rm(fileOf(key), { force: true }),
    downloadLink: async (key) => (fileOf(key), null),
  };
}
