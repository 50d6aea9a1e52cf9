import { afterEach, describe, expect, it } from 'vitest';
import { appStylesApplied } from './app-styles';

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

function preload(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.crossOrigin = 'anonymous';
  link.href = href;
  link.dataset.appStyles = '';
  document.head.append(link);
  return link;
}

describe('appStylesApplied', () => {
  it('resolves at once when the page has no preloaded stylesheet (the dev server)', async () => {
    await expect(appStylesApplied()).resolves.toBeUndefined();
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('applies the preloaded stylesheet and waits until it has loaded', async () => {
    preload('/assets/index-1.css');
    let applied = false;
    const done = appStylesApplied().then(() => (applied = true));
    const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheet?.getAttribute('href')).toBe('/assets/index-1.css');
    expect(sheet?.crossOrigin).toBe('anonymous');
    await Promise.resolve();
    expect(applied).toBe(false);
    sheet?.dispatchEvent(new Event('load'));
    await done;
    expect(applied).toBe(true);
  });

  it('lets the app start when the stylesheet fails to load', async () => {
    preload('/assets/index-1.css');
    const done = appStylesApplied();
    document.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
  });
});
