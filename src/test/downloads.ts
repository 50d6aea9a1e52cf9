import { vi } from 'vitest';

/** A file the page saved: its name and its text. */
export interface SavedFile {
  name: string;
  text: string;
}

/**
 * Catches the files a page saves through a temporary link (`downloadCsv`), so a test reads what an
 * export wrote; `vi.restoreAllMocks()` lets them through again.
 */
export function catchDownloads(): { saved: () => Promise<SavedFile[]>; count: () => number } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:lavo/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  return {
    count: () => blobs.length,
    saved: () => Promise.all(blobs.map(async (blob, i) => ({ name: names[i] ?? '', text: await textOf(blob) }))),
  };
}
