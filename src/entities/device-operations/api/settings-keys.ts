/** The device ids in ascending order: one set of devices is one cache entry, whatever order it was chosen in. */
export const sortedDeviceIds = (deviceIds: readonly number[]): number[] => [...deviceIds].sort((a, b) => a - b);

/** Cache keys of the settings editor: the settings (with the model's presets) of a set of devices. */
export const settingsKeys = {
  all: ['operations', 'settings'] as const,
  devices: (deviceIds: readonly number[]) => ['operations', 'settings', 'devices', sortedDeviceIds(deviceIds)] as const,
};
