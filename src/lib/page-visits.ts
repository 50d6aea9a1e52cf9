// How often each signed-in user opened each page on this device, kept in localStorage: what a
// page can offer as "your most-used pages" (the User Overview of someone who wears no device).
// Local and best-effort: a browser without storage simply has no counts.

const KEY = 'lavo.pageVisits';

type Counts = Record<string, Record<string, number>>;

function read(): Counts {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Counts) : {};
  } catch {
    return {};
  }
}

/** Counts one opening of `path` by the user. */
export function recordPageVisit(userId: number, path: string): void {
  const counts = read();
  const mine = (counts[userId] ??= {});
  mine[path] = (mine[path] ?? 0) + 1;
  try {
    localStorage.setItem(KEY, JSON.stringify(counts));
  } catch {
    // Storage full or refused: the counts are a convenience.
  }
}

/** How often the user opened each page here. */
export function pageVisits(userId: number): ReadonlyMap<string, number> {
  return new Map(Object.entries(read()[userId] ?? {}).filter(([, n]) => typeof n === 'number'));
}
