/**
 * Where signing in returns to: the address inside the signed-in area (/app) that was asked for
 * while signed out, carried through /auth as `?redirect=`. Only a path of this site under /app is
 * followed: never another site (`//evil.example`, `https:…`), never a page outside /app.
 */
export function returnPath(asked: string | undefined): string | null {
  if (!asked || !asked.startsWith('/') || asked.startsWith('//') || asked.includes('\\')) return null;
  const origin = 'http://lavo.invalid';
  let url: URL;
  try {
    url = new URL(asked, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
