import { type DeviceType } from '@contracts/devices';
import {
  deviceInfoRequestEvent,
  deviceInfoResponseEvent,
  deviceInfoResponseSchema,
  SCAN_CODES,
  SCAN_NO_RESPONSE_MS,
  scanRequestEvent,
  scanResponseEvent,
  scanResponseSchema,
} from '@contracts/gateways-realtime';
import { gatewayCommandChannel } from '@contracts/stations-realtime';
import type { ChannelHandle, RealtimeLink } from '@/entities/gateways/realtime-link';
import { EMPTY_SCAN, noResponseCheck, scanAnswered, scanStarted, type ScanState } from './scan-state';

// The Find devices dialog's conversation with the gateways (docs/GATEWAYS.md 'The Find devices
// dialog'): each chosen gateway's command channel is joined, the scan request sent once joined,
// the answers folded into the scan state; the device-info requests go the same way. The channels
// stay joined until the dialog closes, for the device-info that follows the scan.

/** Extra wait past the timeout the gateway is given, for its last answers to arrive. */
export const DEVICE_INFO_GRACE_MS = 2_000;

export interface SessionView {
  scan: ScanState;
  /** While a scan's time runs: when it started and how long it lasts. */
  running: { startedAt: number; durationMs: number } | null;
}

export interface ScanSessionOptions {
  link: RealtimeLink;
  onChange(view: SessionView): void;
  /** Whether the server has a MAC (null: not known yet). */
  isKnown(mac: string): boolean | null;
  now?: () => number;
  newId?: () => string;
}

interface Joined {
  handle: ChannelHandle | null;
  ready: boolean;
  queue: { event: string; data: unknown }[];
}

interface InfoWait {
  macs: Set<string>;
  versions: Map<string, string | null>;
  done: () => void;
}

export class ScanSession {
  private viewValue: SessionView = { scan: EMPTY_SCAN, running: null };
  private readonly channels = new Map<string, Joined>();
  private readonly infoWaits = new Map<string, InfoWait>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private scanRequest: { id: string; deviceTypes: DeviceType[]; timeout: number } | null = null;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: ScanSessionOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  get view(): SessionView {
    return this.viewValue;
  }

  /** Find: every gateway is asked to listen for `durationS` seconds; each awaits its answer (418), 404 after 5 s. */
  scan(gatewayMacs: readonly string[], deviceTypes: readonly DeviceType[], durationS: number): void {
    const id = this.newId();
    const startedAt = this.now();
    this.scanRequest = { id, deviceTypes: [...deviceTypes], timeout: durationS };
    this.set({ scan: scanStarted(this.viewValue.scan, gatewayMacs.map((mac) => ({ mac, requestId: id })), startedAt), running: { startedAt, durationMs: durationS * 1000 } });
    for (const mac of gatewayMacs) this.send(mac, scanRequestEvent, this.scanRequest);
    this.after(SCAN_NO_RESPONSE_MS, () => this.update((s) => noResponseCheck(s, Math.max(this.now(), startedAt + SCAN_NO_RESPONSE_MS))));
    this.after(durationS * 1000, () => {
      if (this.scanRequest?.id === id) this.set({ ...this.viewValue, running: null });
    });
  }

  /** Stop: the gateways still scanning are told to stop. */
  stop(): void {
    const request = this.scanRequest;
    if (!request || !this.viewValue.running) return;
    for (const s of this.viewValue.scan.scans) {
      if (s.requestId === request.id && (s.code === SCAN_CODES.awaiting || s.code === SCAN_CODES.ok)) this.send(s.mac, scanRequestEvent, { ...request, stop: true });
    }
    this.set({ ...this.viewValue, running: null });
  }

  /** Changes the scan state from outside (lookups, adding). */
  update(change: (state: ScanState) => ScanState): void {
    const next = change(this.viewValue.scan);
    if (next !== this.viewValue.scan) this.set({ ...this.viewValue, scan: next });
  }

  /**
   * Asks each gateway to connect to its devices and read their versions, within `timeoutMs`;
   * resolves with what was read (null for a device that could not be read or did not answer)
   * once every device has answered or the time is up.
   */
  readVersions(requests: readonly { gatewayMac: string; macs: readonly string[] }[], timeoutMs: number): Promise<Map<string, string | null>> {
    const waits = requests.map(({ gatewayMac, macs }) => {
      const id = this.newId();
      return new Promise<Map<string, string | null>>((resolve) => {
        const wait: InfoWait = { macs: new Set(macs), versions: new Map(), done: () => undefined };
        let timer: ReturnType<typeof setTimeout> | null = null;
        wait.done = () => {
          this.infoWaits.delete(id);
          if (timer !== null) this.clear(timer);
          resolve(new Map(macs.map((mac) => [mac, wait.versions.get(mac) ?? null])));
        };
        this.infoWaits.set(id, wait);
        timer = this.after(timeoutMs + DEVICE_INFO_GRACE_MS, () => wait.done());
        this.send(gatewayMac, deviceInfoRequestEvent, { id, devices: [...macs], readVersion: true, timeout: timeoutMs });
      });
    });
    return Promise.all(waits).then((maps) => new Map(maps.flatMap((m) => [...m])));
  }

  /** Leaves every channel; pending version reads end with what they have. */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wait of [...this.infoWaits.values()]) wait.done();
    for (const joined of this.channels.values()) joined.handle?.unsubscribe();
    this.channels.clear();
  }

  private receive(event: string, data: unknown): void {
    if (event === scanResponseEvent) {
      const parsed = scanResponseSchema.safeParse(data);
      if (parsed.success) this.update((s) => scanAnswered(s, parsed.data, (mac) => this.options.isKnown(mac)));
      return;
    }
    if (event === deviceInfoResponseEvent) {
      const parsed = deviceInfoResponseSchema.safeParse(data);
      if (!parsed.success) return;
      const wait = this.infoWaits.get(parsed.data.id);
      const mac = parsed.data.mac.toUpperCase();
      if (!wait || !wait.macs.has(mac)) return;
      wait.versions.set(mac, parsed.data.version);
      if (wait.versions.size === wait.macs.size) wait.done();
    }
  }

  private send(gatewayMac: string, event: string, data: unknown): void {
    const joined = this.join(gatewayMac);
    joined.queue.push({ event, data });
    this.flush(joined);
  }

  private join(gatewayMac: string): Joined {
    const existing = this.channels.get(gatewayMac);
    if (existing) return existing;
    const joined: Joined = { handle: null, ready: false, queue: [] };
    this.channels.set(gatewayMac, joined);
    // onReady may be called before subscribe returns (a channel already joined elsewhere).
    joined.handle = this.options.link.subscribe(gatewayCommandChannel(gatewayMac), {
      onReady: () => {
        joined.ready = true;
        this.flush(joined);
      },
      onEvent: (event, data) => this.receive(event, data),
      onError: (message) => {
        joined.ready = false;
        this.update((s) => ({
          ...s,
          scans: s.scans.map((g) => (g.mac === gatewayMac && g.code === SCAN_CODES.awaiting ? { ...g, code: SCAN_CODES.noResponse, message } : g)),
        }));
      },
    });
    this.flush(joined);
    return joined;
  }

  private flush(joined: Joined): void {
    if (!joined.ready || !joined.handle) return;
    while (joined.queue.length > 0) {
      const next = joined.queue[0]!;
      if (!joined.handle.trigger(next.event, next.data)) return;
      joined.queue.shift();
    }
  }

  private after(ms: number, run: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: ReturnType<typeof setTimeout>): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  private set(view: SessionView): void {
    this.viewValue = view;
    this.options.onChange(view);
  }
}
