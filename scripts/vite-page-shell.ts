import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { APP_ROUTES } from '../src/routes/route-table';
import { theme } from '../src/app/theme';

/** Where index.html takes the page title; replaced by the heading and the script that fills it. */
export const TITLE_MARKER = '<!-- page-title -->';

/**
 * The heading of the first screen, exactly as the app's page header draws it (Mantine's h2 size,
 * weight and line height, in the theme's font), so it stays where it is when the app takes over.
 */
const TITLE_STYLE = [
  'margin: 0 0 20px',
  `font-family: ${theme.fontFamily?.replace(/"/g, "'")}`,
  'font-size: 26px',
  'font-weight: 700',
  'line-height: 1.35',
].join('; ');

/** The /app path → page title table the first screen reads (every page of the route table). */
export function pageTitles(): Record<string, string> {
  return Object.fromEntries(APP_ROUTES.map((entry) => [entry.path, entry.title]));
}

/** The heading and the inline script that names it after the address, before any module loads. */
export function titleMarkup(titles: Record<string, string>): string {
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
  return `<h1 id="page-title" hidden style="${TITLE_STYLE}"></h1>\n<script>\n(function () {\n${script}\n})();\n</script>`;
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

/** The module the entry starts the app with, once the first screen has painted (src/main.tsx). */
export const START_MODULE = 'src/app/start-app.tsx';

/**
 * The chunks the app starts with: the one holding `startModule` (imported dynamically by the
 * entry) and every chunk it imports statically, in load order, as their public paths.
 */
export function startChunks(bundle: OutputBundle, startModule: string, base = '/'): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${startModule}`));
  if (!start) throw new Error(`No chunk starts with ${startModule}: index.html cannot preload the app`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found: string[] = [];
  const visit = (fileName: string) => {
    if (found.includes(fileName)) return;
    found.push(fileName);
    for (const next of byName.get(fileName)?.imports ?? []) visit(next);
  };
  visit(start.fileName);
  return found.map((fileName) => `${base}${fileName}`);
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

/** index.html's first screen: the page title at once, and styles that do not hold the first paint. */
export function pageShell(): Plugin {
  return {
    name: 'lavo-page-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(TITLE_MARKER)) throw new Error(`index.html has lost its ${TITLE_MARKER} marker`);
        const withTitle = html.replace(TITLE_MARKER, titleMarkup(pageTitles()));
        // The dev server injects styles from the modules; only a build has the stylesheet link and chunks.
        if (!context.bundle) return withTitle;
        return preloadStartChunks(deferEntryStylesheet(withTitle), startChunks(context.bundle, START_MODULE));
      },
    },
  };
}
