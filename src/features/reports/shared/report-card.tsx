import { Group, LoadingOverlay, Paper, Text, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/router-links';
import type { ReportPath } from '../filters/kept-params';
import type { ReportAddress } from '../filters/report-search';

export interface ReportLink {
  to: ReportPath;
  search: ReportAddress;
}

/**
 * A report section: title, optional 'View Report' link, and its body, with a loading overlay
 * while an answer is on its way and the server's message when it failed.
 */
export function ReportCard({
  title,
  link,
  loading = false,
  error,
  actions,
  children,
}: {
  title: string;
  link?: ReportLink;
  loading?: boolean;
  error?: Error | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" pos="relative" component="section" aria-label={title} aria-busy={loading}>
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm">
          {actions}
          {link && (
            <AnchorLink to={link.to} search={link.search} size="sm" fw={500} aria-label={`View report: ${title}`}>
              View Report
            </AnchorLink>
          )}
        </Group>
      </Group>
      {error ? (
        <LoadError
          error={error}
          title="Could not load this section"
          unavailable="This section has not been loaded on this device yet; the reports and sections opened before stay readable offline."
        />
      ) : (
        children
      )}
    </Paper>
  );
}

/** The spec's empty state of a report section. */
export function NoData({ children = 'No data' }: { children?: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}
