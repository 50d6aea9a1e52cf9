import { Box, Stack, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { RouterNavLink } from '@/components/router-nav-link';
import { useSession } from '@/lib/session-context';
import { buildNavigation, isActivePath } from './nav-model';

/** The three navigation sections, each entry shown by permission and account type. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { role, accountType, user } = useSession();
  const pathname = useLocation({ select: (location) => location.pathname });
  const sections = useMemo(() => buildNavigation(role, accountType, user.isEmployee), [role, accountType, user.isEmployee]);

  return (
    <Box component="nav" aria-label="Main navigation">
      <Stack gap="lg">
        {sections.map((section) => (
          <Box component="section" key={section.section} aria-labelledby={`nav-section-${section.section}`}>
            <Text
              id={`nav-section-${section.section}`}
              component="h2"
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              px="sm"
              mb={4}
            >
              {section.label}
            </Text>
            {section.groups.map((group) => (
              <Box key={group.group} mb="xs">
                {/* A group sharing its section's name would only repeat it. */}
                {section.groups.length > 1 && (
                  <Text component="h3" size="xs" fw={600} c="dimmed" px="sm" py={4}>
                    {group.group}
                  </Text>
                )}
                <Box component="ul" role="list" m={0} p={0} style={{ listStyle: 'none' }}>
                  {group.items.map((item) => {
                    const active = isActivePath(item.path, pathname);
                    return (
                      <li key={item.path}>
                        <RouterNavLink
                          to={item.path}
                          label={item.label}
                          active={active}
                          aria-current={active ? 'page' : undefined}
                          onClick={onNavigate}
                        />
                      </li>
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
