import type { GatewayState, WristbandState } from '@contracts/stations-realtime';

/** What changed on a gateway between two of its states. */
export interface StationChange {
  /** DOCK, UNDOCK, an assignment (ASSIGN, REASSIGN, UNASSIGN), or '{type} {status}' when an operation stopped working. */
  change: string;
  slot: number;
  station: string;
  wristband: WristbandState;
  /** For assignment changes: who held it before. */
  previousUserId?: number | null;
}

interface Docked {
  slot: number;
  station: string;
  wristband: WristbandState;
}

/** Docked wristbands of a state by MAC. */
export function dockedByMac(state: GatewayState | null): Map<string, Docked> {
  const out = new Map<string, Docked>();
  for (const station of state?.stations ?? []) {
    for (const { slot, wristband } of station.slots) {
      if (wristband) out.set(wristband.mac, { slot, station: station.name, wristband });
    }
  }
  return out;
}

/** The change a stopped operation makes: 'DFU DONE' (named by last status type and last status). */
function statusChangeName(w: WristbandState): string {
  const last = w.status.lastStatus;
  return last ? `${last.type} ${last.status}`.toUpperCase() : 'STATUS NONE';
}

/**
 * The changes between consecutive states of one gateway (docs/STATIONS.md 'States, not deltas'): a wristband that appears is
 * DOCK, one that disappears is UNDOCK (a move is both), a working-to-not-working change is named
 * by its last status, and a changed holder is an assignment. A first state (no previous) is the
 * baseline and yields nothing. Because whole states are compared, a lost message only merges two
 * changes into one comparison: the result still ends where the gateway is.
 */
export function deriveChanges(previous: GatewayState | null, next: GatewayState): StationChange[] {
  if (!previous) return [];
  const before = dockedByMac(previous);
  const after = dockedByMac(next);
  const changes: StationChange[] = [];
  for (const [mac, old] of before) {
    const now = after.get(mac);
    if (!now || now.slot !== old.slot || now.station !== old.station) changes.push({ change: 'UNDOCK', ...old });
  }
  for (const [mac, now] of after) {
    const old = before.get(mac);
    if (!old || old.slot !== now.slot || old.station !== now.station) {
      changes.push({ change: 'DOCK', ...now });
      continue;
    }
    if (old.wristband.status.working && !now.wristband.status.working) {
      changes.push({ change: statusChangeName(now.wristband), ...now });
    }
    const was = old.wristband.userId;
    const is = now.wristband.userId;
    if (was !== is) {
      const change = is === null ? 'UNASSIGN' : was === null ? 'ASSIGN' : 'REASSIGN';
      changes.push({ change, ...now, previousUserId: was });
    }
  }
  return changes;
}
