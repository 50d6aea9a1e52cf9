import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type IdWindow, windowsParam } from './windows';

// Where a wash the wristband detected happened (docs/METRICS.md 'Visits and opportunities'): the room of the wearable's
// latest presence event in the 12 hours before it, else the wearer's home location. Decided from
// the stored events each time a wearable's presence or washes change, so a presence event that
// arrives late moves the washes it precedes.

/** How far back a wristband wash looks for its wearable's presence. */
export const PLACEMENT_LOOKBACK = '12 hours';
export const PLACEMENT_LOOKBACK_MS = 12 * 3_600_000;

/** A wearer's washes that moved to another location: their days' figures must be derived again. */
export interface MovedWashes {
  userId: number;
  from: Date;
  to: Date;
}

/**
 * Places the wristband washes of these wearables (ids) that a presence event or wash in each
 * window can place: those from the window's start to 12 hours after its end. Returns the wearers
 * whose washes changed location, with the span of the moved washes.
 */
export async function placeWristbandWashes(db: Database, wearables: readonly IdWindow[]): Promise<MovedWashes[]> {
  if (wearables.length === 0) return [];
  const moved = await db.execute<{ user_id: number; a: string; b: string }>(sql`
    with w as (
      select id as wearable_id, a, b from jsonb_to_recordset(${windowsParam(wearables)}::jsonb) as r(id int, a timestamptz, b timestamptz)
    ),
    placed as (
      select h.ts, h.event_id, coalesce(
        (select p.group_id from presence_events p
          where p.wearable_id = h.wearable_id and p.ts <= h.ts and p.ts > h.ts - interval '${sql.raw(PLACEMENT_LOOKBACK)}'
          order by p.ts desc, p.event_id desc limit 1),
        (select u.group_id from users u where u.id = h.user_id)) as group_id
      from hygiene_events h
      join w on h.wearable_id = w.wearable_id and h.ts >= w.a and h.ts <= w.b + interval '${sql.raw(PLACEMENT_LOOKBACK)}'
      where h.source = 'WRISTBAND'
    ),
    changed as (
      update hygiene_events h set group_id = placed.group_id
      from placed
      where h.ts = placed.ts and h.event_id = placed.event_id and h.group_id is distinct from placed.group_id
      returning h.user_id, h.ts
    )
    select user_id, min(ts) as a, max(ts) as b from changed where user_id is not null group by user_id`);
  return moved.rows.map((r) => ({ userId: r.user_id, from: new Date(r.a), to: new Date(r.b) }));
}
