import type { UserSummary } from '@contracts/entities';
import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@/lib/format';
import { usePhotoUrl } from '@/entities/users/api/get-photo';

/** A person's avatar: their photo when they have one, their initials otherwise (and while it loads). */
export function UserAvatar({
  person,
  ...props
}: { person: (Pick<UserSummary, 'firstName' | 'lastName' | 'demo'> & { picture?: string | null }) | null | undefined } & Omit<AvatarProps, 'src' | 'children'>) {
  const photo = usePhotoUrl(person?.picture);
  return (
    <Avatar {...props} src={photo} data-photo={photo ? 'shown' : 'none'}>
      {person ? initials(person) : 'U'}
    </Avatar>
  );
}
