import type { SimEvent } from './emitter';
import type { World } from './world-index';

// Failures the simulator can inject (SIMULATOR_FAILURES), so the data-trust rules can be seen to
// catch silence (docs/METRICS.md 'Data trust'): the events a broken device or an unworn badge
// would never have sent are left out of what is generated.

const HOUR_MS = 3_600_000;

/** A failure from `from` until `to` (epoch ms; null: to the end). */
export type Failure =
  /** A dispenser dies: neither its heartbeats nor its dispenses arrive. */
  | { kind: 'dispenser'; mac: string; from: number; to: number | null }
  /** A gateway is down: its own heartbeats stop. */
  | { kind: 'gateway'; mac: string; from: number; to: number | null }
  /**
   * A unit's staff take their wearables from the kiosk and leave them in a drawer: no room, bed,
   * reminder or wristband-wash events of theirs, and their dispenses are not credited to them.
   */
  | { kind: 'badges'; groupId: number; from: number; to: number | null };

const KINDS = ['dispenser', 'gateway', 'badges'] as const;
const MAC = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;

/**
 * Reads SIMULATOR_FAILURES: failures separated by commas, each `kind=target@start` with an
 * optional `+hours` ('dispenser=D4:7C:44:1D:A0:75@2026-12-07T10:00:00Z',
 * 'gateway=D4:7C:44:00:00:01@2026-12-07T06:00:00Z+6', 'badges=6@2026-12-07T00:00:00Z+24').
 * Throws with the faulty part named.
 */
export function parseFailures(text: string | undefined): Failure[] {
  if (!text?.trim()) return [];
  return text.split(',').map((part) => {
    const match = /^\s*(\w+)=([^@\s]+)@([^+\s]+)(?:\+(\d+(?:\.\d+)?))?\s*$/.exec(part);
    const kind = match?.[1] as (typeof KINDS)[number] | undefined;
    const from = Date.parse(match?.[3] ?? '');
    if (!match || !kind || !KINDS.includes(kind) || Number.isNaN(from)) {
      throw new Error(`SIMULATOR_FAILURES: '${part.trim()}' is not kind=target@start[+hours] (kinds: ${KINDS.join(', ')}; start an ISO date-time)`);
    }
    const to = match[4] === undefined ? null : from + Number(match[4]) * HOUR_MS;
    const target = match[2] ?? '';
    if (kind === 'badges') {
      const groupId = Number(target);
      if (!Number.isInteger(groupId) || groupId <= 0) throw new Error(`SIMULATOR_FAILURES: '${part.trim()}' names no location id`);
      return { kind, groupId, from, to };
    }
    const mac = target.toUpperCase();
    if (!MAC.test(mac)) throw new Error(`SIMULATOR_FAILURES: '${part.trim()}' names no MAC (AA:BB:CC:DD:EE:FF)`);
    return { kind, mac, from, to };
  });
}

const during = (f: Failure, at: number) => at >= f.from && (f.to === null || at < f.to);

/** What a failure silences of one event: the device or wearable it names. */
function silenced(failures: readonly Failure[], unworn: Map<Failure, Set<string>>, e: SimEvent): boolean {
  const event = e.event;
  return failures.some((f) => {
    if (!during(f, e.at)) return false;
    switch (f.kind) {
      case 'dispenser':
        return (event.type === 'heartbeat' && event.device === f.mac) || (event.type === 'dispense' && event.dispenser === f.mac);
      case 'gateway':
        return event.type === 'heartbeat' && event.device === f.mac;
      case 'badges':
        return (event.type === 'presence' || event.type === 'bed' || event.type === 'reminder' || event.type === 'wash') && (unworn.get(f)?.has(event.wearable) ?? false);
    }
  });
}

/** The events with those the failures silence left out. */
export function withFailures(world: World, events: SimEvent[], failures: readonly Failure[]): SimEvent[] {
  if (failures.length === 0) return events;
  // The wearables of each unworn unit's staff.
  const unworn = new Map<Failure, Set<string>>();
  for (const f of failures) {
    if (f.kind !== 'badges') continue;
    const macs = new Set<string>();
    for (const user of world.workers) {
      if (user.groupId !== f.groupId) continue;
      for (const h of world.holdings.get(user.id) ?? []) macs.add(h.wearable.device.mac);
    }
    unworn.set(f, macs);
  }
  const uncredited = (e: SimEvent): SimEvent => {
    const event = e.event;
    if (event.type !== 'dispense' || event.wearable === undefined) return e;
    const { wearable, ...rest } = event;
    const drawer = failures.some((f) => f.kind === 'badges' && during(f, e.at) && unworn.get(f)?.has(wearable));
    return drawer ? { ...e, event: rest } : e;
  };
  return events.filter((e) => !silenced(failures, unworn, e)).map(uncredited);
}
