import type { Plugin } from 'vite';

/** A chain of chunks that import one another in a circle, or null. `imports` maps each chunk to the chunks it imports statically. */
export function findChunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (chunk: string): string[] | null => {
    state.set(chunk, 'visiting');
    path.push(chunk);
    for (const next of imports.get(chunk) ?? []) {
      if (state.get(next) === 'visiting') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(chunk, 'done');
    return null;
  };
  for (const chunk of imports.keys()) {
    if (state.has(chunk)) continue;
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Fails the build when chunks import one another in a circle. Such chunks can run a module before
 * the one it needs has run ('x is not a function' on first use); it happens when a manual chunk
 * group cuts a library off from components it shares with app code.
 */
export function chunkCycleGuard(): Plugin {
  return {
    name: 'lavo-chunk-cycle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const cycle = findChunkCycle(imports);
      if (cycle) this.error(`Chunks import one another in a circle: ${cycle.join(' → ')}. Change the chunk groups in vite.config.ts.`);
    },
  };
}
