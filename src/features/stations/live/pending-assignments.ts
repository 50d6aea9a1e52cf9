import { assignBlocker, displayCode, type GatewayState, type KioskAssignment, type WristbandState } from '@contracts/stations-realtime';
import { dockedByMac } from '../session/derive-changes';

/** An assignment the console asked a gateway to write, waiting to see it on the wristband. */
export interface PendingAssignment extends KioskAssignment {
  gatewayId: number;
  gatewayName: string;
  slot: number;
  /** Who held the wristband when it was asked: anyone else later means someone else changed it. */
  expectedUserId: number | null;
  /** Their display name, to put back if the assignment is withdrawn. */
  expectedName: string | null;
  createdAt: number;
}

export type RemovalReason = 'undocked' | 'assigned elsewhere' | 'unassigned' | 'reassigned' | 'replaced';

export interface Removal {
  pending: PendingAssignment;
  reason: RemovalReason;
  message: string;
}

/** The wristband's label: the display code of a sync-enabled one, else its MAC. */
export function wristbandLabel(w: Pick<WristbandState, 'mac' | 'syncEnabled'>): string {
  return w.syncEnabled ? displayCode(w.mac) : w.mac;
}

export type NewAssignment =
  | { ok: true; pending: PendingAssignment; replaced: PendingAssignment[] }
  | { ok: false; message: string };

/**
 * A new pending assignment of `user` (null: unassign) to a docked wristband, or why it cannot be
 * (sync-enabled, updating or working wristbands cannot receive assignments). The type is
 * ASSIGN on a free wristband, REASSIGN on a held one, UNASSIGN to clear it. A wristband has one
 * pending assignment and a user one: an earlier one for either is replaced.
 */
export function newAssignment(
  existing: readonly PendingAssignment[],
  target: { gatewayId: number; gatewayName: string; gatewayMac: string; slot: number; wristband: WristbandState },
  user: { id: number; name: string } | null,
  id: string,
  now: number,
): NewAssignment {
  const blocker = assignBlocker(target.wristband);
  if (blocker) return { ok: false, message: blocker };
  const held = target.wristband.userId;
  if (user && held === user.id) return { ok: false, message: `${user.name} already holds this wristband.` };
  if (!user && held === null) return { ok: false, message: 'Nobody holds this wristband.' };
  const type = !user ? 'UNASSIGN' : held === null ? 'ASSIGN' : 'REASSIGN';
  const pending: PendingAssignment = {
    id,
    type,
    userId: user?.id ?? null,
    name: user?.name ?? null,
    mac: target.wristband.mac,
    gatewayMac: target.gatewayMac,
    gatewayId: target.gatewayId,
    gatewayName: target.gatewayName,
    slot: target.slot,
    expectedUserId: held,
    expectedName: target.wristband.name,
    createdAt: now,
  };
  const replaced = existing.filter((p) => p.mac === pending.mac || (user !== null && p.userId === user.id));
  return { ok: true, pending, replaced };
}

const who = (p: PendingAssignment) => p.name ?? 'nobody';

/**
 * What undoes a pending assignment the gateway may already have written: the holder it had put
 * back (or nobody). A withdrawn assignment is never recorded, so the wristband must not keep it.
 */
export function restoring(p: PendingAssignment, id: string): KioskAssignment {
  return {
    id,
    type: p.expectedUserId === null ? 'UNASSIGN' : 'REASSIGN',
    userId: p.expectedUserId,
    name: p.expectedUserId === null ? null : p.expectedName,
    mac: p.mac,
    gatewayMac: p.gatewayMac,
  };
}

/**
 * Sorts a gateway's pending assignments against its new state (docs/STATIONS.md 'Assignments'): one whose wristband now
 * carries what was asked is applied; one whose wristband left the station, or whose holder changed
 * to someone else, is removed with the reason; the rest keep waiting. Assignments of other
 * gateways are kept as they are.
 */
export function reconcilePending(
  pending: readonly PendingAssignment[],
  state: GatewayState,
): { keep: PendingAssignment[]; applied: PendingAssignment[]; removed: Removal[] } {
  const docked = dockedByMac(state);
  const keep: PendingAssignment[] = [];
  const applied: PendingAssignment[] = [];
  const removed: Removal[] = [];
  for (const p of pending) {
    if (p.gatewayMac !== state.mac) {
      keep.push(p);
      continue;
    }
    const here = docked.get(p.mac);
    const label = here ? wristbandLabel(here.wristband) : p.mac;
    if (!here) {
      removed.push({ pending: p, reason: 'undocked', message: `Wristband ${label} was undocked before it could be assigned to ${who(p)}.` });
    } else if (here.wristband.userId === p.userId) {
      applied.push(p);
    } else if (here.wristband.userId !== p.expectedUserId) {
      const reason: RemovalReason = here.wristband.userId === null ? 'unassigned' : 'reassigned';
      const now = here.wristband.name ?? 'someone else';
      removed.push({
        pending: p,
        reason,
        message: reason === 'unassigned' ? `Wristband ${label} was unassigned meanwhile.` : `Wristband ${label} was assigned to ${now} meanwhile.`,
      });
    } else {
      keep.push(p);
    }
  }
  return { keep, applied, removed };
}

/**
 * Pending assignments of a user who has just been given another wristband (the feed shows an
 * assignment elsewhere): they are removed, since a user holds one wearable at a time.
 */
export function assignedElsewhere(pending: readonly PendingAssignment[], userId: number, mac: string): Removal[] {
  return pending
    .filter((p) => p.userId === userId && p.mac !== mac)
    .map((p) => ({ pending: p, reason: 'assigned elsewhere' as const, message: `${who(p)} was assigned another wristband meanwhile.` }));
}
