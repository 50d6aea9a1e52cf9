import type { DerivationSpans } from '../metrics/derive';
import type { ResolvedBatch } from './resolve';

function span<T>(rows: readonly T[], key: (row: T) => number | null, at: (row: T) => Date) {
  const out = new Map<number, { from: Date; to: Date }>();
  for (const row of rows) {
    const id = key(row);
    if (id === null) continue;
    const t = at(row);
    const seen = out.get(id);
    if (!seen) out.set(id, { from: t, to: t });
    else {
      if (t < seen.from) seen.from = t;
      if (t > seen.to) seen.to = t;
    }
  }
  return out;
}

/** What a batch's events touched: each wearer's, wearable's, dispenser's and heart-beating device's span (modules/metrics/derive.ts). */
export function spansOf(b: ResolvedBatch): DerivationSpans {
  const byUser = span(
    [...b.presence, ...b.bed, ...b.hygiene, ...b.reminder, ...b.station] as { userId: number | null; ts: Date }[],
    (r) => r.userId,
    (r) => r.ts,
  );
  // Wearables whose presence or wristband washes changed: their washes are placed again.
  const byWearable = span(
    [...b.presence, ...b.hygiene.filter((h) => h.source === 'WRISTBAND')] as { wearableId: number | null; ts: Date }[],
    (r) => r.wearableId,
    (r) => r.ts,
  );
  return {
    users: [...byUser].map(([userId, s]) => ({ userId, ...s })),
    wearables: [...byWearable].map(([id, s]) => ({ id, ...s })),
    dispensers: [...span(b.dispense, (r) => r.dispenserId, (r) => r.ts)].map(([dispenserId, s]) => ({ dispenserId, ...s })),
    devices: [...span(b.heartbeat, (r) => r.deviceId, (r) => r.ts)].map(([id, s]) => ({ id, ...s })),
  };
}
