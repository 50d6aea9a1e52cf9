import { Badge } from '@mantine/core';
import type { GatewayLive } from '../live/stations-live';
import { SESSION_LABEL_COLORS, sessionLabel } from '../session/session-label';

/** The session state of a gateway: Connecting/Reconnecting, Live, or Disconnected / No Response. */
export function SessionBadge({ live, connected }: { live: GatewayLive | undefined; connected: boolean }) {
  const label = sessionLabel(live?.status ?? 'idle', live?.everJoined ?? false, connected);
  return (
    <Badge color={SESSION_LABEL_COLORS[label]} variant={label === 'Live' ? 'filled' : 'light'} data-testid="session-state" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
