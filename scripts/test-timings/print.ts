/** Prints the suite's step table and the slowest test files of each runner. */
import { readTimings, type FileTiming } from './files';

const SLOWEST = 20;
const seconds = (s: number) => `${s.toFixed(1)} s`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
}

/** Prints the table; `wallSeconds` is the whole run's time (steps side by side count once). */
export function printTimings(wallSeconds?: number): void {
  const { steps, files } = readTimings();
  const runners = new Map<string, FileTiming[]>();
  for (const f of files) runners.set(f.runner, [...(runners.get(f.runner) ?? []), f]);

  const rows: string[][] = [['step', 'time', '']];
  const top = steps.filter((s) => !s.parent);
  const addParts = (parent: string, depth: number) => {
    for (const part of steps.filter((p) => p.parent === parent)) {
      rows.push([`${'  '.repeat(depth)}${part.step}`, seconds(part.seconds), part.ok ? '' : 'FAILED']);
      addParts(part.step, depth + 1);
    }
  };
  for (const s of top) {
    rows.push([s.step, seconds(s.seconds), s.ok ? '' : 'FAILED']);
    addParts(s.step, 1);
    if (s.step === 'vitest') {
      for (const [runner, list] of runners) {
        if (!runner.startsWith('vitest ')) continue;
        const busy = list.reduce((sum, f) => sum + f.seconds, 0);
        rows.push([`  ${runner.slice(7)}: ${list.length} files, ${list.reduce((n, f) => n + f.tests, 0)} tests (time in files)`, seconds(busy), '']);
      }
    }
  }
  rows.push(['total', seconds(wallSeconds ?? top.reduce((sum, s) => sum + s.seconds, 0)), '']);
  console.log(`\nWhere the time went\n${table(rows)}`);

  const counts = [...runners].map(([runner, list]) => `${runner}: ${list.length} files, ${list.reduce((n, f) => n + f.tests, 0)} tests`);
  if (counts.length) console.log(`\nCounts\n  ${counts.join('\n  ')}`);

  for (const [runner, list] of runners) {
    const slowest = [...list].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
    console.log(`\nThe ${slowest.length} slowest files of ${runner}\n${table(slowest.map((f) => [`  ${f.file}`, seconds(f.seconds), `${f.tests} tests`]))}`);
  }
}
