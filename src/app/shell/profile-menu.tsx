import { Badge, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '@/components/router-links';
import { signOut } from '@/lib/auth';
import { getConfig } from '@/lib/config';
import { UserAvatar } from '@/widgets/user-avatar/user-avatar';
import { displayName } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useHoverPopover } from './use-hover-popover';

/** The avatar and its popup: name, status, Profile, Support and Sign Out. */
export function ProfileMenu({ supportUrl = getConfig().supportUrl }: { supportUrl?: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { opened, close, targetHandlers, dropdownHandlers } = useHoverPopover();
  const name = displayName(user);

  return (
    <Popover opened={opened} onDismiss={close} position="bottom-end" width={260} shadow="md" returnFocus withArrow>
      <Popover.Target>
        <UnstyledButton {...targetHandlers} aria-label={`Profile menu for ${name}`} style={{ borderRadius: '50%', minWidth: 44, minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <UserAvatar person={user} color="teal" radius="xl" size={40} alt="" />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown {...dropdownHandlers} aria-label="Profile">
        <Stack gap="xs">
          <Stack gap={4}>
            <Text fw={600}>{name}</Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <Badge color="green" variant="light" tt="none">
                Active
              </Badge>
            </Group>
          </Stack>
          <Divider />
          <ButtonLink to="/app/settings/my-account" variant="subtle" justify="flex-start" fullWidth onClick={close}>
            Profile
          </ButtonLink>
          <Button
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            justify="flex-start"
            fullWidth
            onClick={close}
          >
            Support
          </Button>
          <Button
            variant="subtle"
            color="red"
            justify="flex-start"
            fullWidth
            onClick={async () => {
              close();
              await signOut();
              await navigate({ to: '/auth', replace: true });
            }}
          >
            Sign Out
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

