import { Stack } from '@mantine/core';
import { PageHeader } from './page-header';
import { PlaceholderNotice } from './placeholder-notice';

export const PLACEHOLDER_NOTICE = 'Placeholder — this page is not built yet';

/** Stand-in for a page that a later change will build: its title and a clearly labelled notice. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap={0}>
      <PageHeader title={title} />
      <PlaceholderNotice title={PLACEHOLDER_NOTICE}>
        This screen is part of the route table and its access rules already apply; its content comes later.
      </PlaceholderNotice>
    </Stack>
  );
}
