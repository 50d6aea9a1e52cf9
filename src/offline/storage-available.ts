/** False where the browser gives no IndexedDB (some private windows): nothing can be queued or read then. */
export function offlineStorageAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}
