// The entity tier: data several features share (see entities/users/api/keys.ts).

/** Cache keys of devices several pages read: assignment histories, models, MAC lookups. */
export const deviceKeys = {
  histories: () => ['devices', 'history'] as const,
  history: (deviceId: number) => ['devices', 'history', deviceId] as const,
  /** The device models of a type (every model for null), with their firmware versions. */
  models: (type: string | null = null) => ['devices', 'models', type ?? 'all'] as const,
  macs: () => ['devices', 'mac'] as const,
  mac: (mac: string) => ['devices', 'mac', mac] as const,
};
