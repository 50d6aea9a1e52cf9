import type { DehydratedState } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  type AsyncStorage,
  experimental_createQueryPersister,
  type PersistedClient,
  type PersistedQuery,
  type Persister,
  removeOldestQuery,
} from '@tanstack/react-query-persist-client';

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * A query as it is stored: an answer kept after a failed refresh is stored as the answer it is
 * (status success, with the time it was answered), not as the failure, which does not outlive the
 * session that saw it.
 */
export function storedQuery(query: DehydratedQuery): DehydratedQuery {
  return query.state.status === 'error' && query.state.data !== undefined
    ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureReason: null, fetchStatus: 'idle' } }
    : query;
}

const storedClient = (client: PersistedClient): PersistedClient => ({
  ...client,
  clientState: { ...client.clientState, queries: client.clientState.queries.map(storedQuery) },
});

/**
 * What a stored query decides at the next start: its answer, when it was answered (still fresh or
 * not) and whether it was invalidated since (asked again on sight). A change of any is written.
 */
const versionOf = (query: DehydratedQuery) => {
  const { dataUpdatedAt, status, isInvalidated } = storedQuery(query).state;
  return `${query.queryHash}@${dataUpdatedAt}:${status}:${isInvalidated}`;
};

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The keys of localStorage that begin with `prefix`. */
function keysStartingWith(prefix: string): string[] {
  const local = storage();
  const keys: string[] = [];
  for (let i = 0; i < (local?.length ?? 0); i++) {
    const key = local?.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** The offline copy of report answers: each answer under a key of its own. */
export interface ReportAnswers {
  /** TanStack's per-query persister: its `persisterFn` is the `persister` option of report queries. */
  persister: ReturnType<typeof experimental_createQueryPersister>;
  /** Removes the stored answer answered longest ago, to make room; false when none is stored. */
  dropOldest: () => boolean;
  /** Removes every stored answer (sign-out); an answer of before that, arriving late, is not stored. */
  forget: () => Promise<void>;
}

/** Read from the start of a stored answer without parsing the rest (serialize puts it first). */
const ANSWERED_AT = /^\{"answeredAt":(\d+)/;

/**
 * Report answers (some 50 kB each) stored by TanStack's per-query persister under
 * `{prefix}-{query hash}`: an answer is written once, in a task of its own, when it arrives, and
 * read back when its query is first asked for in a later session (so a start reads none of them).
 * An answer is stored only when a fetch succeeds: a failed refresh leaves the answer stored before
 * it. A full storage gives up the answers answered longest ago until the new one fits.
 */
export function createReportAnswers(prefix: string, { maxAge, buster }: { maxAge: number; buster: string }): ReportAnswers {
  const keyPrefix = `${prefix}-`;
  /** When the answers were last forgotten: an answer of before then belongs to the session that ended. */
  let forgottenAt = -1;
  const answeredAt = (value: string | null | undefined) => Number(ANSWERED_AT.exec(value ?? '')?.[1] ?? 0);

  function dropOldest(): boolean {
    let oldest: { key: string; at: number } | undefined;
    for (const key of keysStartingWith(keyPrefix)) {
      const at = answeredAt(storage()?.getItem(key));
      if (!oldest || at < oldest.at) oldest = { key, at };
    }
    if (!oldest) return false;
    storage()?.removeItem(oldest.key);
    return true;
  }

  const answers: AsyncStorage = {
    getItem: (key) => storage()?.getItem(key),
    setItem: (key, value) => {
      if (answeredAt(value) <= forgottenAt) return;
      for (;;) {
        try {
          storage()?.setItem(key, value);
          return;
        } catch (error) {
          if (dropOldest()) continue;
          // No stored answer is left to give up: this one is not kept (the outbox is in IndexedDB, not here).
          console.warn('Could not save a report answer for offline use', error);
          return;
        }
      }
    },
    removeItem: (key) => storage()?.removeItem(key),
    entries: () => keysStartingWith(keyPrefix).map((key) => [key, storage()?.getItem(key) ?? '']),
  };

  const persister = experimental_createQueryPersister({
    storage: answers,
    prefix,
    maxAge,
    buster,
    serialize: (query: PersistedQuery) => JSON.stringify({ answeredAt: query.state.dataUpdatedAt, ...query }),
  });
  return {
    persister,
    dropOldest,
    forget: () => {
      forgottenAt = Date.now();
      return persister.removeQueries();
    },
  };
}

/** The cache as an earlier version stored it: this head under the key, each query under `{key}:{hash}`. */
interface EarlierHead {
  timestamp: number;
  buster: string;
  mutations?: DehydratedState['mutations'];
}

/** Reads (and removes) the queries an earlier version stored one per key, for the next save to store in the present form. */
function readEarlierFormat(key: string, head: EarlierHead): PersistedClient {
  const queries: DehydratedQuery[] = [];
  for (const item of keysStartingWith(`${key}:`)) {
    try {
      const query = JSON.parse(storage()?.getItem(item) ?? 'null') as DehydratedQuery | null;
      if (query?.queryHash && query.state) queries.push(query);
    } catch {
      // Unreadable (cut short by a full storage, say): as if absent.
    }
    storage()?.removeItem(item);
  }
  return { timestamp: head.timestamp, buster: head.buster, clientState: { mutations: head.mutations ?? [], queries } };
}

/** The offline copy of the session cache (bootstrap, role, small lists) in localStorage. */
export interface SessionCache {
  /** For persistQueryClient. */
  persister: Persister;
  /** Writes `client` now, in one task (the page is being hidden or left). */
  writeNow: (client: PersistedClient) => void;
}

/**
 * The session cache stored whole under `key` by TanStack's sync storage persister, at most once
 * per `throttleMs`. A save is passed on only when a stored query changed (versionOf): report
 * answers, stored apart, come and go without writing the session's bootstrap again. A full
 * storage gives up stored report answers first (`makeRoom`: they can be asked again), then the
 * session's queries answered longest ago. Reads the earlier format (each query under a key of
 * its own) once.
 */
export function createSessionCache(key: string, { throttleMs, makeRoom }: { throttleMs: number; makeRoom: () => boolean }): SessionCache {
  const serialize = (client: PersistedClient) => JSON.stringify(storedClient(client));
  const saved = createSyncStoragePersister({
    storage: storage(),
    key,
    throttleTime: throttleMs,
    serialize,
    retry: (props) => (makeRoom() ? props.persistedClient : removeOldestQuery(props)),
  });
  /** What the last save passed on holds (versionOf of each query). */
  let lastVersion: string | undefined;

  const persister: Persister = {
    persistClient: (client) => {
      const version = `${client.clientState.queries.map(versionOf).join('|')}#${client.clientState.mutations.length}`;
      if (version === lastVersion) return;
      lastVersion = version;
      return saved.persistClient(client);
    },
    restoreClient: () => {
      const stored = saved.restoreClient() as PersistedClient | EarlierHead | undefined;
      return stored && typeof stored === 'object' && !('clientState' in stored) ? readEarlierFormat(key, stored) : stored;
    },
    removeClient: () => {
      lastVersion = undefined;
      return saved.removeClient();
    },
  };

  return {
    persister,
    writeNow: (client) => {
      try {
        storage()?.setItem(key, serialize(client));
      } catch (error) {
        // A full storage: the throttled save, which makes room, stores it.
        console.warn('Could not save the offline copy of the session', error);
      }
    },
  };
}
