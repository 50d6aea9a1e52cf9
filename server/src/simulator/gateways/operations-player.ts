import { gatewayOperationSchema, type GatewayOperation, type GatewayOperationReport } from '../../contracts/operations';
import { repeatRounds } from '../rounds';
import type { Log } from './clock';
import { ApiError, gatewayHeaders } from './load';
import { playGatewaySelf } from './software-player';

// The gateways' side of device operations (docs/OPERATIONS.md 'The simulator'): every gateway of
// the demo asks the API, with its own credentials, for the open operations of the devices it
// hears, and carries them out as a real one would. A pending operation is started when the
// gateway next hears its device; a SETTING then completes; a DFU transfers its image in steps of
// DFU_STEP percent, then completes. A device whose battery is low, or that has not been heard for
// SILENT_AFTER_MS, fails its operation with the reason.

/** Battery below which a device refuses an operation (25 %, 2300 mV; docs/OPERATIONS.md 'The simulator'). */
export const LOW_BATTERY_PERCENT = 25;
export const LOW_BATTERY_MV = 2300;
/** A device not heard for this long is silent (48 h without a heartbeat). */
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
  /** A failing gateway fails the software jobs it starts (tests, demos of a broken install). */
  failSoftware(mac: string, failing: boolean): void;
  failingSoftware(): string[];
  close(): Promise<void>;
}

/** A call of the API as a gateway; a failure is an ApiError with the HTTP status. */
export async function send(url: string, init: RequestInit): Promise<unknown> {
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
  const heldMacs = new Set<string>();
  const failingMacs = new Set<string>();

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
    // Then its work on itself: its software jobs and its terminal (software-player.ts).
    try {
      sent += await playGatewaySelf(send, baseUrl, headers, mac, log, failingMacs.has(mac));
    } catch (error) {
      log.debug(`${mac}: software jobs not read: ${error instanceof Error ? error.message : String(error)}`);
    }
    return sent;
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (const mac of options.macs) {
      if (rounds.closed()) break;
      if (heldMacs.has(mac)) continue;
      try {
        sent += await playGateway(mac);
      } catch (error) {
        log.debug(`${mac}: operations not read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return sent;
  }

  const rounds = repeatRounds(round, options.roundMs);
  return {
    round,
    hold(mac, held) {
      if (held) heldMacs.add(mac);
      else heldMacs.delete(mac);
    },
    held: () => [...heldMacs].sort(),
    failSoftware(mac, failing) {
      if (failing) failingMacs.add(mac);
      else failingMacs.delete(mac);
    },
    failingSoftware: () => [...failingMacs].sort(),
    close: () => rounds.close(),
  };
}
