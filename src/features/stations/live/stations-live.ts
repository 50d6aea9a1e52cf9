import type { KioskGateway } from '@contracts/stations';
import {
  commandRequestEvent,
  commandResponseEvent,
  type CommandType,
  COMMAND_TYPES,
  type GatewayState,
  type SessionTimers,
  sessionDownEvent,
  sessionUpEvent,
} from '@contracts/stations-realtime';
import { type CommandState, CommandRunner, IDLE_COMMAND } from '@/entities/gateways/gateway-commands';
import { GatewaySession, type SessionEvent, type SessionStatus } from '../session/gateway-session';
import { assignedElsewhere, newAssignment, type PendingAssignment, reconcilePending, type Removal, restoring } from './pending-assignments';
import type { ChannelHandle, RealtimeLink } from '@/entities/gateways/realtime-link';

/** A gateway as the page shows it. Replaced (never changed) when anything of it changes. */
export interface GatewayLive {
  gateway: KioskGateway;
  status: SessionStatus;
  everJoined: boolean;
  state: GatewayState | null;
  lastError: string | null;
  command: CommandState;
}

/** One line of the Feed. */
export interface FeedEntry extends SessionEvent {
  id: number;
  gatewayMac: string;
  gatewayName: string;
}

export interface LiveSnapshot {
  connected: boolean;
  gateways: ReadonlyMap<string, GatewayLive>;
  /** Newest first, at most FEED_LIMIT. */
  feed: readonly FeedEntry[];
  pending: readonly PendingAssignment[];
  /** Feed events received since the page opened (the Feed keeps only the newest). */
  received: number;
}

/** Feed lines kept on screen. */
export const FEED_LIMIT = 200;
/** Changes reach the screen at most this often, however fast events come. */
export const FLUSH_MS = 100;

export interface StationsLiveOptions {
  link: RealtimeLink;
  timers: SessionTimers;
  sessionId: string;
  /** A pending assignment the gateway wrote to its wristband: the page records it. */
  onApplied?(pending: PendingAssignment): void;
  /** A pending assignment removed by what happened at the station. */
  onRemoved?(removal: Removal): void;
  now?: () => number;
  newId?: () => string;
}

interface Entry {
  live: GatewayLive;
  session: GatewaySession;
  commands: CommandRunner;
  channels: ChannelHandle[];
}

/**
 * The live side of the Stations page: one gateway session and one command runner per shown kiosk
 * gateway, over their channels; the Feed, the pending assignments, and a snapshot for React that
 * is renewed at most every FLUSH_MS.
 */
export class StationsLive {
  private readonly entries = new Map<string, Entry>();
  private feed: FeedEntry[] = [];
  private pending: PendingAssignment[] = [];
  private received = 0;
  private nextFeedId = 1;
  private connected: boolean;
  private snapshot: LiveSnapshot;
  private readonly listeners = new Set<() => void>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stopConnectionWatch: () => void;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: StationsLiveOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.connected = options.link.isConnected();
    this.snapshot = this.build();
    this.stopConnectionWatch = options.link.onConnectionChange((connected) => {
      this.connected = connected;
      this.changed();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveSnapshot => this.snapshot;

  /** Sessions for exactly these gateways: new ones join, ones no longer shown leave. */
  setGateways(gateways: readonly KioskGateway[]): void {
    const wanted = new Map(gateways.map((g) => [g.mac, g]));
    for (const [mac, entry] of this.entries) {
      if (!wanted.has(mac)) this.close(mac, entry);
    }
    for (const gateway of gateways) {
      if (!this.entries.has(gateway.mac)) this.open(gateway);
    }
    this.changed();
  }

  /**
   * Asks a gateway to write `user` (null: clear) to the wristband in a slot. Returns an error
   * message, or null once it was sent.
   */
  assign(gatewayMac: string, slot: number, user: { id: number; name: string } | null): string | null {
    const entry = this.entries.get(gatewayMac);
    const docked = entry?.live.state?.stations.flatMap((s) => s.slots).find((s) => s.slot === slot)?.wristband;
    if (!entry || !docked) return 'That slot is empty.';
    if (entry.live.status !== 'joined') return 'The station is not connected.';
    const result = newAssignment(
      this.pending,
      { gatewayId: entry.live.gateway.id, gatewayName: entry.live.gateway.name, gatewayMac, slot, wristband: docked },
      user,
      this.newId(),
      this.now(),
    );
    if (!result.ok) return result.message;
    const { pending } = result;
    const sent = entry.session.sendAssignments([
      { id: pending.id, type: pending.type, userId: pending.userId, name: pending.name, mac: pending.mac, gatewayMac },
    ]);
    if (!sent) return 'The assignment could not be sent to the station.';
    const replaced = new Set(result.replaced.map((p) => p.id));
    this.pending = [...this.pending.filter((p) => !replaced.has(p.id)), pending];
    // The same user's earlier choice of another wristband is withdrawn there.
    this.undo(result.replaced.filter((p) => p.mac !== pending.mac));
    this.changed();
    return null;
  }

  /** Withdraws a pending assignment: the gateway is asked to put the wristband's holder back. */
  cancelPending(id: string): void {
    const withdrawn = this.pending.filter((p) => p.id === id);
    this.pending = this.pending.filter((p) => p.id !== id);
    this.undo(withdrawn);
    this.changed();
  }

  /** Sends a command to a gateway (docs/STATIONS.md 'Commands'). */
  runCommand(gatewayMac: string, type: CommandType, label: string, payload: { command?: readonly string[]; version?: string }): void {
    this.entries.get(gatewayMac)?.commands.run(type, label, payload);
  }

  /** Leaves every session (unmount, page unload). */
  destroy(): void {
    for (const [mac, entry] of this.entries) this.close(mac, entry);
    this.stopConnectionWatch();
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.listeners.clear();
  }

  private open(gateway: KioskGateway): void {
    const mac = gateway.mac;
    const update = (patch: Partial<GatewayLive>) => {
      const entry = this.entries.get(mac);
      if (!entry) return;
      entry.live = { ...entry.live, ...patch };
      this.changed();
    };
    let sessionChannel: ChannelHandle | null = null;
    let commandChannel: ChannelHandle | null = null;
    const session = new GatewaySession({
      timers: this.options.timers,
      sessionId: this.options.sessionId,
      now: this.now,
      newId: this.newId,
      send: (message) => sessionChannel?.trigger(sessionDownEvent(), message) ?? false,
      onStatus: (status) => update({ status, everJoined: session.everJoined }),
      onEvent: (event) => {
        this.addFeed(gateway, event);
        if (event.kind === 'ERROR') update({ lastError: event.message ?? null });
      },
      onState: (state) => {
        update({ state, lastError: null });
        this.reconcile(state);
      },
    });
    const commands = new CommandRunner({
      timeoutMs: this.options.timers.commandMs,
      now: this.now,
      newId: this.newId,
      send: (type, payload) => commandChannel?.trigger(commandRequestEvent(type), payload) ?? false,
      onChange: (command) => update({ command }),
    });
    const live: GatewayLive = { gateway, status: 'idle', everJoined: false, state: null, lastError: null, command: IDLE_COMMAND };
    this.entries.set(mac, { live, session, commands, channels: [] });
    const upEvent = sessionUpEvent();
    const responseEvents = new Set(COMMAND_TYPES.map((t) => commandResponseEvent(t)));
    sessionChannel = this.options.link.subscribe(gateway.sessionChannel, {
      // The first subscription joins; a later one (the connection came back) joins again at once.
      // Deferred: a channel that is subscribed already reports ready before `subscribe` returns.
      onReady: () => queueMicrotask(() => (session.status === 'idle' ? session.start() : session.rejoinNow())),
      onEvent: (event, data) => {
        if (event === upEvent) session.receive(data);
      },
      onError: (message) => update({ lastError: message }),
    });
    commandChannel = this.options.link.subscribe(gateway.commandChannel, {
      onReady: () => {},
      onEvent: (event, data) => {
        if (responseEvents.has(event)) commands.receive(data);
      },
      onError: () => {},
    });
    this.entries.get(mac)!.channels = [sessionChannel, commandChannel];
  }

  private close(mac: string, entry: Entry): void {
    entry.session.stop();
    entry.commands.dispose();
    for (const channel of entry.channels) channel.unsubscribe();
    this.entries.delete(mac);
    this.pending = this.pending.filter((p) => p.gatewayMac !== mac);
  }

  private addFeed(gateway: KioskGateway, event: SessionEvent): void {
    this.received++;
    this.feed.unshift({ ...event, id: this.nextFeedId++, gatewayMac: gateway.mac, gatewayName: gateway.name });
    if (this.feed.length > FEED_LIMIT) this.feed.length = FEED_LIMIT;
    const change = event.change;
    if (change && change.wristband.userId !== null && ['ASSIGN', 'REASSIGN'].includes(change.change)) {
      this.remove(assignedElsewhere(this.pending, change.wristband.userId, change.wristband.mac));
    }
    this.changed();
  }

  private reconcile(state: GatewayState): void {
    if (!this.pending.some((p) => p.gatewayMac === state.mac)) return;
    const { keep, applied, removed } = reconcilePending(this.pending, state);
    this.pending = keep;
    for (const p of applied) this.options.onApplied?.(p);
    for (const r of removed) this.options.onRemoved?.(r);
    this.changed();
  }

  private remove(removals: Removal[]): void {
    if (removals.length === 0) return;
    const ids = new Set(removals.map((r) => r.pending.id));
    this.pending = this.pending.filter((p) => !ids.has(p.id));
    this.undo(removals.map((r) => r.pending));
    for (const r of removals) this.options.onRemoved?.(r);
  }

  /**
   * Undoes withdrawn assignments at their gateways: one the gateway has already written would
   * otherwise stay on the wristband without ever being recorded.
   */
  private undo(withdrawn: readonly PendingAssignment[]): void {
    for (const p of withdrawn) this.entries.get(p.gatewayMac)?.session.sendAssignments([restoring(p, this.newId())]);
  }

  private changed(): void {
    if (this.flushTimer !== null) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.snapshot = this.build();
      for (const listener of this.listeners) listener();
    }, FLUSH_MS);
  }

  private build(): LiveSnapshot {
    return {
      connected: this.connected,
      gateways: new Map([...this.entries].map(([mac, e]) => [mac, e.live])),
      feed: [...this.feed],
      pending: [...this.pending],
      received: this.received,
    };
  }
}
