/** Cache keys of the Versions page: the device models, and each model's firmware versions. */
export const versionKeys = {
  all: ['firmware'] as const,
  models: () => ['firmware', 'models'] as const,
  versions: (modelId: number) => ['firmware', 'versions', modelId] as const,
};
