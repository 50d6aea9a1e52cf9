/**
 * Where the suite's timings are written while it runs and read when it ends: one JSON file per
 * step or runner under `test-results/timings/`, so a step that fails still leaves the others'.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TIMINGS_DIR = path.resolve('test-results', 'timings');

/** One test file's time in one runner (a vitest project, or the browser tests). */
export interface FileTiming {
  runner: string;
  file: string;
  seconds: number;
  tests: number;
}

/** One step's wall time; `parent` names the step it is a part of. */
export interface StepTiming {
  step: string;
  seconds: number;
  ok: boolean;
  parent?: string;
}

/** The parent the browser tests' global set-up gives the server's start and its demo history; scripts/test-e2e.ts files them under its step. */
export const E2E_SERVER_PHASES = 'e2e server';

export function resetTimings(): void {
  rmSync(TIMINGS_DIR, { recursive: true, force: true });
  mkdirSync(TIMINGS_DIR, { recursive: true });
}

export function writeTimings(name: string, data: { steps?: StepTiming[]; files?: FileTiming[] }): void {
  mkdirSync(TIMINGS_DIR, { recursive: true });
  writeFileSync(path.join(TIMINGS_DIR, `${name}.json`), JSON.stringify(data));
}

export function readTimings(): { steps: StepTiming[]; files: FileTiming[] } {
  const steps: StepTiming[] = [];
  const files: FileTiming[] = [];
  let names: string[];
  try {
    names = readdirSync(TIMINGS_DIR).filter((n) => n.endsWith('.json'));
  } catch {
    return { steps, files };
  }
  for (const name of names.sort()) {
    try {
      const data = JSON.parse(readFileSync(path.join(TIMINGS_DIR, name), 'utf8')) as { steps?: StepTiming[]; files?: FileTiming[] };
      steps.push(...(data.steps ?? []));
      files.push(...(data.files ?? []));
    } catch {
      // A runner stopped while writing: its timings are left out.
    }
  }
  return { steps, files };
}
