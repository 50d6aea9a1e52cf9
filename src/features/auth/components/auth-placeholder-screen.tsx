import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlaceholderNotice } from '@/components/placeholder-notice';
import { AnchorLink } from '@/components/router-links';
import { AuthLayout } from './auth-layout';

/** A public authentication screen that is not built yet: its title and a labelled placeholder. */
export function AuthPlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <PlaceholderNotice title="Placeholder — not built yet">
          <Text size="sm">This screen comes in a later version.</Text>
        </PlaceholderNotice>
        <AnchorLink to="/auth" ta="center" py="xs">
          Back to sign in
        </AnchorLink>
      </Stack>
    </AuthLayout>
  );
}
