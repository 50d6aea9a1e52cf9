import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_USERS } from '../../eslint.config.js';

// The server's module boundaries (ARCHITECTURE.md 'Server modules') are held by the lint zones in
// eslint.config.js; these probes show each zone refuses what it should and allows the rest.

// The probes ask for the zones alone: import-x/no-cycle would read every file a probe's imports
// reach (it has its own probe in module-boundaries.test.ts).
const eslint = new ESLint({ overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** The import boundary errors of `code` written as the file `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const probe = (imports: string) => `${imports}\nexport const probe = [x];\n`;

// ESLint loads its parser, plugins and resolver on the first file it lints: seconds on a busy
// machine, which would count against the first probe's time.
beforeAll(() => boundaryErrors('src/lib/probe.ts', probe('const x = 1;')), 120_000);

describe('server module boundaries', () => {
  it('let a feature module use an entity module through its index.ts', async () => {
    const errors = await boundaryErrors('server/src/modules/stations/probe.ts', probe("import { userInScope as x } from '../users';"));
    expect(errors).toEqual([]);
  });

  it("refuse a feature module another module's own files", async () => {
    for (const path of ['../users/users.repo', '../wearables/wearables.repo', '../devices/devices.repo']) {
      const errors = await boundaryErrors('server/src/modules/stations/probe.ts', probe(`import * as x from '${path}';`));
      expect(errors, path).toHaveLength(1);
      expect(errors[0]).toContain('entity module');
    }
  });

  it('let only the METRICS_USERS modules compose the metrics building blocks', async () => {
    const code = probe("import { idIn as x } from '../../core/sql';\nimport { dayRange } from '../metrics/filters';\nexport const y = dayRange;");
    expect(METRICS_USERS).toContain('reports');
    for (const name of METRICS_USERS) expect(await boundaryErrors(`server/src/modules/${name}/probe.ts`, code), name).toEqual([]);
    const refused = await boundaryErrors('server/src/modules/nfc/probe.ts', code);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('METRICS_USERS');
  });

  it('keep core below the modules and plugins', async () => {
    const errors = await boundaryErrors('server/src/core/probe.ts', probe("import { registerAuth as x } from '../plugins/auth';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('core');
  });

  it('refuse a module the plugins and app.ts', async () => {
    for (const path of ['../../plugins/auth', '../../plugins/access-rules', '../../app']) {
      const errors = await boundaryErrors('server/src/modules/stations/probe.ts', probe(`import * as x from '${path}';`));
      expect(errors, path).toHaveLength(1);
      expect(errors[0]).toContain('plugins');
    }
    expect(await boundaryErrors('server/src/modules/stations/probe.ts', probe("import { forPages as x } from '../../core/access';"))).toEqual([]);
  });

  it("let a plugin use an entity module's index.ts, core and db, and refuse it any other module file", async () => {
    const allowed = probe("import { findUserBySubject as x } from '../modules/users';\nimport { mayUse } from '../core/access';\nimport type { Database } from '../db/client';\nexport const y: [typeof mayUse, Database?] = [mayUse];");
    expect(await boundaryErrors('server/src/plugins/probe.ts', allowed)).toEqual([]);
    for (const path of ['../modules/audit/audit.repo', '../modules/session/revoked-sessions.repo', '../modules/users/users.repo', '../modules/server-log/publisher', '../app']) {
      const errors = await boundaryErrors('server/src/plugins/probe.ts', probe(`import * as x from '${path}';`));
      expect(errors, path).toHaveLength(1);
      expect(errors[0]).toContain('Plugins import');
    }
  });
});

describe('import cycles', () => {
  // The fixtures are real files (the rule follows imports on disk) that `npm run lint` ignores.
  const fixtures = new ESLint({ ignore: false });
  const cycleErrors = async (file: string) => {
    const [result] = await fixtures.lintFiles([`tests/tooling/fixtures/import-cycle/${file}`]);
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle');
  };

  it('refuse two files that import each other', async () => {
    expect(await cycleErrors('cycle-a.ts')).toHaveLength(1);
    expect(await cycleErrors('cycle-b.ts')).toHaveLength(1);
  });

  it('let two files import only each other\'s types', async () => {
    expect(await cycleErrors('types-a.ts')).toEqual([]);
  });
});

describe("a module's SQL", () => {
  const builderErrors = async (filePath: string, code: string) =>
    ((await eslint.lintText(code, { filePath }))[0]?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  const query = probe("import { eq as x } from 'drizzle-orm';");

  it('is refused in a service or a route file, and allowed in a repo', async () => {
    for (const file of ['audits/audits.service.ts', 'stations/stations.routes.ts']) {
      const errors = await builderErrors(`server/src/modules/${file}`, query);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('*.repo.ts');
    }
    expect(await builderErrors('server/src/modules/audits/audits.repo.ts', query)).toEqual([]);
    expect(await builderErrors('server/src/modules/audits/audits.service.ts', probe("import type { SQL } from 'drizzle-orm';\nconst x: SQL | null = null;"))).toEqual([]);
  });
});
