import { Alert } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';

/** Laid over the top of a map (its parent is positioned): it takes no room, and taps go through it. */
const FLOATING = { position: 'absolute', top: 8, left: 8, right: 8, zIndex: 2, pointerEvents: 'none', opacity: 0.95 } as const;

/**
 * While offline, says how old the report on screen is ('offline — as of {time}'), or that it was
 * never opened on this device, instead of an error. `floating` lays it over a map, so that going
 * offline does not move the plan under the user's finger.
 */
export function OfflineStamp({ updatedAt, hasData, floating = false }: { updatedAt: number; hasData: boolean; floating?: boolean }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert color="gray" variant="light" mb={floating ? 0 : 'md'} style={floating ? FLOATING : undefined} role="status" data-testid="offline-stamp">
      {hasData && updatedAt > 0
        ? `offline — as of ${formatDateTime(updatedAt)}`
        : 'offline — this page has not been opened on this device yet; it will load when the connection is back.'}
    </Alert>
  );
}
