/** Whose sessions a list shows: the caller's own, or every observer's the caller may see. */
export type SessionsOf = 'mine' | 'all';

/** Cache keys of the observation audits' answers; a sent session or record invalidates the session lists. */
export const auditKeys = {
  all: ['observation-audits'] as const,
  /** The units the caller may audit, with their rooms and staff (kept for offline use with the session cache). */
  units: () => ['observation-audits', 'units'] as const,
  sessionLists: () => ['observation-audits', 'sessions'] as const,
  /** A unit's sessions of a month: the caller's own, or everyone's. */
  sessions: (groupId: number, month: string, of: SessionsOf) => ['observation-audits', 'sessions', groupId, month, of] as const,
};
