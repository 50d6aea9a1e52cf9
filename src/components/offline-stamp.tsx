import { Alert } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';

/**
 * While offline, says how old the report on screen is ('offline — as of {time}'), or that it was
 * never opened on this device, instead of an error.
 */
export function OfflineStamp({ updatedAt, hasData }: { updatedAt: number; hasData: boolean }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert color="gray" variant="light" mb="md" role="status" data-testid="offline-stamp">
      {hasData && updatedAt > 0
        ? `offline — as of ${formatDateTime(updatedAt)}`
        : 'offline — this page has not been opened on this device yet; it will load when the connection is back.'}
    </Alert>
  );
}
