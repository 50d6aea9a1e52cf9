import type { ClientError, ClientErrorKind } from '@contracts/client-errors';
import { Badge, Button, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { formatDateTimeIn } from '@/lib/format';
import classes from './server-logs.module.css';

/** The clock the crash reports are read in: the server's, the same for every hospital and every reader. */
export const CLIENT_ERROR_CLOCK = 'UTC';

export const KIND_LABELS: Record<ClientErrorKind, string> = {
  render: 'Render',
  route: 'Route',
  rejection: 'Unhandled rejection',
};
const KIND_COLORS: Record<ClientErrorKind, string> = { render: 'red', route: 'orange', rejection: 'grape' };

/** One crash report: when, what, where and whose; its stack folded until asked for. */
function ClientErrorItem({ error }: { error: ClientError }) {
  const [open, setOpen] = useState(false);
  const stackId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="li" className={classes.report} data-testid="client-error">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={KIND_COLORS[error.kind]} variant="light">
            {KIND_LABELS[error.kind]}
          </Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={error.at}>
            {formatDateTimeIn(error.at, CLIENT_ERROR_CLOCK)}
          </Text>
        </Group>
        <Text fw={600} className={classes.wrap}>
          {error.message}
        </Text>
        <Text size="sm" className={classes.wrap}>
          <Text span c="dimmed">
            Page{' '}
          </Text>
          <Text span ff="monospace">
            {error.route || '—'}
          </Text>
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Release{' '}
            </Text>
            <Text span ff="monospace" className={classes.wrap}>
              {error.release}
            </Text>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              User id{' '}
            </Text>
            {error.userId === null ? 'none (before sign-in)' : error.userId}
          </Text>
        </Group>
        {error.userAgent && (
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {error.userAgent}
          </Text>
        )}
        {error.stack ? (
          <>
            <Group>
              <Button variant="subtle" size="sm" mih={44} px="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={open ? stackId : undefined}>
                {open ? 'Hide stack' : 'Show stack'}
              </Button>
            </Group>
            {open && (
              <Code block id={stackId} className={classes.code} aria-label="Stack">
                {error.stack}
              </Code>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No stack
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export interface ClientErrorListProps {
  errors: readonly ClientError[];
  loading: boolean;
  error: Error | null;
  /** Reading again (the newest first). */
  refreshing: boolean;
  onRefresh: () => void;
  /** There are older reports than those shown. */
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

/** The app's crash reports, newest first, a page at a time (docs/SCREENS.md 'Server Logs'). */
export function ClientErrorList({ errors, loading, error, refreshing, onRefresh, hasMore, loadingMore, onMore }: ClientErrorListProps) {
  return (
    <Stack gap="sm" component="section" aria-label="Client errors">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          Crashes of the app in browsers, newest first. Times in {CLIENT_ERROR_CLOCK}.
        </Text>
        <Button variant="default" size="sm" mih={44} onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
      </Group>
      {error && errors.length === 0 ? (
        <LoadError error={error} title="The client errors could not be loaded" unavailable="The client errors have not been loaded on this device yet." />
      ) : loading ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading client errors" />
        </Group>
      ) : errors.length === 0 ? (
        <Text c="dimmed" p="md" size="sm">
          No client errors have been reported.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" className={classes.reports} aria-label="Client errors, newest first">
          {errors.map((e) => (
            <ClientErrorItem key={e.id} error={e} />
          ))}
        </Stack>
      )}
      {hasMore && (
        <Group justify="center">
          <Button variant="light" size="sm" mih={44} onClick={onMore} loading={loadingMore}>
            Show older errors
          </Button>
        </Group>
      )}
    </Stack>
  );
}
