import { z } from 'zod';
import { normalizeMac } from '../../contracts/fields';
import type { GatewayStation } from '../../contracts/stations';
import {
  channelSlug,
  commandRequestEvent,
  gatewayRenamedEvent,
  gatewayRenamedSchema,
  sessionDownEvent,
  sessionDownSchema,
  sessionUpEvent,
  type GatewayState,
  type KioskAssignment,
  type LastStatus,
  type SessionUp,
  type StationState,
} from '../../contracts/stations-realtime';
import { silentLog, systemClock, TimerSet, type Clock, type Log } from './clock';
import { GatewayCommands } from './commands';
import type { OutputContext } from './outputs';
import { GatewaySetup, isolatedSetupEnvironment, type SetupEnvironment } from './setup-protocol';
import { StationBoard, type DockedWristband } from './station-board';
import { DEFAULT_TIMINGS, type GatewayMode, type GatewayTimings, type GatewayTransport } from './transport';

export interface KioskGatewayOptions {
  transport: GatewayTransport;
  clock?: Clock;
  log?: Log;
  timings?: Partial<GatewayTimings>;
  /** The seq of the first state. */
  initialSeq?: number;
  /** What the gateway hears and where it reports, for the setup, scan and device-info requests. */
  setup?: SetupEnvironment;
}

/** What the control API shows of a gateway. */
export interface GatewaySummary {
  mac: string;
  name: string;
  mode: GatewayMode;
  lateMs: number;
  sessions: number;
  firmwareVersion: string | null;
  stations: StationState[];
}

/** What activity may read of a station; changes go through the gateway so its sessions hear of them. */
export type BoardView = Pick<StationBoard, 'docked' | 'undockedHome' | 'freeSlots' | 'homeCount'>;

const DAY_MS = 86_400_000;

/**
 * One simulated kiosk gateway: the state of its charging station and its side of the session
 * and command protocol (docs/STATIONS.md). Messages come in
 * through `receive`; everything goes out through the injected transport.
 */
export class KioskGateway {
  readonly mac: string;
  private currentName: string;
  private currentSessionChannel: string;
  readonly commandChannel: string;
  firmwareVersion: string | null;
  readonly timers: TimerSet;
  readonly timings: GatewayTimings;
  private currentMode: GatewayMode = 'normal';
  private readonly stationBoard: StationBoard;
  private readonly sessions = new Set<string>();
  private seq: number;
  private rebooting = false;
  private bootedAt: number;
  private readonly transport: GatewayTransport;
  private readonly clock: Clock;
  private readonly log: Log;
  private readonly commands: GatewayCommands;
  private readonly setup: GatewaySetup;

  constructor(station: GatewayStation, options: KioskGatewayOptions) {
    this.mac = station.mac;
    this.currentName = station.name;
    this.currentSessionChannel = station.sessionChannel;
    this.commandChannel = station.commandChannel;
    this.firmwareVersion = station.firmwareVersion;
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? silentLog;
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.timers = new TimerSet(this.clock);
    this.stationBoard = new StationBoard(station);
    this.seq = options.initialSeq ?? 0;
    // Up for a while already, as gateways on a ward are: 1 to 20 days, by MAC.
    this.bootedAt = this.clock.now() - ((parseInt(normalizeMac(this.mac).slice(-2), 16) || 0) % 20 + 1) * DAY_MS;
    this.commands = new GatewayCommands(this, this.log);
    this.setup = new GatewaySetup(this, options.setup ?? isolatedSetupEnvironment(), this.log);
  }

  /** Its name; a rename moves its session channel with it. */
  get name(): string {
    return this.currentName;
  }

  get sessionChannel(): string {
    return this.currentSessionChannel;
  }

  get mode(): GatewayMode {
    return this.currentMode;
  }

  get lateMs(): number {
    return this.timings.lateMs;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Silent or rebooting: it hears nothing and says nothing. */
  get muted(): boolean {
    return this.currentMode === 'silent' || this.rebooting;
  }

  get board(): BoardView {
    return this.stationBoard;
  }

  /** A message from the Pusher connection. */
  receive(channel: string, event: string, payload: unknown): void {
    if (channel === this.sessionChannel && event === sessionDownEvent()) return this.onSession(payload);
    if (channel === this.commandChannel && event === commandRequestEvent('cli')) return this.commands.cli(payload);
    if (channel === this.commandChannel && event === commandRequestEvent('update')) return this.commands.update(payload);
    if (channel === this.commandChannel && event === gatewayRenamedEvent) return this.onRenamed(payload);
    if (channel === this.commandChannel) this.setup.receive(event, payload);
  }

  /**
   * The server renamed it: it leaves its old session channel for the one of its new name. Sessions
   * held on the old channel end there; the console joins again on the new one.
   */
  private onRenamed(payload: unknown): void {
    const parsed = gatewayRenamedSchema.safeParse(payload);
    if (!parsed.success) return this.log.debug(`${this.name}: ignored an invalid rename: ${z.prettifyError(parsed.error)}`);
    const { name, sessionChannel } = parsed.data;
    const from = this.currentSessionChannel;
    this.log.debug(`${this.name}: renamed ${name}, session channel ${sessionChannel}`);
    this.currentName = name;
    this.currentSessionChannel = sessionChannel;
    if (from !== sessionChannel) {
      this.sessions.clear();
      this.transport.follow?.(from, sessionChannel);
    }
  }

  state(): GatewayState {
    return { mac: this.mac, seq: this.seq, stations: [this.stationBoard.state()] };
  }

  summary(): GatewaySummary {
    const { mac, name, mode, lateMs, sessionCount: sessions, firmwareVersion } = this;
    return { mac, name, mode, lateMs, sessions, firmwareVersion, stations: this.state().stations };
  }

  dock(at: { slot?: number; wristbandMac?: string }): DockedWristband {
    const docked = this.stationBoard.dock(at);
    this.changed();
    return { slot: docked.slot, wristband: structuredClone(docked.wristband) };
  }

  undock(at: { slot?: number; wristbandMac?: string }): { slot: number; wristbandMac: string } {
    const undocked = this.stationBoard.undock(at);
    this.changed();
    return undocked;
  }

  setStatus(wristbandMac: string, working: boolean, lastStatus: LastStatus | null): DockedWristband {
    const docked = this.stationBoard.setStatus(wristbandMac, working, lastStatus);
    this.changed();
    return { slot: docked.slot, wristband: structuredClone(docked.wristband) };
  }

  /** Switching to 'error' tells the joined sessions at once, which ends them as a real failure would. */
  setMode(mode: GatewayMode, lateMs?: number): void {
    const was = this.currentMode;
    this.currentMode = mode;
    if (lateMs !== undefined) this.timings.lateMs = lateMs;
    if (mode === 'error' && was !== 'error') this.dropSessions('Gateway error');
    this.log.info(`${this.name}: mode ${mode}${mode === 'late' ? ` (${this.timings.lateMs} ms)` : ''}`);
  }

  /** Ends the terminal's 'reboot': sessions get a 500 and the gateway is gone for a while. */
  reboot(): void {
    this.dropSessions('Rebooting');
    this.setup.close();
    this.rebooting = true;
    this.log.info(`${this.name}: rebooting`);
    this.timers.after(this.timings.rebootMs, () => {
      this.rebooting = false;
      this.bootedAt = this.clock.now();
      this.log.info(`${this.name}: back after reboot`);
    });
  }

  outputContext(): OutputContext {
    return {
      now: this.clock.now(),
      bootedAt: this.bootedAt,
      hostname: channelSlug(this.name),
      docked: this.stationBoard.docked().map(({ slot, wristband }) => ({ slot, mac: wristband.mac, battery: wristband.battery })),
    };
  }

  /** Sends, unless muted; in 'late' mode after lateMs. */
  send(channel: string, event: string, payload: unknown): void {
    if (this.muted) return;
    if (this.currentMode === 'late') {
      this.timers.after(this.timings.lateMs, () => this.transport.trigger(channel, event, payload));
      return;
    }
    this.transport.trigger(channel, event, payload);
  }

  /** Stops every timer; the gateway says nothing more. */
  close(): void {
    this.setup.close();
    this.timers.clear();
    this.sessions.clear();
  }

  private onSession(payload: unknown): void {
    const parsed = sessionDownSchema.safeParse(payload);
    if (!parsed.success) return this.log.debug(`${this.name}: ignored an invalid session message: ${z.prettifyError(parsed.error)}`);
    const message = parsed.data;
    if (message.type === 'LEAVE') {
      this.sessions.delete(message.sessionId);
      return;
    }
    if (this.muted) return;
    const { sessionId, id: replyTo } = message;
    if (this.currentMode === 'error') {
      this.sessions.delete(sessionId);
      return this.sendUp({ type: 'STATUS', sessionId, replyTo, code: 500, message: 'Gateway error' });
    }
    switch (message.type) {
      case 'JOIN':
        this.sessions.add(sessionId);
        return this.sendUp({ type: 'STATUS', sessionId, replyTo, code: 200, state: this.state() });
      case 'PING':
        // A ping says the console holds the session; one this gateway forgot (it restarted) is taken back.
        this.sessions.add(sessionId);
        return this.sendUp({ type: 'PONG', sessionId, replyTo });
      case 'DATA':
        return this.receiveAssignments(message.assignments);
    }
  }

  /** Writes the assignments this station can take, after the time writing a wristband takes (longer when late). */
  private receiveAssignments(assignments: KioskAssignment[]): void {
    const mine = normalizeMac(this.mac);
    const writable = assignments.filter((a) => normalizeMac(a.gatewayMac) === mine && this.stationBoard.writable(a) !== null);
    if (writable.length < assignments.length) this.log.debug(`${this.name}: ignored ${assignments.length - writable.length} assignment(s) it cannot write`);
    if (writable.length === 0) return;
    // A late gateway is late at writing wristbands too.
    const delay = this.timings.applyMs + (this.currentMode === 'late' ? this.timings.lateMs : 0);
    this.timers.after(delay, () => {
      // Checked again: the wristband may have left or started an operation meanwhile.
      const applied = writable.filter((a) => this.stationBoard.apply(a));
      if (applied.length > 0) this.changed();
    });
  }

  /** Every change makes a new state; only sessions that are joined hear of it. */
  private changed(): void {
    this.seq += 1;
    if (this.sessions.size > 0) this.sendUp({ type: 'DATA', state: this.state() });
  }

  private dropSessions(message: string): void {
    if (this.sessions.size > 0) this.sendUp({ type: 'STATUS', code: 500, message });
    this.sessions.clear();
  }

  private sendUp(message: SessionUp): void {
    this.send(this.sessionChannel, sessionUpEvent(), message);
  }
}
