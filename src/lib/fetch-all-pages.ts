/**
 * Every row of a list the API pages by id (`take`, `startingAfter` = the last id of the previous
 * page): pages are fetched until one comes back short.
 */
export async function fetchAllPages<T extends { id: number }>(
  fetchPage: (startingAfter: number | undefined) => Promise<readonly T[]>,
  pageSize: number,
): Promise<T[]> {
  const rows: T[] = [];
  let startingAfter: number | undefined;
  for (;;) {
    const page = await fetchPage(startingAfter);
    rows.push(...page);
    const last = page.at(-1);
    if (!last || page.length < pageSize) return rows;
    startingAfter = last.id;
  }
}

/** One page of a list paged by id that also says how many rows match over all pages. */
export interface CountedPage<T extends { id: number }> {
  data: readonly T[];
  totalCount: number;
}

/**
 * The `startingAfter` of the page after `pages`: the last id read, while fewer rows are read than
 * the newest page's `totalCount`; undefined once every row is read or a page came back empty.
 * Fits `getNextPageParam` of an infinite query as it is.
 */
export function nextAfterLastId<T extends { id: number }>(last: CountedPage<T>, pages: readonly CountedPage<T>[]): number | undefined {
  const read = pages.reduce((n, page) => n + page.data.length, 0);
  return read < last.totalCount ? last.data.at(-1)?.id : undefined;
}

/**
 * Every row of a list paged by id with its `totalCount` (an export of every page): each next page
 * asked for as `nextAfterLastId` says, so the export stops where Show more would, or sooner at a
 * page shorter than `pageSize` (the list's end, though a list that grows meanwhile, as the audit
 * trail does with each read of it, counts more).
 */
export async function fetchAllCounted<T extends { id: number }>(
  fetchPage: (startingAfter: number | undefined) => Promise<CountedPage<T>>,
  pageSize: number,
): Promise<T[]> {
  const pages: CountedPage<T>[] = [];
  let startingAfter: number | undefined;
  do {
    const page = await fetchPage(startingAfter);
    pages.push(page);
    startingAfter = page.data.length < pageSize ? undefined : nextAfterLastId(page, pages);
  } while (startingAfter !== undefined);
  return pages.flatMap((page) => page.data);
}
