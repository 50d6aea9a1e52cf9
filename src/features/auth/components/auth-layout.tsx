import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const TAGLINE = 'Your Vital Partner in Patient Safety';

/** The card every authentication screen sits in: brand, tagline, then the screen's content. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="xl">
          <Stack gap={4} align="center">
            <img src="/icons/icon-192.png" alt="" width={56} height={56} />
            <Title order={1} size="h2">
              Lavo
            </Title>
            <Text c="dimmed" ta="center">
              {TAGLINE}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
