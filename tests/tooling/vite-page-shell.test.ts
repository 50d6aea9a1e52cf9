import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../src/routes/route-table';
import { pageTitles } from '../../scripts/page-shell-tables';
import { deferEntryStylesheet, pagePreloads, preloadPageChunks, preloadStartChunks, startChunks, titleMarkup } from '../../scripts/vite-page-shell';

/** Runs the markup's inline script against a page at `pathname`; answers what the heading and tab show. */
function firstScreenAt(pathname: string, titles: Record<string, string>) {
  const markup = titleMarkup(titles);
  const script = /<script>([\s\S]*)<\/script>/.exec(markup)?.[1] ?? '';
  const heading = { textContent: '', hidden: true };
  const document = { title: 'Lavo — Hand Hygiene Console', getElementById: (id: string) => (id === 'page-title' ? heading : null) };
  runInNewContext(script, { document, location: { pathname } });
  return { heading, tab: document.title, markup };
}

describe('the first screen of index.html', () => {
  it('knows the title of every page of the route table', () => {
    const titles = pageTitles();
    for (const entry of APP_ROUTES) expect(titles[entry.path]).toBe(entry.title);
  });

  it('names the page being opened before any module loads, with or without a trailing slash', () => {
    for (const path of ['/app/reports/overview', '/app/reports/overview/']) {
      const { heading, tab } = firstScreenAt(path, pageTitles());
      expect(heading).toEqual({ textContent: 'Performance Overview', hidden: false });
      expect(tab).toBe('Performance Overview · Lavo');
    }
  });

  it('shows no heading for an address that is not a page (sign-in, unknown paths)', () => {
    for (const path of ['/auth', '/app', '/app/nowhere']) {
      const { heading, tab } = firstScreenAt(path, pageTitles());
      expect(heading.hidden).toBe(true);
      expect(tab).toBe('Lavo — Hand Hygiene Console');
    }
  });

  it('cannot close its script element whatever a title says', () => {
    const { markup, heading } = firstScreenAt('/app/x', { '/app/x': '</script><b>x' });
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
    expect(heading.textContent).toBe('</script><b>x');
  });

  it('turns the entry stylesheet into a preload the app applies, and leaves other links alone', () => {
    const html = [
      '<link rel="icon" href="/icons/favicon-32.png">',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-react-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-D8j5CLIP.css">',
    ].join('\n');
    expect(deferEntryStylesheet(html)).toBe(
      [
        '<link rel="icon" href="/icons/favicon-32.png">',
        '<link rel="modulepreload" crossorigin href="/assets/vendor-react-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/index-D8j5CLIP.css" data-app-styles>',
      ].join('\n'),
    );
  });

  it('preloads the chunk the app starts with and all it imports, each once, and no lazily loaded chunk', () => {
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, dynamicImports: string[] = []) => ({
      type: 'chunk' as const,
      fileName,
      imports,
      dynamicImports,
      facadeModuleId,
    });
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', [], '/repo/src/main.tsx', ['assets/start-app-1.js']),
      'assets/start-app-1.js': chunk('assets/start-app-1.js', ['assets/vendor-react-1.js', 'assets/Box-1.js', 'assets/index-1.js'], '/repo/src/app/start-app.tsx', ['assets/overview-1.js']),
      'assets/vendor-react-1.js': chunk('assets/vendor-react-1.js', []),
      'assets/Box-1.js': chunk('assets/Box-1.js', ['assets/vendor-react-1.js']),
      'assets/overview-1.js': chunk('assets/overview-1.js', ['assets/Box-1.js'], '/repo/src/features/reports/overview/overview-page.tsx'),
      'assets/index-1.css': { type: 'asset' as const, fileName: 'assets/index-1.css' },
    };
    const hrefs = startChunks(bundle as never, 'src/app/start-app.tsx');
    expect(hrefs).toEqual(['/assets/start-app-1.js', '/assets/vendor-react-1.js', '/assets/Box-1.js', '/assets/index-1.js']);
    expect(() => startChunks(bundle as never, 'src/app/missing.tsx')).toThrow(/No chunk starts with src\/app\/missing.tsx/);
  });

  it('puts the preloads right after the entry script and fails when there is none', () => {
    const html = ['<head>', '    <script type="module" crossorigin src="/assets/index-1.js"></script>', '    <link rel="manifest" href="/m.json">', '</head>'].join('\n');
    expect(preloadStartChunks(html, ['/assets/start-app-1.js', '/assets/Box-1.js'])).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/start-app-1.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/Box-1.js">',
        '    <link rel="manifest" href="/m.json">',
        '</head>',
      ].join('\n'),
    );
    expect(() => preloadStartChunks('<head></head>', ['/assets/a.js'])).toThrow(/no entry script/);
  });

  it("lists for each page the shell's chunks and its own beyond the start chunks, with their styles, and only the shell's for a placeholder", () => {
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, css: string[] = []) => ({
      type: 'chunk' as const,
      fileName,
      imports,
      dynamicImports: [],
      facadeModuleId,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
    });
    const bundle = {
      'assets/start-app-1.js': chunk('assets/start-app-1.js', ['assets/vendor-react-1.js', 'assets/Box-1.js'], '/repo/src/app/start-app.tsx'),
      'assets/vendor-react-1.js': chunk('assets/vendor-react-1.js', []),
      'assets/Box-1.js': chunk('assets/Box-1.js', ['assets/vendor-react-1.js']),
      'assets/shell-1.js': chunk('assets/shell-1.js', ['assets/Box-1.js', 'assets/nav-1.js'], '/repo/src/app/shell/app-route-component.tsx'),
      'assets/nav-1.js': chunk('assets/nav-1.js', ['assets/vendor-react-1.js'], null, ['assets/nav-1.css']),
      'assets/map-1.js': chunk('assets/map-1.js', ['assets/nav-1.js', 'assets/zoom-1.js'], '/repo/src/features/reports/pages/map-page.tsx', ['assets/map-1.css']),
      'assets/zoom-1.js': chunk('assets/zoom-1.js', ['assets/Box-1.js']),
    };
    const preloads = pagePreloads(bundle as never, ['/app/reports/map', '/app/maintenance/editor'], { '/app/reports/map': 'features/reports/pages/map-page.tsx' });
    expect(preloads.get('/app/reports/map')).toEqual({
      scripts: ['/assets/shell-1.js', '/assets/nav-1.js', '/assets/map-1.js', '/assets/zoom-1.js'],
      styles: ['/assets/nav-1.css', '/assets/map-1.css'],
    });
    expect(preloads.get('/app/maintenance/editor')).toEqual({ scripts: ['/assets/shell-1.js', '/assets/nav-1.js'], styles: ['/assets/nav-1.css'] });
    expect(() => pagePreloads(bundle as never, ['/app/x'], { '/app/x': 'features/x/pages/x-page.tsx' })).toThrow(/No chunk starts with src\/features\/x\/pages\/x-page.tsx/);
  });

  it("puts a page's preloads after the start chunks' and fails when there are none", () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/start-app-1.js">',
      '    <link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-styles>',
      '</head>',
    ].join('\n');
    expect(preloadPageChunks(html, { scripts: ['/assets/map-1.js'], styles: ['/assets/map-1.css'] })).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/start-app-1.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/map-1.js">',
        '    <link rel="preload" as="style" crossorigin href="/assets/map-1.css">',
        '    <link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-styles>',
        '</head>',
      ].join('\n'),
    );
    expect(() => preloadPageChunks('<head></head>', { scripts: ['/assets/a.js'], styles: [] })).toThrow(/no module preload/);
  });
});
