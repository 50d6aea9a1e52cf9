// Where a firmware image lives in the file storage, and the name it downloads under.

/** The storage key of a version's image: one file per version id (storage/storage.ts keys). */
export const firmwareImageKey = (versionId: number) => `firmware/${versionId}.bin`;

/** The name a version's image saves under, e.g. 'gen-3-3.2.0.bin'. */
export function firmwareFileName(modelName: string, version: string): string {
  const part = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
  return `${part(modelName) || 'firmware'}-${part(version) || 'image'}.bin`;
}
