import { useEffect, useState, useSyncExternalStore } from 'react';
import { getConfig } from '@/lib/config';
import { pusherLogLink } from './log-link';
import { type LogSnapshot, ServerLogFeed } from './server-log-feed';

const EMPTY: LogSnapshot = { connection: 'connecting', entries: [], received: 0, dropped: 0 };
const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;

/** The live request log, for as long as the page is open. */
export function useServerLog(): LogSnapshot {
  const [feed, setFeed] = useState<ServerLogFeed | null>(null);
  useEffect(() => {
    const created = new ServerLogFeed(pusherLogLink(getConfig()));
    setFeed(created);
    return () => created.destroy();
  }, []);
  return useSyncExternalStore(feed?.subscribe ?? noSubscribe, feed?.getSnapshot ?? emptySnapshot);
}
