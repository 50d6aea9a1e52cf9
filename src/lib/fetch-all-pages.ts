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
