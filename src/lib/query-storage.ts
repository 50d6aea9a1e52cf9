import type { DehydratedState } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { nextTask } from './after-paint';
import { whenInputQuiet } from './when-input-quiet';

type DehydratedQuery = DehydratedState['queries'][number];

/** What is stored under the cache's key: the saved cache besides its queries. */
interface StoredHead {
  timestamp: number;
  buster: string;
  mutations: DehydratedState['mutations'];
}

/** The offline copy of the query cache in localStorage. */
export interface QueryStorage {
  /** For persistQueryClient: a save waits for the user's input to pause, then writes in steps. */
  persister: Persister;
  /** Writes `client` now, in one task (the page is being hidden or left); a save waiting or under way is dropped. */
  writeNow: (client: PersistedClient) => void;
}

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

/**
 * What a stored query decides at the next start: its answer, when it was answered (still fresh or
 * not) and whether it was invalidated since (asked again on sight). A change of any writes it again.
 */
const versionOf = (query: DehydratedQuery) => {
  const { dataUpdatedAt, status, isInvalidated } = storedQuery(query).state;
  return `${dataUpdatedAt}:${status}:${isInvalidated}`;
};

function read(key: string): unknown {
  const stored = window.localStorage.getItem(key);
  if (!stored) return undefined;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    // Unreadable (cut short by a full storage, say): as if absent.
    return undefined;
  }
}

/** Writes one item; a storage that is full or blocked keeps what it had, and the next save tries again. */
function write(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn('Could not save the offline copy of the session', error);
    return false;
  }
}

/**
 * The query cache stored under `key` (its timestamp, buster and mutations) and `{key}:{query hash}`
 * (each query), so a save writes only the answers that changed since they were last written: the
 * session's bootstrap (some 90 kB) once, not again with every report read. A save waits for the
 * user's input to pause for `quietMs` (a pan or a pinch is not interrupted), and at the latest
 * `latestMs`; answers that come in meanwhile go in the same save. It then writes one query per
 * task, so no step holds the page long. Reads the earlier format (the whole cache under `key`).
 */
export function createQueryStorage(key: string, { quietMs, latestMs }: { quietMs: number; latestMs: number }): QueryStorage {
  const queryPrefix = `${key}:`;
  /** Each query in storage, by its hash → the answer written (versionOf). */
  const written = new Map<string, string>();
  let pending: PersistedClient | null = null;
  let cancelPending: (() => void) | null = null;
  /** Counts saves begun, writes at once and removals: a save in steps goes on only while the latest. */
  let generation = 0;

  function dropPending(): void {
    cancelPending?.();
    cancelPending = null;
    pending = null;
    generation += 1;
  }

  /** The steps that store `client`: each query whose answer changed, then the removal of those gone and the head. */
  function* writes(client: PersistedClient): Generator<() => void> {
    const present = new Set<string>();
    for (const query of client.clientState.queries) {
      present.add(query.queryHash);
      const version = versionOf(query);
      if (written.get(query.queryHash) === version) continue;
      yield () => {
        if (write(`${queryPrefix}${query.queryHash}`, JSON.stringify(storedQuery(query)))) written.set(query.queryHash, version);
      };
    }
    yield () => {
      for (const hash of [...written.keys()]) {
        if (present.has(hash)) continue;
        window.localStorage.removeItem(`${queryPrefix}${hash}`);
        written.delete(hash);
      }
      const head: StoredHead = { timestamp: client.timestamp, buster: client.buster, mutations: client.clientState.mutations };
      write(key, JSON.stringify(head));
    };
  }

  async function writeInSteps(client: PersistedClient): Promise<void> {
    const current = ++generation;
    for (const step of writes(client)) {
      await nextTask();
      if (current !== generation) return;
      step();
    }
  }

  function saveWhenQuiet(): void {
    const latest = pending;
    cancelPending = null;
    pending = null;
    if (latest) void writeInSteps(latest);
  }

  /** Every key of the stored queries. */
  function queryKeys(): string[] {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const item = window.localStorage.key(i);
      if (item?.startsWith(queryPrefix)) keys.push(item);
    }
    return keys;
  }

  const persister: Persister = {
    persistClient: (client) => {
      pending = client;
      cancelPending ??= whenInputQuiet(saveWhenQuiet, quietMs, latestMs);
    },
    restoreClient: () => {
      const head = read(key) as StoredHead | PersistedClient | undefined;
      if (!head || typeof head !== 'object') return undefined;
      // The earlier format: the whole cache under one key (written again in this one at the next save).
      if ('clientState' in head) return head;
      const queries: DehydratedQuery[] = [];
      for (const item of queryKeys()) {
        const query = read(item) as DehydratedQuery | undefined;
        if (!query?.queryHash || !query.state) continue;
        queries.push(query);
        written.set(query.queryHash, versionOf(query));
      }
      return { timestamp: head.timestamp, buster: head.buster, clientState: { mutations: head.mutations ?? [], queries } };
    },
    removeClient: () => {
      dropPending();
      for (const item of queryKeys()) window.localStorage.removeItem(item);
      window.localStorage.removeItem(key);
      written.clear();
    },
  };

  return {
    persister,
    writeNow: (client) => {
      dropPending();
      for (const step of writes(client)) step();
    },
  };
}
