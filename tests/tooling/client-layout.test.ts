import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The client's layout (ARCHITECTURE.md 'Layers'): every feature is a folder directly inside
// src/features, fenced by the lint zones generated from those folders; entities hold data only,
// and the screens several features share are widgets.

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });

describe('the client layout', () => {
  it('keeps screens out of the entities', () => {
    const screens = filesUnder('src/entities').filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));
    expect(screens).toEqual([]);
  });

  it('gives every feature one depth: no folder of features inside another', () => {
    // A feature's own pages sit in src/features/<feature>/pages (reports: in each report area's
    // folder); a pages folder deeper down would be a feature inside a feature, outside the fences.
    const pageFolders = filesUnder('src/features')
      .map((file) => path.dirname(file))
      .filter((dir, index, dirs) => path.basename(dir) === 'pages' && dirs.indexOf(dir) === index);
    expect(pageFolders.length).toBeGreaterThan(10);
    expect(pageFolders.filter((dir) => dir.split(path.sep).length !== 4)).toEqual([]);
  });
});
