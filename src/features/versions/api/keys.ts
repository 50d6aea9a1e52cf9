/** Cache keys of the Versions page: each model's firmware versions (the models are deviceKeys.models). */
export const versionKeys = {
  all: ['firmware'] as const,
  versions: (modelId: number) => ['firmware', 'versions', modelId] as const,
};
