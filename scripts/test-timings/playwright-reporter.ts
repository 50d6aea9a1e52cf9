/** Records each browser test file's time (its tests' durations added up), for the table `npm test` prints. */
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type FileTiming, writeTimings } from './files';

export default class TimingReporter implements Reporter {
  private readonly files = new Map<string, FileTiming>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    // scripts/test-e2e.ts names each run when it runs the suite more than once.
    const runner = process.env.LAVO_E2E_RUN ? `playwright ${process.env.LAVO_E2E_RUN}` : 'playwright';
    const entry = this.files.get(file) ?? { runner, file, seconds: 0, tests: 0 };
    entry.seconds += result.duration / 1000;
    entry.tests += 1;
    this.files.set(file, entry);
  }

  onEnd(): void {
    writeTimings(`playwright-files-${process.pid}`, { files: [...this.files.values()] });
  }
}
