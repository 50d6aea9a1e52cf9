/** Records each test file's time per vitest project, for the table `npm test` prints at its end. */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { type FileTiming, writeTimings } from './files';

/** A file's whole time in its worker: its environment, imports and set-up files as well as its tests and hooks. */
function fileMs(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class TimingReporter implements Reporter {
  private readonly files: FileTiming[] = [];

  onTestModuleEnd(module: TestModule): void {
    let tests = 0;
    for (const _ of module.children.allTests()) tests += 1;
    this.files.push({
      runner: `vitest ${module.project.name}`,
      file: path.relative(process.cwd(), module.moduleId),
      seconds: fileMs(module) / 1000,
      tests,
    });
  }

  onTestRunEnd(): void {
    writeTimings(`vitest-files-${process.pid}`, { files: this.files });
  }
}
