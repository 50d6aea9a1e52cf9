import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading row every page starts with (title on the left, page actions on the right). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
