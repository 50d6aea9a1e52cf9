import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { findAppRoute } from './route-table';

/** How long a load may take before a spinner joins the text: most loads end sooner, and a spinner that flashes only distracts. */
export const SPINNER_DELAY_MS = 800;

/** A small spinner that appears only once the wait has lasted `SPINNER_DELAY_MS`. */
function LateSpinner() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return late ? <Loader size="sm" aria-hidden /> : null;
}

/** While a page's code loads: its title at once, where the page will put it, and a labelled loader. */
export function PagePending({ title, label = 'Loading…' }: { title: string | undefined; label?: string }) {
  return (
    <Stack gap={0}>
      {title && <PageHeader title={title} />}
      <Group gap="sm" role="status" aria-live="polite" aria-label={label}>
        <LateSpinner />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * /app while the workspace loads (session data, the shell's code): the header bar and the title
 * of the page being opened, so the visitor sees at once where they are going.
 */
export function WorkspacePending() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const title = findAppRoute(pathname)?.title;
  return (
    <Box>
      <Group h={60} px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={700} size="lg">
          Lavo
        </Text>
      </Group>
      <Box p="md">
        <PagePending title={title} label="Loading your workspace…" />
      </Box>
    </Box>
  );
}
