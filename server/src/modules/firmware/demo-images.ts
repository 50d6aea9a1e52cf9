import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../storage';
import { firmwareImageKey } from './firmware-files';
import { listAllVersions } from './firmware.repo';

// The demo's firmware images (docs/SCREENS.md 'Versions'). The demo has no vendor builds to ship,
// so each seeded version gets a stand-in: a small file made only from its model and version, the
// same bytes on every machine. It is written into the file storage at start-up by a server that
// seeds the demo (main.ts, SEED_DEMO), never by the download route: a real installation serves
// only images someone put there, and answers 404 for a version without one.

/** The stand-in image's size in bytes after its header: 8 KiB. */
const BODY_BYTES = 8 * 1024;

/** A demo version's stand-in image: a text header naming it, then 8 KiB of SHA-256 output seeded by model and version. */
export function demoFirmwareImage(modelName: string, version: string): Buffer {
  const header = Buffer.from(`LAVO DEMO FIRMWARE\nmodel: ${modelName}\nversion: ${version}\nnot for devices\n\n`, 'utf8');
  const blocks: Buffer[] = [];
  for (let i = 0; i * 32 < BODY_BYTES; i++) blocks.push(createHash('sha256').update(`${modelName}\0${version}\0${i}`).digest());
  return Buffer.concat([header, ...blocks]);
}

/** Puts the stand-in image of every firmware version that has none in the storage; answers how many it wrote. */
export async function storeDemoFirmwareImages(db: Database, storage: FileStorage): Promise<number> {
  let written = 0;
  for (const row of await listAllVersions(db)) {
    const key = firmwareImageKey(row.id);
    if (await storage.exists(key)) continue;
    await storage.put(key, demoFirmwareImage(row.modelName, row.version), { contentType: 'application/octet-stream' });
    written += 1;
  }
  return written;
}
