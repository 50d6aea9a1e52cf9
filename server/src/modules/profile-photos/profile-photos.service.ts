import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { photoPath, PROFILE_PHOTO_MESSAGES, type PhotoUploadResponse } from '../../contracts/profile-photos';
import { HttpError } from '../../core/http-error';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import type { FileStorage } from '../../storage';
import { USER_NOT_FOUND, userInScope, userToChange } from '../users';
import { setPicture } from './profile-photos.repo';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The photo's type by its first bytes (what the file says it is does not count). */
export function photoTypeOf(bytes: Uint8Array): 'png' | 'jpg' | null {
  const starts = (magic: number[]) => bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);
  return starts(PNG) ? 'png' : starts(JPEG) ? 'jpg' : null;
}

export const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
const keyOf = (userId: number, name: string) => `profile-photos/${userId}/${name}`;

/** Profile photos: kept in the file storage, one per upload; the user's picture names the current one. */
export function createProfilePhotosService({ db, storage }: { db: Database; storage: FileStorage }) {
  /** The user whose photo a caller sets: themself, or a user of their scope, not above them, from the Users page. */
  async function editable(caller: Caller, userId: number): Promise<UserRow> {
    if (userId === caller.user.id) return caller.user;
    if (!mayUse(caller, '/app/accounts/users')) throw new HttpError(403, 'You do not have permission to do this');
    return userToChange(db, caller, await caller.scope(), userId);
  }

  return {
    editable,

    /** Stores the photo and makes it the user's picture. */
    async upload(target: UserRow, bytes: Buffer): Promise<PhotoUploadResponse> {
      const type = photoTypeOf(bytes);
      if (!type) throw new HttpError(400, PROFILE_PHOTO_MESSAGES.wrongType);
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${type}`;
      await storage.put(keyOf(target.id, name), bytes, { contentType: CONTENT_TYPES[type] });
      const picture = photoPath(target.id, name);
      await setPicture(db, target.id, picture);
      return { id: target.id, picture };
    },

    /** The user's current photo, for the user themself or anyone whose scope holds them; 404 otherwise. */
    async photo(caller: Caller, userId: number, name: string): Promise<{ stream: Readable; contentType: string }> {
      const target = userId === caller.user.id ? caller.user : await userInScope(db, await caller.scope(), userId).catch(() => null);
      // Only the current photo is served: an earlier one is as absent as another hospital's.
      if (!target || target.picture !== photoPath(userId, name)) {
        throw new HttpError(404, USER_NOT_FOUND);
      }
      const stream = await storage.get(keyOf(userId, name));
      if (!stream) throw new HttpError(404, USER_NOT_FOUND);
      return { stream, contentType: name.endsWith('.png') ? CONTENT_TYPES.png : CONTENT_TYPES.jpg };
    },
  };
}
