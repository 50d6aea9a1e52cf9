import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'lavo-pglite-';

/** Whether a process with this id is running (one of another user's counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A new empty directory under the OS temp dir, named after this process, for a database that
 * lives only as long as its handle. Directories of processes that ended without closing their
 * handle are removed first.
 */
export async function scratchDataDir(): Promise<string> {
  const root = os.tmpdir();
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (name.startsWith(PREFIX) && Number.isInteger(pid) && pid > 0 && !processAlive(pid)) {
      await rm(path.join(root, name), { recursive: true, force: true }).catch(() => undefined);
    }
  }
  return mkdtemp(path.join(root, `${PREFIX}${process.pid}-`));
}
