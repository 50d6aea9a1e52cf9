import type { ObservationSession } from '@contracts/observation-audits';
import type { PendingState } from '@/components/pending-mark';
import { monthIn } from './session-figures';
import type { KeptSession } from './use-kept-sessions';

/** One line of the Sessions list. */
export interface SessionRow {
  clientId: string;
  unitName: string;
  /** Who observed: the server's name, null for a session only this device has yet (the user's own). */
  observerName: string | null;
  startedAt: string;
  endedAt: string | null;
  observations: number;
  compliant: number;
  /** Where the device's edits of it stand; null when the server has them all. */
  state: PendingState;
}

/**
 * The Sessions list of a unit's month: the server's sessions, with those this device keeps in
 * their place (what the observer did, before the server has all of it) and those it has not had
 * yet; newest first.
 */
export function sessionRows(server: readonly ObservationSession[], kept: readonly KeptSession[], unit: { id: number; timeZone: string }, month: string): SessionRow[] {
  const local = kept.filter(({ session }) => session.unit.id === unit.id && monthIn(session.startedAt, unit.timeZone) === month);
  const keptIds = new Set(local.map(({ session }) => session.clientId));
  const rows: SessionRow[] = [
    ...server
      .filter((s) => !keptIds.has(s.clientId))
      .map((s) => ({ clientId: s.clientId, unitName: s.groupName, observerName: s.observer.name, startedAt: s.startedAt, endedAt: s.endedAt, observations: s.observations, compliant: s.compliant, state: null })),
    ...local.map(({ session, tally, state }) => ({
      clientId: session.clientId,
      unitName: session.unit.name,
      observerName: null,
      startedAt: session.startedAt,
      endedAt: session.endedAt,
      observations: tally.opportunities,
      compliant: tally.compliant,
      state,
    })),
  ];
  return rows.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
