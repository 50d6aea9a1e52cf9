/**
 * Applies the app's stylesheet, which index.html only preloads (so the first screen paints without
 * waiting for it), and resolves once it is in effect: components must not render unstyled. Without
 * a preload (the dev server injects styles from the modules) it resolves at once. A stylesheet that
 * fails to load does not stop the app; it then renders unstyled rather than not at all.
 */
export function appStylesApplied(doc: Document = document): Promise<void> {
  const preload = doc.querySelector<HTMLLinkElement>('link[rel="preload"][data-app-styles]');
  const href = preload?.getAttribute('href');
  if (!preload || !href) return Promise.resolve();
  return new Promise((resolve) => {
    const sheet = doc.createElement('link');
    sheet.rel = 'stylesheet';
    if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
    sheet.href = href;
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
    preload.after(sheet);
  });
}
