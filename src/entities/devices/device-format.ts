// How the device screens show a device's last heartbeat; its health levels are the contract's
// (contracts/device-health.ts).

import { formatDateTime } from '@/lib/format';

/** Within this, a moment shows as 'N min ago'. */
const RELATIVE_MS = 60 * 60_000;

/** A heartbeat as 'just now', 'N min ago' within the hour, else its date and time; '—' when never. */
export function formatHeartbeat(at: string | null, now = Date.now()): string {
  if (at === null) return '—';
  const ago = now - Date.parse(at);
  if (ago < 60_000) return 'just now';
  if (ago < RELATIVE_MS) return `${Math.floor(ago / 60_000)} min ago`;
  return formatDateTime(at);
}

