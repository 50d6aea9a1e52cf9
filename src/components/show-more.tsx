import { Button, Text } from '@mantine/core';
import { errorText } from './toasts';

/**
 * A list read page by page with its total, as an infinite query holds it (TanStack's
 * `useInfiniteQuery` result fits as it is).
 */
export interface PagedQuery<T> {
  data: { pages: readonly { data: readonly T[]; totalCount: number }[] } | undefined;
  error: Error | null;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The rows of every page read, and the total the first page counted. */
export function pagedRows<T>(query: Pick<PagedQuery<T>, 'data'>): { rows: T[]; total: number } {
  return { rows: query.data?.pages.flatMap((page) => page.data) ?? [], total: query.data?.pages[0]?.totalCount ?? 0 };
}

/** Props of ShowMore. */
export interface ShowMoreProps<T> {
  query: PagedQuery<T>;
  /** What a row is, plural: 'More {noun} could not be loaded'. */
  noun: string;
}

/**
 * Under a list read page by page (docs/SCREENS.md 'Audit Trail', 'My Account', 'Compliance
 * Report'): why the next page did not come, and 'Show more ({shown} of {total})' while more exist.
 * The rows already shown stay.
 */
export function ShowMore<T>({ query, noun }: ShowMoreProps<T>) {
  const { rows, total } = pagedRows(query);
  return (
    <>
      {query.isFetchNextPageError && (
        <Text size="sm" c="red.8" role="alert">
          More {noun} could not be loaded: {errorText(query.error)}
        </Text>
      )}
      {query.hasNextPage && (
        <Button variant="default" mih={44} onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Show more ({rows.length} of {total})
        </Button>
      )}
    </>
  );
}
