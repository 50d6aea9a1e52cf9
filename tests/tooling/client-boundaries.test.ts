import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The client's layers (main.tsx → src/app → src/routes → src/features → shared code) are held by
// the lint zones in eslint.config.js; these probes show the app/routes zone keeps its direction.

const eslint = new ESLint();

/** The import boundary errors of `code` written as the file `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const probe = (imports: string) => `${imports}\nexport const probe = [x];\n`;

describe('client layers', () => {
  it('let the app build on the routes', async () => {
    expect(await boundaryErrors('src/app/probe.ts', probe("import { routeTree as x } from '@/routes/route-tree';"))).toEqual([]);
  });

  it('refuse the routes any import of the app', async () => {
    for (const path of ['@/app/router', '@/app/shell/app-layout', '../app/theme']) {
      const errors = await boundaryErrors('src/routes/probe.ts', probe(`import * as x from '${path}';`));
      expect(errors, path).toHaveLength(1);
      expect(errors[0]).toContain('Routes do not import the app');
    }
  });

  it('let the routes compose the features', async () => {
    expect(await boundaryErrors('src/routes/probe.ts', probe("import { reportSearchSchema as x } from '@/features/reports/filters/report-search';"))).toEqual([]);
  });
});
