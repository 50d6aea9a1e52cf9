import type { EditorDeviceType } from '@contracts/editor';

/** Cache keys of the Device form: the models of a type, and the lookup of a MAC. */
export const deviceFormKeys = {
  all: ['editor', 'device-form'] as const,
  models: (type: EditorDeviceType) => ['editor', 'device-form', 'models', type] as const,
  mac: (mac: string) => ['editor', 'device-form', 'mac', mac] as const,
};
