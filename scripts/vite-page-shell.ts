import { fileURLToPath } from 'node:url';
import { type IndexHtmlTransformContext, type Plugin, runnerImport } from 'vite';
import type { PageShellTables } from './page-shell-tables';

/** Where index.html takes the page title; replaced by the heading and the script that fills it. */
export const TITLE_MARKER = '<!-- page-title -->';

/**
 * The heading of the first screen, exactly as the app's page header draws it (Mantine's h2 size,
 * weight and line height, in the theme's font), so it stays where it is when the app takes over.
 */
const titleStyle = (fontFamily: string) =>
  ['margin: 0 0 20px', `font-family: ${fontFamily.replace(/"/g, "'")}`, 'font-size: 26px', 'font-weight: 700', 'line-height: 1.35'].join('; ');

/** The heading and the inline script that names it after the address, before any module loads. */
export function titleMarkup(titles: Record<string, string>, fontFamily = 'sans-serif'): string {
  const script = [
    `var titles = ${JSON.stringify(titles).replace(/</g, '\\u003c')};`,
    "var title = titles[location.pathname.replace(/\\/+$/, '')];",
    'if (title) {',
    "  var heading = document.getElementById('page-title');",
    '  heading.textContent = title;',
    '  heading.hidden = false;',
    "  document.title = title + ' · Lavo';",
    '}',
  ].join('\n');
  return `<h1 id="page-title" hidden style="${titleStyle(fontFamily)}"></h1>\n<script>\n(function () {\n${script}\n})();\n</script>`;
}

/**
 * The entry stylesheet becomes a preload the app applies itself (`src/app/app-styles.ts`) before it
 * renders: the first screen (plain markup with its own styles) then paints as soon as the page
 * arrives, instead of after the 250 kB of component styles.
 */
export function deferEntryStylesheet(html: string): string {
  return html.replace(/<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/, '<link rel="preload" as="style"$1 href="$2" data-app-styles>');
}

/** The chunks of a build, as index.html's transform receives them. */
type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** The module the entry starts the app with, once the first screen has painted (src/main.tsx). */
export const START_MODULE = 'src/app/start-app.tsx';

/** The chunk whose module is `module` (a path from the project root); fails when there is none. */
function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const found = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
  if (!found) throw new Error(`No chunk starts with ${module}: index.html cannot preload the app`);
  return found;
}

/** `chunk` and every chunk it imports statically, in load order, each once, as file names. */
function staticClosure(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const found: string[] = [];
  const visit = (fileName: string) => {
    if (found.includes(fileName)) return;
    found.push(fileName);
    const next = bundle[fileName];
    if (next?.type === 'chunk') for (const imported of next.imports) visit(imported);
  };
  visit(chunk.fileName);
  return found;
}

/**
 * The chunks the app starts with: the one holding `startModule` (imported dynamically by the
 * entry) and every chunk it imports statically, in load order, as their public paths.
 */
export function startChunks(bundle: OutputBundle, startModule: string, base = '/'): string[] {
  return staticClosure(bundle, chunkOf(bundle, startModule)).map((fileName) => `${base}${fileName}`);
}

/** The module of the signed-in shell, around every page (imported dynamically by the router). */
export const SHELL_MODULE = 'src/app/shell/app-route-component.tsx';

/** Where the build writes the copy of index.html served at each page's address: `{dir}{path}.html`. */
export const PAGE_SHELL_DIR = 'pages';

/** What a page's address preloads beyond the start chunks: its scripts and their stylesheets. */
export interface PagePreloads {
  scripts: string[];
  styles: string[];
}

/**
 * For each page of the signed-in area (every path of `paths`), the chunks it needs beyond the
 * start chunks: the shell's and, when the page is built (`pageFiles`, paths from src/), its own,
 * with the stylesheets they import, as public paths in load order. The app imports both only once
 * it has started and found the session; listed in the page's HTML, they download with it.
 */
export function pagePreloads(
  bundle: OutputBundle,
  paths: readonly string[],
  pageFiles: Readonly<Record<string, string | undefined>>,
  base = '/',
): Map<string, PagePreloads> {
  const start = new Set(staticClosure(bundle, chunkOf(bundle, START_MODULE)));
  const shell = staticClosure(bundle, chunkOf(bundle, SHELL_MODULE));
  const result = new Map<string, PagePreloads>();
  for (const path of paths) {
    const file = pageFiles[path];
    const page = file ? staticClosure(bundle, chunkOf(bundle, `src/${file}`)) : [];
    const scripts = [...new Set([...shell, ...page])].filter((fileName) => !start.has(fileName));
    const styles = new Set<string>();
    for (const fileName of scripts) {
      const chunk = bundle[fileName];
      for (const css of (chunk?.type === 'chunk' && chunk.viteMetadata?.importedCss) || []) styles.add(css);
    }
    result.set(path, { scripts: scripts.map((name) => `${base}${name}`), styles: [...styles].map((name) => `${base}${name}`) });
  }
  return result;
}

/**
 * index.html with a page's preloads after the last module preload (the start chunks'): scripts as
 * module preloads, stylesheets as style preloads (applied by the app when it imports the page, so
 * they hold no paint). Vite's loader finds these links in the document and does not add them again.
 */
export function preloadPageChunks(html: string, { scripts, styles }: PagePreloads): string {
  const last = [...html.matchAll(/\n(\s*)<link rel="modulepreload"[^>]*>/g)].at(-1);
  if (!last || last.index === undefined) throw new Error('index.html has no module preload to put the page\'s after');
  const indent = last[1] ?? '';
  const links = [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  const at = last.index + last[0].length;
  return `${html.slice(0, at)}${links.map((link) => `\n${indent}${link}`).join('')}${html.slice(at)}`;
}

/**
 * Preloads for the app's start chunks, after the entry script: the browser downloads them beside
 * the page, as it would an entry's static imports, but they run only when the entry imports them.
 */
export function preloadStartChunks(html: string, hrefs: readonly string[]): string {
  const links = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    ');
  const entry = /\n(\s*)<script type="module" crossorigin src="[^"]+"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no entry script to preload the app beside');
  const at = entry.index + entry[0].length;
  return `${html.slice(0, at)}\n${entry[1]}${links}${html.slice(at)}`;
}

/**
 * The app's tables (scripts/page-shell-tables.ts), loaded once through Vite's module runner with
 * the app's aliases: the config imports nothing of the app, so loading it bundles none of the
 * app's modules.
 */
function appTables(alias: Record<string, string>): () => Promise<PageShellTables> {
  let loading: Promise<PageShellTables> | undefined;
  return () => {
    loading ??= runnerImport<{ pageShellTables: () => PageShellTables }>(fileURLToPath(new URL('./page-shell-tables.ts', import.meta.url)), {
      configFile: false,
      logLevel: 'error',
      resolve: { alias },
    }).then(({ module }) => module.pageShellTables());
    return loading;
  };
}

/** index.html's first screen: the page title at once, and styles that do not hold the first paint. */
export function pageShell({ alias }: { alias: Record<string, string> }): Plugin {
  const tables = appTables(alias);
  return {
    name: 'lavo-page-shell',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(TITLE_MARKER)) throw new Error(`index.html has lost its ${TITLE_MARKER} marker`);
        const { titles, fontFamily } = await tables();
        const withTitle = html.replace(TITLE_MARKER, titleMarkup(titles, fontFamily));
        // The dev server injects styles from the modules; only a build has the stylesheet link and chunks.
        if (!context.bundle) return withTitle;
        return preloadStartChunks(deferEntryStylesheet(withTitle), startChunks(context.bundle, START_MODULE));
      },
    },
    // After index.html is written: a copy of it for each page, with what that page needs preloaded
    // (the server answers a page's address with it, server/src/plugins/static-app.ts).
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('The build wrote no index.html to copy for each page');
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        const { pagePaths, pageFiles } = await tables();
        for (const [path, preloads] of pagePreloads(bundle, pagePaths, pageFiles)) {
          this.emitFile({ type: 'asset', fileName: `${PAGE_SHELL_DIR}${path}.html`, source: preloadPageChunks(html, preloads) });
        }
      },
    },
  };
}
