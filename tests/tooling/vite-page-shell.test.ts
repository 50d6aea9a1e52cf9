import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../src/app/route-table';
import { deferEntryStylesheet, pageTitles, titleMarkup } from '../../scripts/vite-page-shell';

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
});
