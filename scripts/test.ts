/**
 * `npm test`: the whole suite, one step after another (the typecheck and lint side by side, the
 * vitest projects, the browser tests), stopping at the first that fails. At the end, pass or fail, it prints how
 * long each step took and the slowest test files of each runner (docs/TESTING.md).
 */
import { LINT, runSteps, TYPECHECK } from './test-timings/steps';

await runSteps('npm test', [
  // Each keeps to one core: side by side.
  [
    { step: 'typecheck', cmd: TYPECHECK },
    { step: 'lint', cmd: [...LINT, '.'] },
  ],
  { step: 'vitest', cmd: ['npx', 'vitest', 'run'] },
  { step: 'browser tests', cmd: ['npx', 'tsx', 'scripts/test-e2e.ts'] },
]);
