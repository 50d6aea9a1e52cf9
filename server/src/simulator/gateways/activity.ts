import { STATION_SLOTS } from '../../contracts/stations-realtime';
import type { Random } from '../../db/demo/random';
import { silentLog, type Clock, type Log } from './clock';
import type { KioskGateway } from './kiosk-gateway';

export interface ActivityOptions {
  random: Random;
  clock: Clock;
  /** Events per second over the whole fleet; 0: none. */
  eventsPerSecond: number;
  log?: Log;
}

type Action = 'dock' | 'undock' | 'operation';

/**
 * Life at the charging stations: staff take wristbands out and put them back, and firmware
 * operations start and finish on docked ones. Events come at random (seeded) moments at a
 * fleet-wide rate; each station stays between about half and fully occupied.
 */
export class GatewayActivity {
  private rate: number;
  private timer: unknown = null;
  private made = 0;
  private readonly log: Log;

  constructor(
    private readonly gateways: readonly KioskGateway[],
    private readonly options: ActivityOptions,
  ) {
    this.rate = options.eventsPerSecond;
    this.log = options.log ?? silentLog;
  }

  get eventsPerSecond(): number {
    return this.rate;
  }

  /** Events made since start (steps that changed a station). */
  get events(): number {
    return this.made;
  }

  start(): void {
    this.schedule();
  }

  setRate(eventsPerSecond: number): void {
    this.rate = eventsPerSecond;
    this.schedule();
  }

  stop(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** One event on a random gateway, described; null when that station had nothing to do. */
  step(): string | null {
    if (this.gateways.length === 0) return null;
    const gateway = this.options.random.pick(this.gateways);
    const action = this.chooseAction(gateway);
    if (!action) return null;
    const line = this.perform(gateway, action);
    if (line !== 'nothing to do') this.made++;
    this.log.debug(`${gateway.name}: ${line}`);
    return `${gateway.name}: ${line}`;
  }

  private schedule(): void {
    this.stop();
    if (!(this.rate > 0)) return;
    // Exponential gaps: events at random moments, `rate` per second on average.
    const seconds = -Math.log(1 - this.options.random.next()) / this.rate;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.step();
      this.schedule();
    }, Math.max(1, Math.round(seconds * 1000)));
  }

  private chooseAction(gateway: KioskGateway): Action | null {
    const board = gateway.board;
    const capacity = Math.min(STATION_SLOTS, board.homeCount);
    if (capacity === 0) return null;
    const docked = board.docked();
    const half = Math.ceil(capacity / 2);
    const canDock = board.undockedHome().length > 0 && board.freeSlots().length > 0;
    const canUndock = docked.length > half && docked.some((d) => !d.wristband.status.working);
    if (docked.length < half && canDock) return 'dock';
    const choices: [Action, number][] = [];
    if (canDock) choices.push(['dock', 2]);
    if (canUndock) choices.push(['undock', 2]);
    if (docked.length > 0) choices.push(['operation', 1]);
    return choices.length > 0 ? this.options.random.weighted(choices) : null;
  }

  private perform(gateway: KioskGateway, action: Action): string {
    const { random } = this.options;
    const board = gateway.board;
    if (action === 'dock') {
      const wristband = random.pick(board.undockedHome());
      const { slot } = gateway.dock({ slot: random.pick(board.freeSlots()), wristbandMac: wristband.mac });
      return `${wristband.mac} docked in slot ${slot}`;
    }
    const docked = board.docked();
    if (action === 'undock') {
      const { slot, wristbandMac } = gateway.undock({ slot: random.pick(docked.filter((d) => !d.wristband.status.working)).slot });
      return `${wristbandMac} taken from slot ${slot}`;
    }
    const working = docked.filter((d) => d.wristband.status.working);
    const idle = docked.filter((d) => !d.wristband.status.working && !d.wristband.isUpdating);
    if (working.length > 0 && (idle.length === 0 || random.chance(0.6))) {
      const { wristband } = random.pick(working);
      gateway.setStatus(wristband.mac, false, { type: 'DFU', status: 'done' });
      return `${wristband.mac} finished its firmware update`;
    }
    if (idle.length === 0) return 'nothing to do';
    const { wristband } = random.pick(idle);
    gateway.setStatus(wristband.mac, true, { type: 'DFU', status: 'working' });
    return `${wristband.mac} started a firmware update`;
  }
}
