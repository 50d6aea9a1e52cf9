import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The retention purge removes raw presence and bed events older than an organization keeps them
// (docs/PRIVACY.md 'Retention') and records, per wearer and wearable, the time before which none
// is left. The derived rows before that time are final: the derivation never reaches before it,
// so a late event, a re-derivation (`npm run derive`) or a dispute never rewrites them from raw
// events that are gone.

/** Per wearer and per wearable: nothing of theirs before this time is derived again. */
export interface Horizons {
  users: ReadonlyMap<number, Date>;
  wearables: ReadonlyMap<number, Date>;
}

export const NO_HORIZONS: Horizons = { users: new Map(), wearables: new Map() };

/** The horizons of these wearers and wearables (none for those never purged). */
export async function horizonsOf(db: Database, userIds: readonly number[], wearableIds: readonly number[]): Promise<Horizons> {
  if (userIds.length === 0 && wearableIds.length === 0) return NO_HORIZONS;
  // The ids as one JSON parameter: a derivation's spans may name tens of thousands.
  const ids = (list: readonly number[]) => JSON.stringify([...new Set(list)]);
  const result = await db.execute<{ kind: 'USER' | 'WEARABLE'; subject_id: number; purged_before: string | Date }>(sql`
    select kind, subject_id, purged_before from retention_horizons
    where (kind = 'USER' and subject_id in (select value::int from jsonb_array_elements_text(${ids(userIds)}::jsonb)))
       or (kind = 'WEARABLE' and subject_id in (select value::int from jsonb_array_elements_text(${ids(wearableIds)}::jsonb)))`);
  const users = new Map<number, Date>();
  const wearables = new Map<number, Date>();
  for (const r of result.rows) (r.kind === 'USER' ? users : wearables).set(Number(r.subject_id), new Date(r.purged_before));
  return { users, wearables };
}

/**
 * The windows cut to start no earlier than their id's horizon plus `leadMs` (how far back the
 * derivation of a window start reads raw events); a window ending before its horizon is dropped.
 */
export function afterHorizons<T extends { from: Date; to: Date }>(windows: readonly T[], id: (w: T) => number, horizons: ReadonlyMap<number, Date>, leadMs = 0): T[] {
  const out: T[] = [];
  for (const w of windows) {
    const horizon = horizons.get(id(w));
    if (!horizon) out.push(w);
    else if (w.to > horizon) {
      const from = new Date(Math.max(w.from.getTime(), horizon.getTime() + leadMs));
      out.push({ ...w, from, to: from > w.to ? from : w.to });
    }
  }
  return out;
}
