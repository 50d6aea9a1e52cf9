import type { UserSummary } from '@contracts/entities';
import { MAX_PHOTO_BYTES, PROFILE_PHOTO_MESSAGES } from '@contracts/profile-photos';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { UserAvatar } from '@/widgets/user-avatar/user-avatar';
import { useUploadPhoto } from '../api/upload-photo';
import { isPngOrJpeg } from '../photo-type';

type PhotoOwner = Pick<UserSummary, 'id' | 'firstName' | 'lastName' | 'demo' | 'picture'>;

/**
 * My Account's Photo row: the photo (or initials) and a button to upload a png or jpeg. The file's
 * type is checked by its first bytes before it is sent; `onUploaded` lets the page refresh the user.
 */
export function ProfilePhotoField({ user, onUploaded }: { user: PhotoOwner; onUploaded?: (picture: string) => void }) {
  const [picture, setPicture] = useState(user.picture);
  const upload = useUploadPhoto();

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!(await isPngOrJpeg(file))) {
      notifications.show({ color: 'red', message: PROFILE_PHOTO_MESSAGES.wrongType });
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      notifications.show({ color: 'red', message: PROFILE_PHOTO_MESSAGES.tooBig });
      return;
    }
    try {
      const result = await upload.mutateAsync({ userId: user.id, file });
      setPicture(result.picture);
      notifications.show({ color: 'teal', message: PROFILE_PHOTO_MESSAGES.updated });
      onUploaded?.(result.picture);
    } catch (error) {
      // The server's words for what it refused (the type, the size); the spec's failure otherwise.
      const status = (error as { status?: number }).status;
      const message = status === 400 || status === 413 ? (error as Error).message : PROFILE_PHOTO_MESSAGES.failed;
      notifications.show({ color: 'red', message });
    }
  };

  return (
    <Group gap="md" wrap="nowrap">
      <UserAvatar person={{ ...user, picture }} size={64} radius="xl" color="teal" alt="" />
      <Stack gap={4}>
        <FileButton onChange={(file) => void pick(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button {...props} variant="default" mih={44} loading={upload.isPending}>
              Upload photo
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          A png or jpeg, at most 2 MB.
        </Text>
      </Stack>
    </Group>
  );
}
