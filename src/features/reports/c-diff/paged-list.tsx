import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { ConnectionError } from '@/lib/api-client';

/** Under a list read page by page: how much is loaded, and a button for the next page while more exist. */
export function LoadMore({
  loaded,
  total,
  noun,
  hasMore,
  loading,
  failed = false,
  onLoadMore,
}: {
  loaded: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  /** The last Load more failed. */
  failed?: boolean;
  onLoadMore: () => void;
}) {
  if (loaded === 0) return null;
  return (
    <Group justify="center" mt="md" gap="md" wrap="wrap">
      <Text size="sm" c="dimmed" role="status">
        {loaded} of {total} {noun} loaded
        {failed && hasMore ? `; the next ${noun} could not be loaded` : ''}
      </Text>
      {hasMore && (
        <Button variant="default" mih={44} onClick={onLoadMore} loading={loading}>
          Load more {noun}
        </Button>
      )}
    </Group>
  );
}

/**
 * A list that could not be loaded, in place of the list: offline or with the server unreachable,
 * what is missing in words; any other failure a quiet grey note with a way to try again (the
 * details are in the console, as the spec logs them).
 */
export function PagedListError({ error, what, onRetry }: { error: Error; what: string; onRetry: () => void }): ReactNode {
  if (error instanceof ConnectionError) {
    return <LoadError error={error} unavailable={`${what} have not been loaded on this device yet.`} />;
  }
  return (
    <Alert color="gray" variant="light" role="status" title={`${what} could not be loaded`}>
      <Text size="sm" mb="sm">
        Something went wrong while loading them. Try again in a moment.
      </Text>
      <Button variant="default" mih={44} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
