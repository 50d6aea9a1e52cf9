import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { AnchorLink } from '@/components/router-links';
import { useSession } from '@/lib/session-context';
import { ConnectivityBadge } from './connectivity-badge';
import { ProfileMenu } from './profile-menu';
import { SideNav } from './side-nav';
import { useUserChannel } from './use-user-channel';

/** The signed-in shell: header (menu button, brand, status, profile), side navigation, page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  useUserChannel(user.id);

  // Below md the navigation is a drawer; it gets out of the way once a page is chosen.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
              aria-controls="app-navigation"
            />
            <AnchorLink to="/app" underline="never" c="inherit" aria-label="Lavo home">
              <Text fw={700} size="lg">
                Lavo
              </Text>
            </AnchorLink>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConnectivityBadge />
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navigation" p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <SideNav onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
