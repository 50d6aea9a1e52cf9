// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders directly inside `dir`.
 * @param {string} dir
 */
const foldersOf = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const features = foldersOf('src/features');
const widgets = foldersOf('src/widgets');
const serverModules = foldersOf('server/src/modules');

/** Entity modules (ARCHITECTURE.md 'Server modules'): others use them through their index.ts only. */
const ENTITY_MODULES = ['users', 'devices', 'locations'];
/**
 * The modules that may compose the metrics building blocks (modules/metrics): the one list of them
 * (ARCHITECTURE.md 'Server modules'), held by the module zones below.
 */
export const METRICS_USERS = ['reports', 'ingest', 'email-subscriptions', 'audits'];

/** Import boundaries: who may import whom (STYLE.md 'The shape of the house'). */
const WAIT_FOR_WHAT_A_USER_SEES =
  'A browser test waits for what a user would see (an answer, a drawn state, an element at rest: expect(...), expect.poll, waitForResponse), never for time.';

const zones = [
  // A feature never reaches into another feature; route files and the shell compose them.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features do not import each other; compose them in src/routes or src/app.',
  })),
  { target: './src/features', from: ['./src/app', './src/routes'], message: 'Features do not depend on the app or routes.' },
  // main.tsx → src/app (start-up, providers, the shell) → src/routes (route tree, table, guards) → features.
  {
    target: './src/routes',
    from: './src/app',
    message: 'Routes do not import the app: src/app builds the router from src/routes and gives /app its shell (setAppShell).',
  },
  // A widget is a screen several features share (a dialog, a drawer, a table's columns): it is
  // built of entities and shared code, never of a feature or another widget.
  ...widgets.map((name) => ({
    target: `./src/widgets/${name}`,
    from: './src/widgets',
    except: [`./${name}`],
    message: 'Widgets do not import each other; a feature composes them.',
  })),
  {
    target: './src/widgets',
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Widgets are screens several features share: they import entities, src/lib, src/components, src/offline and contracts, never features, the app or routes.',
  },
  {
    target: './src/entities',
    from: ['./src/features', './src/widgets', './src/app', './src/routes'],
    message: 'Entities hold data several features share: they import src/lib, src/components, src/offline and contracts, never features, widgets, the app or routes.',
  },
  {
    target: ['./src/lib', './src/components', './src/offline'],
    from: ['./src/features', './src/widgets', './src/entities', './src/app', './src/routes'],
    message: 'Shared code does not depend on features, the app or routes.',
  },
  // The client may use the server's contracts, nothing else of the server.
  { target: './src', from: './server', except: ['./src/contracts'], message: 'The client imports only server/src/contracts.' },
  { target: './sw', from: ['./server', './src/app', './src/features', './src/widgets', './src/routes'], message: 'The service worker stays self-contained.' },
  { target: './src', from: './sw', except: ['./messages.ts'], message: 'The page shares only sw/messages.ts with the service worker.' },
  { target: './server', from: ['./src', './sw'], message: 'The server never imports client code.' },
  // A server module imports core, contracts, db, the entity modules' index.ts and itself, never
  // the plugins (ARCHITECTURE.md 'Layers').
  ...serverModules.map((name) => ({
    target: `./server/src/modules/${name}`,
    from: './server/src/modules',
    except: [
      `./${name}`,
      ...ENTITY_MODULES.filter((entity) => entity !== name).map((entity) => `./${entity}/index.ts`),
      ...(METRICS_USERS.includes(name) ? ['./metrics'] : []),
    ],
    message: `A module uses another only through an entity module's index.ts (users, devices, locations); metrics only from ${METRICS_USERS.join(', ')} (METRICS_USERS).`,
  })),
  {
    target: './server/src/modules',
    from: ['./server/src/plugins', './server/src/app.ts'],
    message: 'Modules never import plugins: what a route declares (access, its caller, audit rule, routeOf) is in core.',
  },
  // Plugins sit between app.ts and the modules: they import core, db, contracts, identity, env and
  // the entity modules' index.ts; what they need of another module app.ts hands in.
  {
    target: './server/src/plugins',
    from: './server/src',
    except: ['./plugins', './core', './db', './contracts', './identity', './env.ts', ...ENTITY_MODULES.map((entity) => `./modules/${entity}/index.ts`)],
    message: "Plugins import core, db, contracts, identity, env and the entity modules' index.ts only; app.ts hands them what else they need.",
  },
  {
    target: './server/src/core',
    from: ['./server/src/modules', './server/src/plugins', './server/src/app.ts', './server/src/realtime', './server/src/simulator'],
    message: 'core holds the rules every module shares: it depends on contracts and db only.',
  },
  {
    target: './server/src/contracts',
    from: './server/src',
    except: ['./contracts'],
    message: 'Contracts are pure zod schemas: no server imports.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e-*/**', 'dev-dist/**', 'node_modules/**', '.data/**', '.data-*/**', 'server/drizzle/**', 'public/**', 'test-results/**', 'playwright-report/**', 'tests/tooling/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // no-cycle parses the files it follows: TypeScript's included.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: './tsconfig.json' },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // No import cycle, server or client (ARCHITECTURE.md 'Layers'); imports of types alone
      // are not followed, since they vanish at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'Contracts run in the browser too.' }] }],
    },
  },
  {
    // A module's SQL is in its repo files; no service or route builds a query (ARCHITECTURE.md 'Layers').
    files: ['server/src/modules/**/*.service.ts', 'server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: "A module's SQL belongs in its *.repo.ts: call a repo function from the service." }] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // A browser test waits for what a user would see, never for time (docs/TESTING.md 'Never
    // flaky'); an exception is disabled on its line with its reason, and listed there.
    files: ['e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['waitForTimeout', 'setTimeout', 'setInterval'].flatMap((name) => [
          { selector: `CallExpression[callee.name='${name}']`, message: WAIT_FOR_WHAT_A_USER_SEES },
          // test.setTimeout sets a test's time limit; it waits for nothing.
          { selector: `CallExpression[callee.property.name='${name}']:not([callee.object.name='test'])`, message: WAIT_FOR_WHAT_A_USER_SEES },
        ]),
      ],
    },
  },
);
