// Which nodes of a tree are open, remembered in a cookie per tree, so the tree opens as it was left
// on this device (docs/SCREENS.md 'Organizations' and 'Locations').

/** A year: the tree opens as it was left, however long ago. */
const MAX_AGE_S = 365 * 24 * 3600;
/** A cookie holds about 4 KB: a few hundred open nodes is more than any tree has. */
const MAX_IDS = 400;

/** The ids remembered under `name` (none when the cookie is absent or unreadable). */
export function readExpanded(name: string, cookies = document.cookie): Set<number> {
  const entry = cookies.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
  if (!entry) return new Set();
  const ids = decodeURIComponent(entry.slice(name.length + 1))
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return new Set(ids);
}

/** The cookie text that remembers `ids` under `name`. */
export function expandedCookie(name: string, ids: Iterable<number>): string {
  const value = [...ids].slice(0, MAX_IDS).join('.');
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax`;
}

/** Remembers `ids` as the open nodes of the tree `name`. */
export function writeExpanded(name: string, ids: Iterable<number>): void {
  document.cookie = expandedCookie(name, ids);
}
