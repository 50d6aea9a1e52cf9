import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-height centred spinner with an accessible label (announced as a status). */
export function CenteredSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-label={label} aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
