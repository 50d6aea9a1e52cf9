import { accessSync, constants, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contracts': fileURLToPath(new URL('./server/src/contracts', import.meta.url)),
};

// The server projects run a worker's files one after another in one module graph (isolate: false):
// importing the server took about 3 s a file. A file still gets a database, an app and sign-ins of
// its own; what the server's modules keep between calls is keyed by the database (docs/TESTING.md).
// Server integration tests run on embedded PGlite; with CI=true (or TEST_POSTGRES=1) the
// database-backed ones run a second time on the PostgreSQL server at 127.0.0.1:5432.
const withPostgres = process.env.CI === 'true' || process.env.TEST_POSTGRES === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbBacked = ['tests/server/api/**/*.test.ts', 'tests/server/db/**/*.test.ts', 'tests/server/metrics/**/*.test.ts'];

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * A directory in memory for the server tests' temporary files, when the machine has one with room
 * (Linux's /dev/shm): each PGlite test database is a copy of a 60 MB data directory, which took
 * over a second a file to write to this machine's disk and takes a few milliseconds in memory
 * (docs/TESTING.md). Elsewhere the system's temporary directory, as before.
 */
function memoryTmpDir(): string | undefined {
  const dir = '/dev/shm';
  const room = 4 * 1024 ** 3;
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= room ? dir : undefined;
  } catch {
    return undefined;
  }
}
const serverTmp = process.env.LAVO_TEST_TMPDIR ?? memoryTmpDir();
const serverEnv = serverTmp ? { TMPDIR: serverTmp } : {};

export default defineConfig({
  resolve: { alias },
  test: {
    // The second reporter records each file's time for the table `npm test` prints (scripts/test.ts).
    reporters: ['default', './scripts/test-timings/vitest-reporter.ts'],
    // vitest's own default is a worker fewer than the cores (one on a 2-core machine), though a
    // server test file spends much of its time waiting for PostgreSQL, the identity provider and
    // PGlite's thread: as many workers as cores keep them busy (docs/TESTING.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true as const,
        test: {
          name: 'client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // Each file in a VM context of a worker that lives on, rather than a worker of its own: jsdom
          // and the libraries below are loaded once per worker, not once per file (about 0.8 s a
          // file). The UI libraries are bundled into one module each (vitest's dependency
          // optimizer), which also gives recharts' CommonJS the ES modules it requires in a VM
          // context (docs/TESTING.md).
          pool: 'vmThreads',
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/charts', '@mantine/core', '@mantine/dates', '@mantine/hooks', '@mantine/notifications', 'recharts',
                  '@tanstack/react-query', '@tanstack/react-router', 'react-hook-form', 'dayjs', 'react', 'react-dom',
                  '@testing-library/react', '@testing-library/user-event',
                ],
              },
            },
          },
        },
      },
      {
        extends: true as const,
        test: {
          name: 'tooling',
          include: ['tests/tooling/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true as const,
        test: {
          name: 'server-pglite',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          env: { ...serverEnv, TEST_DATABASE_URL: '' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: dbBacked,
                environment: 'node',
                isolate: false,
                globalSetup: ['tests/server/global-setup.ts'],
                env: { ...serverEnv, TEST_DATABASE_URL: postgresUrl },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
