import {
  type GatewayState,
  type KioskAssignment,
  type SessionDown,
  type SessionTimers,
  type SessionUp,
  sessionUpSchema,
} from '@contracts/stations-realtime';
import { deriveChanges, type StationChange } from './derive-changes';

/** Where a session is (docs/STATIONS.md 'The session'): asking to join, joined, or in error waiting to join again. */
export type SessionStatus = 'idle' | 'joining' | 'joined' | 'error' | 'left';

/** Feed events (docs/STATIONS.md 'Channels and events'). */
export type SessionEventKind = 'JOIN' | 'REJOIN' | 'LEAVE' | 'ERROR' | 'CHANGE';

export interface SessionEvent {
  kind: SessionEventKind;
  /** Epoch ms. */
  at: number;
  /** ERROR: why. */
  message?: string;
  /** CHANGE: what changed. */
  change?: StationChange;
}

export interface SessionCallbacks {
  /** Sends a message on the gateway's session channel; false when it could not be sent. */
  send(message: SessionDown): boolean;
  onStatus?(status: SessionStatus): void;
  onEvent?(event: SessionEvent): void;
  /** Every accepted state, after its events. */
  onState?(state: GatewayState): void;
}

export interface SessionOptions extends SessionCallbacks {
  timers: SessionTimers;
  sessionId: string;
  now?: () => number;
  newId?: () => string;
}

const defaultId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2));

/**
 * One console's session with one gateway, exactly as docs/STATIONS.md 'The session' gives it: JOIN, then joined on a code
 * 200 answer; no answer within `joinMs` is an error; a code 500 is an error; while joined a PING
 * goes every `pingMs`, and `deadMs` without any word from the gateway is an error. After an error
 * the session joins again after `retryMs` (a REJOIN once it has been joined before). stop() LEAVEs.
 *
 * It is a plain object with timers, so every transition can be tested with fake timers; the page
 * wires `send` and `receive` to the real channel.
 */
export class GatewaySession {
  private statusValue: SessionStatus = 'idle';
  private joinedBefore = false;
  private pendingJoin: string | null = null;
  private joinTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private deadTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stateValue: GatewayState | null = null;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: SessionOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? defaultId;
  }

  get status(): SessionStatus {
    return this.statusValue;
  }

  /** Whether it was ever joined: a join after that is a rejoin. */
  get everJoined(): boolean {
    return this.joinedBefore;
  }

  /** The gateway's last accepted state. */
  get state(): GatewayState | null {
    return this.stateValue;
  }

  get sessionId(): string {
    return this.options.sessionId;
  }

  /** Joins (once the channel is subscribed). */
  start(): void {
    if (this.statusValue === 'idle' || this.statusValue === 'left') this.join();
  }

  /**
   * Joins again at once (the live connection came back: whatever was said meanwhile may be lost).
   * Nothing happens before start() or after stop().
   */
  rejoinNow(): void {
    if (this.statusValue === 'idle' || this.statusValue === 'left') return;
    this.join();
  }

  /** Leaves: on unmount and on page unload. */
  stop(): void {
    if (this.statusValue === 'idle' || this.statusValue === 'left') return;
    this.clearTimers();
    this.options.send({ type: 'LEAVE', sessionId: this.sessionId, id: this.newId() });
    this.setStatus('left');
    this.emit({ kind: 'LEAVE', at: this.now() });
  }

  /** Asks the gateway to write assignments; false when not joined or not sent. */
  sendAssignments(assignments: KioskAssignment[]): boolean {
    if (this.statusValue !== 'joined') return false;
    return this.options.send({ type: 'DATA', sessionId: this.sessionId, id: this.newId(), assignments });
  }

  /** A message from the gateway's session channel; anything malformed or for another session is ignored. */
  receive(raw: unknown): void {
    const parsed = sessionUpSchema.safeParse(raw);
    if (!parsed.success) return;
    const message: SessionUp = parsed.data;
    if ('sessionId' in message && message.sessionId !== undefined && message.sessionId !== this.sessionId) return;
    switch (message.type) {
      case 'STATUS':
        return this.onStatusMessage(message);
      case 'PONG':
        if (this.statusValue === 'joined') this.armDeadTimer();
        return;
      case 'DATA':
        if (this.statusValue !== 'joined') return;
        this.armDeadTimer();
        if (this.stateValue && message.state.seq <= this.stateValue.seq && message.state.mac === this.stateValue.mac) return;
        this.applyState(message.state);
    }
  }

  private onStatusMessage(message: Extract<SessionUp, { type: 'STATUS' }>): void {
    if (this.statusValue === 'joining') {
      // An answer to an older join (before a retry) is not this join's answer.
      if (message.replyTo !== undefined && message.replyTo !== this.pendingJoin) return;
      if (message.code === 200) return this.onJoined(message.state);
      return this.fail(message.message ?? `Gateway answered ${message.code}`);
    }
    if (this.statusValue !== 'joined') return;
    if (message.code === 500) return this.fail(message.message ?? 'Gateway error');
    this.armDeadTimer();
    if (message.code === 200 && message.state) this.applyState(message.state);
  }

  private onJoined(state: GatewayState | undefined): void {
    this.clearTimer('joinTimer');
    this.pendingJoin = null;
    const kind = this.joinedBefore ? 'REJOIN' : 'JOIN';
    this.joinedBefore = true;
    this.setStatus('joined');
    this.emit({ kind, at: this.now() });
    // The answer's state is taken whatever its number: a restarted gateway counts from zero again.
    if (state) this.applyState(state);
    this.pingTimer = setInterval(() => this.ping(), this.options.timers.pingMs);
    this.armDeadTimer();
  }

  private applyState(state: GatewayState): void {
    const changes = deriveChanges(this.stateValue, state);
    this.stateValue = state;
    const at = this.now();
    for (const change of changes) this.emit({ kind: 'CHANGE', at, change });
    this.options.onState?.(state);
  }

  private join(): void {
    this.clearTimers();
    this.pendingJoin = this.newId();
    this.setStatus('joining');
    this.options.send({ type: 'JOIN', sessionId: this.sessionId, id: this.pendingJoin });
    this.joinTimer = setTimeout(() => this.fail('No answer to join'), this.options.timers.joinMs);
  }

  private ping(): void {
    this.options.send({ type: 'PING', sessionId: this.sessionId, id: this.newId() });
  }

  private armDeadTimer(): void {
    this.clearTimer('deadTimer');
    this.deadTimer = setTimeout(() => this.fail('No response'), this.options.timers.deadMs);
  }

  private fail(message: string): void {
    this.clearTimers();
    this.pendingJoin = null;
    this.setStatus('error');
    this.emit({ kind: 'ERROR', at: this.now(), message });
    this.retryTimer = setTimeout(() => this.join(), this.options.timers.retryMs);
  }

  private setStatus(status: SessionStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status);
  }

  private emit(event: SessionEvent): void {
    this.options.onEvent?.(event);
  }

  private clearTimer(name: 'joinTimer' | 'retryTimer' | 'deadTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }

  private clearTimers(): void {
    this.clearTimer('joinTimer');
    this.clearTimer('retryTimer');
    this.clearTimer('deadTimer');
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
