import type { SessionStatus } from './gateway-session';

/** What the page says of a session. */
export type SessionLabel = 'Connecting' | 'Reconnecting' | 'Live' | 'Disconnected / No Response';

/**
 * The label of a session: Live only while joined over a working connection; Connecting until the
 * first join, Reconnecting after that (also while the live connection itself is down); in error,
 * Disconnected / No Response.
 */
export function sessionLabel(status: SessionStatus, everJoined: boolean, connected: boolean): SessionLabel {
  if (status === 'error') return 'Disconnected / No Response';
  if (status === 'joined' && connected) return 'Live';
  return everJoined ? 'Reconnecting' : 'Connecting';
}

export const SESSION_LABEL_COLORS: Record<SessionLabel, string> = {
  Connecting: 'gray',
  Reconnecting: 'yellow',
  Live: 'green',
  'Disconnected / No Response': 'red',
};
