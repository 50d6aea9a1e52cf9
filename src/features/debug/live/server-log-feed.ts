import { serverLogBatchSchema, type ServerLogEntry } from '@contracts/server-log';
import type { LinkState, LogLink } from './log-link';

/** Entries the page keeps (the newest); older ones leave as new ones come. */
export const LOG_LIMIT = 1000;
/** New entries reach the screen at most this often, however fast requests come. */
export const LOG_FLUSH_MS = 200;

/** How the page stands with the live log. */
export type LogConnection = 'connecting' | 'live' | 'disconnected' | 'refused';

export interface LogSnapshot {
  connection: LogConnection;
  /** Oldest first, at most LOG_LIMIT. */
  entries: readonly ServerLogEntry[];
  /** Entries received since the page opened. */
  received: number;
  /** Entries the server said it could not send. */
  dropped: number;
}

/**
 * The live request log of the Server Logs page: subscribes to the server channel, keeps the
 * newest LOG_LIMIT entries and offers a snapshot for React, renewed at most every LOG_FLUSH_MS.
 */
export class ServerLogFeed {
  private entries: ServerLogEntry[] = [];
  private received = 0;
  private dropped = 0;
  private linkState: LinkState;
  private subscribed = false;
  private refused = false;
  private snapshot: LogSnapshot;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribe: () => void;
  private readonly stopWatch: () => void;

  constructor(link: LogLink) {
    this.linkState = link.state();
    this.snapshot = this.build();
    this.stopWatch = link.onStateChange((state) => {
      this.linkState = state;
      // The channel is subscribed again once the connection is back.
      if (state !== 'connected') this.subscribed = false;
      this.changed(true);
    });
    this.unsubscribe = link.subscribe({
      onReady: () => {
        this.subscribed = true;
        this.refused = false;
        this.changed(true);
      },
      onBatch: (data) => this.add(data),
      onError: () => {
        this.refused = true;
        this.changed(true);
      },
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LogSnapshot => this.snapshot;

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe();
    this.stopWatch();
    this.listeners.clear();
  }

  private add(data: unknown): void {
    const batch = serverLogBatchSchema.safeParse(data);
    if (!batch.success) return;
    this.received += batch.data.entries.length;
    this.dropped += batch.data.dropped;
    this.entries.push(...batch.data.entries);
    if (this.entries.length > LOG_LIMIT) this.entries = this.entries.slice(-LOG_LIMIT);
    this.changed(false);
  }

  private connection(): LogConnection {
    if (this.refused) return 'refused';
    if (this.linkState === 'disconnected') return 'disconnected';
    return this.linkState === 'connected' && this.subscribed ? 'live' : 'connecting';
  }

  private build(): LogSnapshot {
    return { connection: this.connection(), entries: [...this.entries], received: this.received, dropped: this.dropped };
  }

  /** A change of connection shows at once; new entries with the next flush. */
  private changed(now: boolean): void {
    if (now) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.publish();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.publish();
    }, LOG_FLUSH_MS);
  }

  private publish(): void {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}
