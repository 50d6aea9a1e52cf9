import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

/** A page's query parameters: a value of each kind, or null when absent. */
export type PageSearchSpec = Record<string, 'id' | 'text'>;
export type PageSearch<S extends PageSearchSpec> = { [K in keyof S]: S[K] extends 'id' ? number | null : string };

function read<S extends PageSearchSpec>(spec: S, raw: Record<string, unknown>): PageSearch<S> {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(spec)) {
    const value = raw[key];
    if (kind === 'id') {
      const n = typeof value === 'number' ? value : Number(value);
      out[key] = Number.isInteger(n) && n > 0 ? n : null;
    } else {
      out[key] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    }
  }
  return out as PageSearch<S>;
}

/**
 * A list page's filters kept in its address (03 §2 'Query parameters kept per page'): read from the
 * query string, written back in place, so a reload or a shared link opens the same list. Empty
 * values are left out of the address.
 */
export function usePageSearch<S extends PageSearchSpec>(spec: S): [PageSearch<S>, (patch: Partial<PageSearch<S>>) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = useMemo(() => read(spec, raw), [spec, raw]);
  const update = useCallback(
    (patch: Partial<PageSearch<S>>) => {
      const next: Record<string, string | number> = {};
      for (const [key, value] of Object.entries({ ...search, ...patch })) {
        if (value !== null && value !== '' && value !== undefined) next[key] = value as string | number;
      }
      void navigate({ to: '.', search: next as never, replace: true });
    },
    [navigate, search],
  );
  return [search, update];
}
