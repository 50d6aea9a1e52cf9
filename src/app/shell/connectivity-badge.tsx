import { Badge } from '@mantine/core';
import { useOnlineStatus } from '@/offline/connectivity';

/** Online/offline indicator in the header, announced to screen readers when it changes. */
export function ConnectivityBadge() {
  const online = useOnlineStatus();
  return (
    <Badge color={online ? 'green' : 'gray'} variant={online ? 'light' : 'filled'} role="status" aria-live="polite">
      {online ? 'Online' : 'Offline'}
    </Badge>
  );
}
