import { Group, Loader, Text } from '@mantine/core';

/** A list on its way, said in words beside the spinner (announced as a status). */
export function Loading({ label }: { label: string }) {
  return (
    <Group gap="sm" py="md" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Group>
  );
}
