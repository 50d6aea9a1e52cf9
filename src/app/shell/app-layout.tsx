import { AppShell, Burger, Drawer, Group, ScrollArea, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMedia } from '@/lib/use-media';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useStagedReveal } from '@/lib/use-staged-reveal';
import { findAppRoute } from '@/routes/route-table';
import { PagePending } from '@/routes/workspace-pending';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import { AnchorLink } from '@/components/router-links';
import { recordPageVisit } from '@/lib/page-visits';
import { useSession } from '@/lib/session-context';
import { UsefulPagesContext } from '@/lib/useful-pages';
import { PageTitleContext } from '@/lib/page-titles';
import { ConnectivityBadge } from './connectivity-badge';
import { DemoHistoryNotice } from './demo-history-notice';
import { NoScopeNotice } from './no-scope-notice';
import { ProfileMenu } from './profile-menu';
import { SideNav } from './side-nav';
import { useOutboxSync } from './use-outbox-sync';
import { usefulPages } from './useful-pages';
import { useUserChannel } from './use-user-channel';

/** A page's title by its path, for the features (lib/page-titles.tsx). */
const titleOf = (path: string) => findAppRoute(path)?.title ?? null;

/** The signed-in shell: header (menu button, brand, status, profile), side navigation, page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, role, accountType } = useSession();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const navWanted = useOpenedOnce(navOpened);
  const theme = useMantineTheme();
  // Below md (tablets) the navigation lives in a drawer: a collapsed side bar would stay in the
  // tab order and the accessibility tree while off screen.
  const wide = useMedia(`(min-width: ${theme.breakpoints.md})`);
  const pathname = useLocation({ select: (location) => location.pathname });
  // The page renders in a task of its own after the shell's first one (its title shows meanwhile).
  const pageShown = useStagedReveal(2) === 2;
  useUserChannel(user.id);
  useOutboxSync();

  // Below md the navigation is a drawer; it gets out of the way once a page is chosen.
  useEffect(() => close(), [pathname, close]);
  // Each page opened counts towards the user's most-used pages, offered where a page has little of its own.
  useEffect(() => {
    if (findAppRoute(pathname)) recordPageVisit(user.id, pathname);
  }, [pathname, user.id]);
  const useful = useMemo(() => usefulPages(user.id, role, accountType, user.isEmployee), [user.id, role, accountType, user.isEmployee]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={wide ? { width: 260, breakpoint: 'md' } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && (
              <Burger
                opened={navOpened}
                onClick={toggle}
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={navOpened}
                aria-controls="app-navigation"
              />
            )}
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
      {wide ? (
        <AppShell.Navbar id="app-navigation" p="xs">
          <AppShell.Section grow component={ScrollArea}>
            <SideNav />
          </AppShell.Section>
        </AppShell.Navbar>
      ) : (
        navWanted && (
          <Drawer opened={navOpened} onClose={close} size={300} title="Lavo" id="app-navigation">
            <SideNav onNavigate={close} />
          </Drawer>
        )
      )}
      <AppShell.Main>
        <DemoHistoryNotice />
        <NoScopeNotice />
        {pageShown ? (
          <UsefulPagesContext.Provider value={useful}>
            <PageTitleContext.Provider value={titleOf}>{children}</PageTitleContext.Provider>
          </UsefulPagesContext.Provider>
        ) : (
          <PagePending title={findAppRoute(pathname)?.title} />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
