/** A device the drawer edits: its model decides its tab. */
export interface SettingsDevice {
  id: number;
  modelId: number;
  modelName: string;
  version: string | null;
}

/** The devices of one model: one tab of the drawer. */
export interface ModelTab {
  modelId: number;
  modelName: string;
  deviceIds: number[];
}

/** One tab per model (by model name), each with its devices' ids in ascending order; a device named twice counts once. */
export function modelTabs(devices: readonly SettingsDevice[]): ModelTab[] {
  const byModel = new Map<number, { modelName: string; ids: Set<number> }>();
  for (const device of devices) {
    const tab = byModel.get(device.modelId) ?? { modelName: device.modelName, ids: new Set<number>() };
    tab.ids.add(device.id);
    byModel.set(device.modelId, tab);
  }
  return [...byModel]
    .map(([modelId, { modelName, ids }]) => ({ modelId, modelName, deviceIds: [...ids].sort((a, b) => a - b) }))
    .sort((a, b) => a.modelName.localeCompare(b.modelName) || a.modelId - b.modelId);
}

/** Stands for the set of tabs: a new set of devices starts a new editor. */
export const tabsSignature = (tabs: readonly ModelTab[]) => tabs.map((t) => `${t.modelId}:${t.deviceIds.join(',')}`).join(';');
