import type { IngestEvent, IngestEventType } from '../contracts/ingest';
import type { WashType } from '../contracts/devices';

/** A generated event with its time and the gateway that sends it. */
export interface SimEvent {
  /** Epoch ms of event.at. */
  at: number;
  /** MAC of the gateway that would send it; null when no gateway of its site works. */
  gateway: string | null;
  event: IngestEvent;
}

/** Distributive Omit over the event union, so each member keeps its own fields. */
type Body<T> = T extends IngestEvent ? Omit<T, 'id' | 'at'> : never;

/**
 * Writes a sequence of events under one id prefix (`{prefix}-{n}`): every call takes the next
 * number, but only events inside [from, to) are kept, so the ids of a sequence never depend on
 * the window it is generated for.
 */
export class Emitter {
  private n = 0;

  constructor(
    private readonly out: SimEvent[],
    private readonly from: number,
    private readonly to: number,
    private prefix: string,
    private gateway: string | null,
  ) {}

  /** Starts a new sequence, numbering from `first`. */
  reset(prefix: string, gateway: string | null, first = 0): void {
    this.prefix = prefix;
    this.gateway = gateway;
    this.n = first;
  }

  /** Takes the sequence's next number; keeps the event only when it falls inside the window. */
  private push<T extends IngestEventType>(at: number, body: Body<Extract<IngestEvent, { type: T }>>, gateway = this.gateway): void {
    const n = this.n++;
    if (at < this.from || at >= this.to) return;
    this.out.push({ at, gateway, event: { id: `${this.prefix}-${n}`, at: new Date(at).toISOString(), ...body } as IngestEvent });
  }

  presence(at: number, wearable: string, beacon: string, action: 'enter' | 'leave'): void {
    this.push(at, { type: 'presence', wearable, beacon, action });
  }

  bed(at: number, wearable: string, beacon: string, action: 'enter' | 'leave'): void {
    this.push(at, { type: 'bed', wearable, beacon, action });
  }

  dispense(at: number, dispenser: string, wearable: string | undefined, durationS: number | undefined): void {
    this.push(at, {
      type: 'dispense',
      dispenser,
      ...(wearable === undefined ? {} : { wearable }),
      ...(durationS === undefined ? {} : { durationS }),
    });
  }

  wash(at: number, wearable: string, washType: WashType, durationS: number): void {
    this.push(at, { type: 'wash', wearable, washType, durationS });
  }

  reminder(at: number, wearable: string, zoneId: number): void {
    this.push(at, { type: 'reminder', wearable, zoneId });
  }

  station(at: number, wearable: string, action: 'check-out' | 'check-in', slot: number, kiosk: string): void {
    this.push(at, { type: 'station', wearable, action, slot }, kiosk);
  }

  counters(at: number, device: string, steps: number): void {
    this.push(at, {
      type: 'counters',
      device,
      steps,
      distanceM: Math.round(steps * 7.2) / 10,
      calories: Math.round(steps * 0.45) / 10,
    });
  }

  heartbeat(at: number, device: string, percent: number | undefined, mv: number | undefined): void {
    this.push(at, {
      type: 'heartbeat',
      device,
      ...(percent === undefined ? {} : { batteryPercent: percent }),
      ...(mv === undefined ? {} : { batteryMv: mv }),
    });
  }
}
