import { z } from 'zod';
import { idParam } from './fields';

// Profile photos (docs/SCREENS.md 'Screens', Profile photo): stored, and set as the user's picture in the same call.

/** The largest photo accepted. */
export const MAX_PHOTO_BYTES = 2 * 1_048_576;

export const PROFILE_PHOTO_MESSAGES = {
  wrongType: "It looks like that file wasn't the right type. Try a png or jpeg",
  tooBig: 'The photo may be at most 2 MB',
  noFile: 'Send the photo as a file in multipart/form-data',
  updated: 'Your photo was successfully updated!',
  failed: 'Uh oh something went wrong and we were unable to update your photo.',
} as const;

/** A stored photo's name: its content hash and its type. */
export const PHOTO_NAME = /^[0-9a-f]{16}\.(png|jpg)$/;

export const photoParamsSchema = z.object({ id: idParam });
export const photoFileParamsSchema = z.object({ id: idParam, name: z.string().max(32).regex(PHOTO_NAME, 'not a photo of this user') });

/** What an upload answers: the user's new picture, the path the photo is served from. */
export const photoUploadResponseSchema = z.object({ id: z.number().int(), picture: z.string() });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;

/** The path a user's photo is served from (users.picture). */
export const photoPath = (userId: number, name: string) => `/users/${userId}/photo/${name}`;
