// Time arithmetic in a location's time zone, fast enough for inner loops: offsets are looked up
// once per zone and UTC hour (US zones change offset only on whole UTC hours).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local time minus UTC, in ms, at an instant. */
export function zoneOffset(timeZone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = hour * HOUR;
    const parts: Record<string, number> = {};
    for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
    offset = local - at;
    offsets.set(key, offset);
  }
  return offset;
}

/** The local calendar day (days since 1970-01-01) an instant falls on. */
export function localDay(timeZone: string, ms: number): number {
  return Math.floor((ms + zoneOffset(timeZone, ms)) / DAY);
}

/** The instant of a local wall-clock time: `sinceMidnight` ms after the start of local day `day`. */
export function localToUtc(timeZone: string, day: number, sinceMidnight: number): number {
  const wall = day * DAY + sinceMidnight;
  const guess = wall - zoneOffset(timeZone, wall);
  return wall - zoneOffset(timeZone, guess);
}

/** `at` as local wall-clock time in `timeZone`, ISO with its offset ('2025-05-06T07:30:00-07:00'). */
export function localIso(at: Date, timeZone: string): string {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(timeZone, wallClock);
  }
  const parts = Object.fromEntries(
    wallClock
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMin = Math.round((Date.parse(`${wall}Z`) - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
