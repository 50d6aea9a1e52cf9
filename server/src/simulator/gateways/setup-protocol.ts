import { z } from 'zod';
import {
  configRequestEvent,
  configRequestSchema,
  configResponseEvent,
  deviceInfoRequestEvent,
  deviceInfoRequestSchema,
  deviceInfoResponseEvent,
  scanRequestEvent,
  scanRequestSchema,
  scanResponseEvent,
  SETUP_CODES,
  type ConfigResponse,
  type DeviceInfoResponse,
  type ScanResponse,
} from '../../contracts/gateways-realtime';
import { normalizeMac } from '../../contracts/fields';
import { stableHash } from '../../db/demo/devices-data';
import type { Log, TimerSet } from './clock';
import { deviceVersion, heardAt, scanSchedule, type KnownDevice } from './heard-devices';
import type { GatewayMode } from './transport';

// A gateway's side of the console's setup, scan and device-info requests
// (docs/GATEWAYS.md 'The simulator'), played the same way
// by the kiosk gateways and the field gateways on their command channel.

/** What the protocol needs of its gateway. */
export interface SetupHost {
  readonly mac: string;
  readonly name: string;
  readonly commandChannel: string;
  readonly mode: GatewayMode;
  /** Silent or rebooting: nothing is answered. */
  readonly muted: boolean;
  readonly timers: TimerSet;
  send(channel: string, event: string, payload: unknown): void;
}

/** How long things take, in milliseconds. */
export interface SetupTimings {
  /** From a configuration to its outcome; null: 1 to 3 s, by the gateway's MAC. */
  setupMs: number | null;
  /** Between two DATA messages of a scan. */
  scanTickMs: number;
  /** Connecting to a device and reading its version; four at a time. */
  deviceInfoMs: number;
  /** How much longer a device that cannot be reached takes to give up on. */
  unreachableMs: number;
}

export const DEFAULT_SETUP_TIMINGS: SetupTimings = { setupMs: null, scanTickMs: 2_000, deviceInfoMs: 400, unreachableMs: 2_000 };
/** Devices a gateway connects to at once for their versions. */
export const DEVICE_INFO_PARALLEL = 4;

export const SETUP_MESSAGES = {
  configuring: 'Applying the WiFi and time zone',
  done: 'Gateway set up',
  failed: 'Gateway setup failed',
  scanning: 'Scanning',
  busy: 'Already scanning',
  complete: 'Scan complete',
  stopped: 'Scan stopped',
  error: 'Gateway error',
} as const;

type Kind = 'failing' | 'silent' | 'unreachable';

/**
 * What the control API sets (tests, demos), shared by the whole fleet: gateways whose setup
 * fails (500), gateways that answer none of these requests, and devices no gateway can connect to.
 */
export class SetupControls {
  private readonly sets: Record<Kind, Set<string>> = { failing: new Set(), silent: new Set(), unreachable: new Set() };

  set(kind: Kind, macs: readonly string[], on: boolean): string[] {
    for (const mac of macs) {
      if (on) this.sets[kind].add(normalizeMac(mac));
      else this.sets[kind].delete(normalizeMac(mac));
    }
    return this.list(kind);
  }

  has(kind: Kind, mac: string): boolean {
    return this.sets[kind].has(normalizeMac(mac));
  }

  list(kind: Kind): string[] {
    return [...this.sets[kind]].sort();
  }
}

/** What a gateway knows of its surroundings, and how it reports to the server. */
export interface SetupEnvironment {
  readonly controls: SetupControls;
  /** The devices of the database the gateway with this MAC hears. */
  neighbours(gatewayMac: string): readonly KnownDevice[];
  /** A device of the database by MAC, when known. */
  device(mac: string): KnownDevice | null;
  /** Reports a setup's outcome to the server (POST /gateways/state {status}). */
  report(gatewayMac: string, status: { code: number; message: string }): Promise<void>;
  readonly timings?: Partial<SetupTimings>;
}

/** An environment that knows no device and reports nowhere (tests, a gateway with no API). */
export const isolatedSetupEnvironment = (controls = new SetupControls(), timings?: Partial<SetupTimings>): SetupEnvironment => ({
  controls,
  neighbours: () => [],
  device: () => null,
  report: async () => {},
  timings,
});

interface RunningScan {
  id: string;
  handles: unknown[];
}

/** A gateway's setup, scan and device-info answers on its command channel. */
export class GatewaySetup {
  private scan: RunningScan | null = null;
  private readonly timings: SetupTimings;

  constructor(
    private readonly host: SetupHost,
    private readonly env: SetupEnvironment,
    private readonly log: Log,
  ) {
    this.timings = { ...DEFAULT_SETUP_TIMINGS, ...env.timings };
  }

  get scanning(): boolean {
    return this.scan !== null;
  }

  /** Handles a request of this protocol; false for any other event. */
  receive(event: string, payload: unknown): boolean {
    if (event === configRequestEvent) this.config(payload);
    else if (event === scanRequestEvent) this.onScan(payload);
    else if (event === deviceInfoRequestEvent) this.deviceInfo(payload);
    else return false;
    return true;
  }

  /** Ends a running scan without a word (the gateway stops or reboots). */
  close(): void {
    this.endScan();
  }

  private get silent(): boolean {
    return this.host.muted || this.env.controls.has('silent', this.host.mac);
  }

  private send(event: string, payload: ConfigResponse | ScanResponse | DeviceInfoResponse): void {
    if (this.silent) return;
    this.host.send(this.host.commandChannel, event, payload);
  }

  /** 202 at once, then 200 (or 500 when made failing, or in error) and the outcome reported to the server. */
  private config(payload: unknown): void {
    const request = this.parse(configRequestSchema, payload, 'config');
    if (!request || this.silent) return;
    const { mac } = this.host;
    this.send(configResponseEvent, { id: request.id, mac, code: SETUP_CODES.progress, message: SETUP_MESSAGES.configuring });
    const delay = this.timings.setupMs ?? 1_000 + (stableHash(`${normalizeMac(mac)}/setup`) % 2_001);
    this.host.timers.after(delay, () => {
      if (this.silent) return;
      const failed = this.host.mode === 'error' || this.env.controls.has('failing', mac);
      const status = failed ? { code: SETUP_CODES.failed, message: SETUP_MESSAGES.failed } : { code: SETUP_CODES.done, message: SETUP_MESSAGES.done };
      this.send(configResponseEvent, { id: request.id, mac, ...status });
      this.log.info(`${this.label}: setup ${status.code} (WiFi ${request.wifi.ssid}, ${request.timezone})`);
      this.env.report(mac, status).catch((error: unknown) => this.log.info(`${this.label}: setup outcome not reported: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  /**
   * STATUS 200 at once (503 while a scan runs, 500 in error), then DATA with every device heard so
   * far each scanTickMs, then a final STATUS 200 when `timeout` seconds have passed or a stop came.
   */
  private onScan(payload: unknown): void {
    const request = this.parse(scanRequestSchema, payload, 'scan');
    if (!request || this.silent) return;
    const { mac } = this.host;
    const status = (id: string, code: number, message: string) => this.send(scanResponseEvent, { type: 'STATUS', id, mac, code, message });
    if (request.stop) {
      const id = this.scan?.id ?? request.id;
      this.endScan();
      return status(id, SETUP_CODES.done, SETUP_MESSAGES.stopped);
    }
    if (this.host.mode === 'error') return status(request.id, 500, SETUP_MESSAGES.error);
    if (this.scan) return status(request.id, 503, SETUP_MESSAGES.busy);

    const scan: RunningScan = { id: request.id, handles: [] };
    this.scan = scan;
    status(request.id, 200, SETUP_MESSAGES.scanning);
    const schedule = scanSchedule(mac, request.deviceTypes, this.env.neighbours(mac));
    const timeoutMs = request.timeout * 1_000;
    const { scanTickMs } = this.timings;
    for (let tick = 1; tick * scanTickMs < timeoutMs; tick++) {
      scan.handles.push(this.host.timers.after(tick * scanTickMs, () => this.send(scanResponseEvent, { type: 'DATA', id: request.id, mac, devices: heardAt(schedule, tick, mac) })));
    }
    scan.handles.push(
      this.host.timers.after(timeoutMs, () => {
        this.endScan();
        status(request.id, 200, SETUP_MESSAGES.complete);
      }),
    );
    this.log.debug(`${this.label}: scanning ${request.deviceTypes.join(', ')} for ${request.timeout} s (${schedule.length} devices around)`);
  }

  private endScan(): void {
    for (const handle of this.scan?.handles ?? []) this.host.timers.cancel(handle);
    this.scan = null;
  }

  /**
   * One answer per device, DEVICE_INFO_PARALLEL at a time, each deviceInfoMs: its version (null
   * when unreachable, after unreachableMs more, or in error); every answer within the request's timeout.
   */
  private deviceInfo(payload: unknown): void {
    const request = this.parse(deviceInfoRequestSchema, payload, 'device-info');
    if (!request || this.silent) return;
    const { deviceInfoMs, unreachableMs } = this.timings;
    const latest = Math.max(0, Math.floor(request.timeout * 0.9));
    request.devices.forEach((deviceMac, i) => {
      const reachable = this.host.mode !== 'error' && !this.env.controls.has('unreachable', deviceMac);
      const delay = Math.min(latest, deviceInfoMs * (Math.floor(i / DEVICE_INFO_PARALLEL) + 1) + (reachable ? 0 : unreachableMs));
      this.host.timers.after(delay, () => {
        const version = reachable ? deviceVersion(deviceMac, this.env.device(normalizeMac(deviceMac))) : null;
        this.send(deviceInfoResponseEvent, { id: request.id, mac: deviceMac, version });
      });
    });
  }

  private get label(): string {
    return this.host.name || this.host.mac;
  }

  private parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T | null {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    this.log.debug(`${this.label}: ignored an invalid ${what} request: ${z.prettifyError(parsed.error)}`);
    return null;
  }
}
