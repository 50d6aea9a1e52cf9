import { useCallback, useMemo, useState } from 'react';

/** What a selection holds: the rows' keys (a device's id, a badge's MAC). */
export type RowKey = string | number;

const NO_SELECTION: ReadonlySet<RowKey> = new Set();

/**
 * A selection of a location's rows, by the page's row keys (`keyOf`, stable from one render to
 * the next): choosing another location starts afresh. `table` is the DataTable's selection prop,
 * the same object while nothing changes, so a memoized table does not re-render for it.
 */
export function useLocationSelection<R>(groupId: number | null, keyOf: (row: R) => RowKey) {
  const [state, setState] = useState<{ groupId: number | null; keys: Set<RowKey> }>({ groupId: null, keys: new Set() });
  const keys = state.groupId === groupId ? state.keys : NO_SELECTION;
  const set = useCallback((next: Set<RowKey>) => setState({ groupId, keys: next }), [groupId]);
  const toggle = useCallback(
    (key: RowKey) =>
      setState((current) => {
        const next = new Set(current.groupId === groupId ? current.keys : []);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return { groupId, keys: next };
      }),
    [groupId],
  );
  const clear = useCallback(() => set(new Set()), [set]);
  const table = useMemo(() => ({ selected: keys, onChange: set }), [keys, set]);
  return { keys, keyOf, set, toggle, clear, table };
}

/** The rows a selection holds, in the order they were chosen (a key no row has is left out). */
export function useSelectedRows<R>({ keys, keyOf }: { keys: ReadonlySet<RowKey>; keyOf: (row: R) => RowKey }, rows: readonly R[]): R[] {
  const byKey = useMemo(() => new Map(rows.map((row) => [keyOf(row), row])), [rows, keyOf]);
  return useMemo(() => [...keys].flatMap((key) => byKey.get(key) ?? []), [keys, byKey]);
}
