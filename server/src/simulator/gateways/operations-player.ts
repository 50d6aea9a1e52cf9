import { gatewayOperationSchema, type GatewayOperation, type GatewayOperationReport } from '../../contracts/operations';
import type { Log } from './clock';
import { ApiError, gatewayHeaders } from './load';

// The gateways' side of device operations (docs/OPERATIONS.md 'The simulator'): every gateway of
// the demo asks the API, with its own credentials, for the open operations of the devices it
// hears, and carries them out as a real one would. A pending operation is started when the
// gateway next hears its device; a SETTING then completes; a DFU transfers its image in steps of
// DFU_STEP percent, then completes. A device whose battery is low, or that has not been heard for
// SILENT_AFTER_MS, fails its operation with the reason.

/** Battery below which a device refuses an operation (03 §9: 25 %, 2300 mV). */
export const LOW_BATTERY_PERCENT = 25;
export const LOW_BATTERY_MV = 2300;
/** A device not heard for this long is silent (03 §9 heartbeat 48 h). */
export const SILENT_AFTER_MS = 48 * 3_600_000;
/** Firmware transfer progress a gateway makes on each round. */
export const DFU_STEP = 25;

export const FAILURES = {
  battery: 'Battery too low for the update',
  silent: 'Device not heard for 48 hours',
} as const;

/** What a gateway does next with an operation, or null to leave it. */
export function nextReport(op: GatewayOperation, now: number): GatewayOperationReport | null {
  if (op.status === 'PENDING') {
    const low = (op.batteryPercent !== null && op.batteryPercent < LOW_BATTERY_PERCENT) || (op.batteryMv !== null && op.batteryMv < LOW_BATTERY_MV);
    if (low) return { status: 'FAILED', message: FAILURES.battery };
    const heard = op.lastHeartbeatAt === null ? null : Date.parse(op.lastHeartbeatAt);
    if (heard === null || now - heard > SILENT_AFTER_MS) return { status: 'FAILED', message: FAILURES.silent };
    return { status: 'WORKING', progress: 0 };
  }
  if (op.status !== 'WORKING') return null;
  if (op.type === 'SETTING') return { status: 'DONE' };
  const progress = Math.min(100, op.progress + DFU_STEP);
  return progress >= 100 ? { status: 'DONE' } : { status: 'WORKING', progress };
}

export interface OperationsPlayerOptions {
  baseUrl: string;
  secret: string;
  /** The gateways to play (their MACs). */
  macs: readonly string[];
  /** Time between two rounds of a gateway (ms). */
  roundMs: number;
  log: Log;
  /** Reports sent at once by one gateway. */
  concurrency?: number;
}

export interface OperationsPlayer {
  /** Plays one round of every gateway now (tests and benches); resolves with the reports sent. */
  round(): Promise<number>;
  /** A held gateway hears no device: its operations wait, pending (tests, demos of a dead zone). */
  hold(mac: string, held: boolean): void;
  held(): string[];
  close(): Promise<void>;
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ApiError(`${url}: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(`${url}: HTTP ${response.status}`, response.status);
  return body;
}

export function startOperationsPlayer(options: OperationsPlayerOptions): OperationsPlayer {
  const { baseUrl, secret, log } = options;
  const concurrency = options.concurrency ?? 8;
  let closed = false;
  const heldMacs = new Set<string>();
  let running: Promise<number> | null = null;

  async function playGateway(mac: string): Promise<number> {
    const headers = gatewayHeaders(secret, mac);
    const ops = gatewayOperationSchema.array().parse(await send(`${baseUrl}/api/gateways/operations`, { headers }));
    const now = Date.now();
    const work = ops.flatMap((op) => {
      const report = nextReport(op, now);
      return report ? [{ op, report }] : [];
    });
    let sent = 0;
    for (let i = 0; i < work.length; i += concurrency) {
      await Promise.all(
        work.slice(i, i + concurrency).map(async ({ op, report }) => {
          try {
            await send(`${baseUrl}/api/gateways/operations/${op.id}`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(report),
            });
            sent++;
            log.debug(`${mac}: operation ${op.id} (${op.type}) → ${report.status}${report.progress !== undefined ? ` ${report.progress}%` : ''}`);
          } catch (error) {
            // Cancelled or moved on meanwhile (409): the next round reads it again.
            log.debug(`${mac}: operation ${op.id}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    }
    return sent;
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (const mac of options.macs) {
      if (closed) break;
      if (heldMacs.has(mac)) continue;
      try {
        sent += await playGateway(mac);
      } catch (error) {
        log.debug(`${mac}: operations not read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return sent;
  }

  const tick = async () => {
    if (closed) return;
    running = round();
    await running;
    running = null;
    if (!closed) timer = setTimeout(() => void tick(), options.roundMs);
  };
  let timer: NodeJS.Timeout | undefined = options.roundMs > 0 ? setTimeout(() => void tick(), options.roundMs) : undefined;

  return {
    round,
    hold(mac, held) {
      if (held) heldMacs.add(mac);
      else heldMacs.delete(mac);
    },
    held: () => [...heldMacs].sort(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
