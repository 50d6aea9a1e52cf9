import { photoUploadResponseSchema, PROFILE_PHOTO_MESSAGES, type PhotoUploadResponse } from '@contracts/profile-photos';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessageOf } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth';
import { getConfig } from '@/lib/config';

/** POST /users/{id}/photo: uploads a png or jpeg (multipart, field 'file') and makes it the user's picture. */
export async function uploadPhoto({ userId, file }: { userId: number; file: Blob }): Promise<PhotoUploadResponse> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'photo');
  const token = await getIdToken();
  const response = await fetch(`${getConfig().apiBaseUrl}/users/${userId}/photo`, {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: token } : {},
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(body, PROFILE_PHOTO_MESSAGES.failed), body);
  return photoUploadResponseSchema.parse(body);
}

export function useUploadPhoto() {
  return useMutation({ mutationKey: ['profile-photo', 'upload'] as const, mutationFn: uploadPhoto });
}
