import type { DerivationSpans } from '../metrics/derive';
import type { ResolvedBatch } from './resolve';

const HOUR_MS = 3_600_000;

/**
 * How far apart two spans of one wearer may lie and still be derived as one. The derivation
 * widens a wearer's span by 13 hours before it and an hour after it (a visit lasts at most 12
 * hours, a compliance window at most one), so spans closer than this share most of their work.
 */
export const USER_GAP_MS = 14 * HOUR_MS;
/** The same for a dispenser, whose rollup is by whole UTC day. */
export const DISPENSER_GAP_MS = 24 * HOUR_MS;

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

/** What a batch's events touched: each wearer's, wearable's and dispenser's span (metrics/derive.ts). */
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
  };
}

/**
 * Windows to derive in rounds, each round at most one window per id (a derivation merges the
 * windows it is given per id): an id's windows that overlap or lie within `gapMs` of each other
 * become one window; the first such window of every id goes in the first round, the second in
 * the second, and so on. One batch, or batches close in time, need one round.
 */
export function rounds<T extends { from: Date; to: Date }>(windows: readonly T[], id: (w: T) => number, gapMs: number): T[][] {
  const byId = new Map<number, T[]>();
  for (const w of windows) {
    const list = byId.get(id(w));
    if (list) list.push(w);
    else byId.set(id(w), [w]);
  }
  const out: T[][] = [];
  for (const list of byId.values()) {
    list.sort((a, b) => a.from.getTime() - b.from.getTime());
    const merged: T[] = [];
    for (const w of list) {
      const last = merged[merged.length - 1];
      if (last && w.from.getTime() - last.to.getTime() <= gapMs) {
        if (w.to > last.to) merged[merged.length - 1] = { ...last, to: w.to };
      } else merged.push({ ...w });
    }
    merged.forEach((w, i) => (out[i] ??= []).push(w));
  }
  return out;
}
