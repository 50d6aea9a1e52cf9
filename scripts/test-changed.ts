/**
 * `npm run test:changed`: the inner loop while building (docs/TESTING.md). The typecheck (the
 * whole project, incrementally), lint of the changed files, the vitest files affected by the
 * working tree's changes (vitest --changed follows imports), and the browser test files changed
 * or importing a changed file (Playwright --only-changed); the app is built only when there are
 * such browser tests. The whole `npm test` runs before landing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LINT, runSteps, type Step, TYPECHECK } from './test-timings/steps';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
// Changed against HEAD, staged or not, and files git does not track yet.
const changed = [...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')])].filter(existsSync);
const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));

const listed = spawnSync('npx', ['playwright', 'test', '--only-changed', '--list'], { encoding: 'utf8' });
const browserTests = Number(/Total: (\d+) tests?/.exec(listed.stdout)?.[1] ?? 0);

const checks: Step[] = [{ step: 'typecheck', cmd: TYPECHECK }];
if (lintable.length) checks.push({ step: 'lint', cmd: [...LINT, '--no-warn-ignored', ...lintable] });
const steps: (Step | Step[])[] = [checks];
steps.push({ step: 'vitest', cmd: ['npx', 'vitest', 'run', '--changed', '--passWithNoTests'] });
if (browserTests > 0) steps.push({ step: 'browser tests', cmd: ['npx', 'tsx', 'scripts/test-e2e.ts', '--only-changed'] });

console.log(`${changed.length} changed files; ${browserTests} browser tests in changed files.`);
await runSteps('npm run test:changed', steps);
