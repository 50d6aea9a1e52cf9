// The entity tier: data several features share (see entities/users/api/keys.ts).

/** Cache keys of a device's assignment history; an assignment or unassignment refreshes them all. */
export const deviceKeys = {
  histories: () => ['devices', 'history'] as const,
  history: (deviceId: number) => ['devices', 'history', deviceId] as const,
};
