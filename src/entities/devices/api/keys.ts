// The entity tier: data several features share (see entities/users/api/keys.ts).

/** Cache keys of devices several pages read: assignment histories, models, MAC lookups. */
export const deviceKeys = {
  histories: () => ['devices', 'history'] as const,
  history: (deviceId: number) => ['devices', 'history', deviceId] as const,
  /** Every device model with its firmware versions. */
  models: () => ['devices', 'models'] as const,
  macs: () => ['devices', 'mac'] as const,
  mac: (mac: string) => ['devices', 'mac', mac] as const,
};
