/** Cache keys of the observation audits' answers; a sent session or record invalidates the session lists. */
export const auditKeys = {
  all: ['observation-audits'] as const,
  /** The units the caller may audit, with their rooms and staff (kept for offline use with the session cache). */
  units: () => ['observation-audits', 'units'] as const,
  sessionLists: () => ['observation-audits', 'sessions'] as const,
  /** The caller's own sessions of a unit's month. */
  mySessions: (groupId: number, month: string) => ['observation-audits', 'sessions', groupId, month, 'mine'] as const,
};
