/**
 * Dataset sizes for `BENCH_SCALES`: a comma list of event counts, each a number with an optional
 * k or M suffix (`1M,10M,100M`, `250k`). Sorted smallest first, repeats removed.
 */
export interface Scale {
  /** As written for people and database names: 1M, 250k, 1500. */
  label: string;
  events: number;
}

const SUFFIX: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };

export function parseScales(text: string): Scale[] {
  const scales = new Map<number, Scale>();
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(part);
    const events = match ? Math.round(Number(match[1]) * (SUFFIX[(match[2] ?? '').toLowerCase()] as number)) : NaN;
    if (!match || !(events >= 1000)) throw new Error(`BENCH_SCALES: "${part}" is not an event count of at least 1000 (such as 1M, 250k or 50000)`);
    scales.set(events, { label: label(events), events });
  }
  if (scales.size === 0) throw new Error('BENCH_SCALES: no scale given');
  return [...scales.values()].sort((a, b) => a.events - b.events);
}

function label(events: number): string {
  if (events % 1_000_000 === 0) return `${events / 1_000_000}M`;
  if (events % 1_000 === 0) return `${events / 1_000}k`;
  return String(events);
}

/** Midnight UTC of BENCH_END (YYYY-MM-DD), or of today without it. */
export function benchEnd(text: string | undefined, now = new Date()): Date {
  const day = text?.trim() || now.toISOString().slice(0, 10);
  const end = new Date(`${day}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== day) {
    throw new Error(`BENCH_END: "${day}" is not a day such as 2026-11-24`);
  }
  return end;
}
