import { Avatar } from '@mantine/core';

/** The Photo row's picture: the current photo or the initials. The photo upload control is added here. */
export function PhotoSlot({ picture, initials }: { picture: string | null; initials: string }) {
  return (
    <Avatar src={picture} alt="Your photo" radius="xl" size={56}>
      {initials}
    </Avatar>
  );
}
