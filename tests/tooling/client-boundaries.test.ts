import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The client's layers (main.tsx → src/app → src/routes → src/features → shared code) are held by
// the lint zones in eslint.config.js; these probes show the app/routes zone keeps its direction.

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

describe('features, widgets and entities', () => {
  it('refuse a feature the files of another feature', async () => {
    const errors = await boundaryErrors('src/features/access-management/probe.ts', probe("import { usersRowsOf as x } from '@/features/users/pages/users-page';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Features do not import each other');
  });

  it('let a feature compose the widgets and entities', async () => {
    const code = probe("import { EditUserDialog as x } from '@/widgets/user-editor/edit-user-dialog';\nimport { userKeys } from '@/entities/users/api/keys';\nexport const y = userKeys;");
    expect(await boundaryErrors('src/features/access-management/probe.ts', code)).toEqual([]);
  });

  it('refuse a widget another widget or a feature', async () => {
    for (const path of ['@/widgets/device-operations/queue-dialog', '@/features/users/pages/users-page']) {
      const errors = await boundaryErrors('src/widgets/user-editor/probe.ts', probe(`import * as x from '${path}';`));
      expect(errors, path).toHaveLength(1);
    }
  });

  it('refuse an entity a widget', async () => {
    const errors = await boundaryErrors('src/entities/users/probe.ts', probe("import { UserAvatar as x } from '@/widgets/user-avatar/user-avatar';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Entities hold data');
  });
});
