import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's module boundaries (ARCHITECTURE.md 'Server modules') are held by the lint zones in
// eslint.config.js; these probes show each zone refuses what it should and allows the rest.

const eslint = new ESLint();

/** The import boundary errors of `code` written as the file `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const probe = (imports: string) => `${imports}\nexport const probe = [x];\n`;

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

  it('let only reports and ingest compose the metrics building blocks', async () => {
    const code = probe("import { idIn as x } from '../../core/sql';\nimport { dayRange } from '../metrics/filters';\nexport const y = dayRange;");
    expect(await boundaryErrors('server/src/modules/reports/probe.ts', code)).toEqual([]);
    expect(await boundaryErrors('server/src/modules/nfc/probe.ts', code)).toHaveLength(1);
  });

  it('keep core below the modules and plugins', async () => {
    const errors = await boundaryErrors('server/src/core/probe.ts', probe("import { callerOf as x } from '../plugins/auth';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('core');
  });
});
