import { normalizeMac } from '../../contracts/fields';
import type { GatewayStation } from '../../contracts/stations';
import {
  assignBlocker,
  STATION_SLOTS,
  type KioskAssignment,
  type LastStatus,
  type StationState,
  type WristbandState,
} from '../../contracts/stations-realtime';

/** A change the board cannot make; `status` is what the control API answers with. */
export class BoardError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

export interface DockedWristband {
  slot: number;
  wristband: WristbandState;
}

/**
 * One charging station of a kiosk gateway: 16 slots and the wristbands whose home it is. A
 * wristband keeps its state (holder, battery, firmware) while it is out of its slot, as a real
 * one does.
 */
export class StationBoard {
  readonly name: string;
  private readonly slots: (WristbandState | null)[] = Array.from({ length: STATION_SLOTS }, () => null);
  private readonly home = new Map<string, WristbandState>();

  constructor(station: GatewayStation) {
    this.name = station.station ?? station.name;
    for (const w of station.wristbands) {
      this.home.set(normalizeMac(w.mac), {
        mac: w.mac,
        gatewayMac: station.mac,
        name: w.holder?.name ?? null,
        userId: w.holder?.userId ?? null,
        battery: w.batteryPercent,
        version: w.firmwareVersion,
        syncEnabled: w.syncEnabled,
        status: { working: false, lastStatus: null },
        isUpdating: false,
      });
    }
    // At start every home wristband sits in its slot, in order, as far as the slots go.
    [...this.home.values()].slice(0, STATION_SLOTS).forEach((w, i) => (this.slots[i] = w));
  }

  /** A copy, so what was sent cannot change afterwards. */
  state(): StationState {
    return {
      name: this.name,
      slots: this.slots.map((w, i) => ({ slot: i + 1, wristband: w ? structuredClone(w) : null })),
    };
  }

  get homeCount(): number {
    return this.home.size;
  }

  docked(): DockedWristband[] {
    return this.slots.flatMap((w, i) => (w ? [{ slot: i + 1, wristband: w }] : []));
  }

  undockedHome(): WristbandState[] {
    const docked = new Set(this.slots.filter((w) => w !== null));
    return [...this.home.values()].filter((w) => !docked.has(w));
  }

  freeSlots(): number[] {
    return this.slots.flatMap((w, i) => (w ? [] : [i + 1]));
  }

  /** Puts a home wristband (the given one, or any that is out) into a slot (the given one, or the first free). */
  dock(at: { slot?: number; wristbandMac?: string }): DockedWristband {
    const wristband = at.wristbandMac ? this.homeWristband(at.wristbandMac) : this.undockedHome()[0];
    if (!wristband) throw new BoardError('Every home wristband of this station is docked', 409);
    const docked = this.slotOf(wristband.mac);
    if (docked) throw new BoardError(`Wristband ${wristband.mac} is already docked in slot ${docked}`, 409);
    const slot = at.slot ?? this.freeSlots()[0];
    if (slot === undefined) throw new BoardError('Every slot of this station is taken', 409);
    if (this.slots[slot - 1]) throw new BoardError(`Slot ${slot} is taken`, 409);
    this.slots[slot - 1] = wristband;
    return { slot, wristband };
  }

  /** Takes a wristband out: the one in the given slot, the given one, or else the one in the last taken slot. */
  undock(at: { slot?: number; wristbandMac?: string }): { slot: number; wristbandMac: string } {
    let slot = at.slot;
    if (at.wristbandMac) {
      const found = this.slotOf(this.homeWristband(at.wristbandMac).mac);
      if (!found) throw new BoardError(`Wristband ${at.wristbandMac} is not docked`, 409);
      if (slot !== undefined && slot !== found) throw new BoardError(`Wristband ${at.wristbandMac} is in slot ${found}, not ${slot}`, 409);
      slot = found;
    }
    slot ??= this.docked().at(-1)?.slot;
    const wristband = slot === undefined ? null : this.slots[slot - 1];
    if (slot === undefined || !wristband) throw new BoardError(slot === undefined ? 'No wristband is docked' : `Slot ${slot} is empty`, 409);
    this.slots[slot - 1] = null;
    return { slot, wristbandMac: wristband.mac };
  }

  /** Sets the operation status of a docked wristband. */
  setStatus(wristbandMac: string, working: boolean, lastStatus: LastStatus | null): DockedWristband {
    const wristband = this.homeWristband(wristbandMac);
    const slot = this.slotOf(wristband.mac);
    if (!slot) throw new BoardError(`Wristband ${wristbandMac} is not docked`, 409);
    wristband.status = { working, lastStatus };
    return { slot, wristband };
  }

  /**
   * Writes an assignment to the wristband when it is docked here and free to take it; answers
   * whether it did. Others are left alone, as a real station ignores what it cannot write.
   */
  apply(assignment: KioskAssignment): boolean {
    const wristband = this.writable(assignment);
    if (!wristband) return false;
    const unassign = assignment.type === 'UNASSIGN';
    wristband.userId = unassign ? null : assignment.userId;
    wristband.name = unassign ? null : assignment.name;
    return true;
  }

  /** The wristband an assignment is for, when it is docked here and may take one. */
  writable(assignment: KioskAssignment): WristbandState | null {
    const wristband = this.home.get(normalizeMac(assignment.mac));
    if (!wristband || !this.slotOf(wristband.mac) || assignBlocker(wristband) !== null) return null;
    return wristband;
  }

  private homeWristband(mac: string): WristbandState {
    const wristband = this.home.get(normalizeMac(mac));
    if (!wristband) throw new BoardError(`Wristband ${mac} does not belong to this station`, 404);
    return wristband;
  }

  private slotOf(mac: string): number | null {
    const i = this.slots.findIndex((w) => w?.mac === mac);
    return i < 0 ? null : i + 1;
  }
}
