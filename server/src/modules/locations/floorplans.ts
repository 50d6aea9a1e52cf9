import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FLOORPLAN_TYPE_MESSAGE } from '../../contracts/organizations';
import { HttpError } from '../../core/http-error';
import type { FileStorage } from '../../storage';

// Uploaded floor plans (docs/SCREENS.md 'Screens', Locations): png or jpeg, told apart by their first bytes
// (a name or a declared type proves nothing), kept in the file storage under a name made of the
// content's hash, so a changed plan gets a new address and the cache-first copy of the old one
// (sw/runtime-caching.ts) is never served for it.

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);

/** 'png' or 'jpg' by the file's magic bytes, or null for anything else. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpg' | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  return null;
}

const storageKey = (groupId: number, file: string) => `floorplans/${groupId}/${file}`;

/** The address the app loads an uploaded plan from (under the API's root). */
export const floorplanAddress = (groupId: number, file: string) => `/api/groups/${groupId}/floorplan/${file}`;

/** Stores a plan for a location; answers its file name. A file that is not png or jpeg is refused with 400. */
export async function storeFloorplan(storage: FileStorage, groupId: number, bytes: Uint8Array): Promise<string> {
  const kind = imageKind(bytes);
  if (!kind) throw new HttpError(400, FLOORPLAN_TYPE_MESSAGE);
  const file = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${kind}`;
  await storage.put(storageKey(groupId, file), Buffer.from(bytes), { contentType: kind === 'png' ? 'image/png' : 'image/jpeg' });
  return file;
}

/** A stored plan's content, or null when the location has no such file. */
export function readFloorplan(storage: FileStorage, groupId: number, file: string): Promise<Readable | null> {
  return storage.get(storageKey(groupId, file));
}
