import { pendingExecutionSchema, type ExecutionReport, type PendingExecution, type TelemetryReport, type ThingType } from '../../contracts/iot';
import { stableHash } from '../../db/demo/devices-data';
import { thingToken } from '../../core/thing-auth';
import type { Log } from '../gateways/clock';
import { send as sendJson } from '../gateways/operations-player';
import { repeatRounds } from '../rounds';

// The things' side of IoT jobs (docs/IOT.md 'The simulator'): every online thing of the demo
// connects, reports its telemetry each round, and carries out its jobs as a real device would,
// with its own credentials. It takes its next QUEUED execution and reports it IN_PROGRESS; on its
// next round the execution ends SUCCEEDED (a software update installs its version) or FAILED,
// with the output a device would print. One execution in FAILURE_ONE_IN fails.

/** One execution in this many fails (chosen by its job and thing, so a replay fails the same). */
export const FAILURE_ONE_IN = 5;

export interface PlayedThing {
  awsId: string;
  type: ThingType;
}

/** Telemetry a thing sends each round. */
const PER_ROUND: Readonly<Record<ThingType, TelemetryReport['samples']>> = {
  fall_device_v1: [{ metric: 'system location', value: 3 }],
  nfc_gateway_v1: [{ metric: 'dispense uploads', value: 2 }],
};

/** What a device prints when it starts an execution. */
export function startOutput(execution: PendingExecution): string {
  return `Starting ${execution.templateName} (job ${execution.jobId})`;
}

/** How an execution ends on a thing: the output, and whether it succeeded. */
export function outcomeOf(execution: PendingExecution, awsId: string): ExecutionReport {
  const failed = stableHash(`${awsId}/${execution.jobId}`) % FAILURE_ONE_IN === 0;
  const version = execution.template.parameters.find((p) => p.type === 'version' && p.packageName);
  const value = version ? execution.parameters[version.name] : undefined;
  if (version?.packageName && typeof value === 'string') {
    return failed
      ? { status: 'FAILED', stdout: `Downloading ${version.packageName} ${value}\nerror: checksum mismatch, update aborted` }
      : { status: 'SUCCEEDED', stdout: `Downloading ${version.packageName} ${value}\nInstalled ${version.packageName} ${value}` };
  }
  const command = execution.parameters.command;
  if (typeof command === 'string') {
    return failed ? { status: 'FAILED', stdout: `$ ${command}\nerror: timed out` } : { status: 'SUCCEEDED', stdout: `$ ${command}\n${awsId}: ok` };
  }
  return failed ? { status: 'FAILED', stdout: `${execution.templateName}: the device did not come back` } : { status: 'SUCCEEDED', stdout: `${execution.templateName}: done` };
}

type Send = (url: string, init: RequestInit) => Promise<unknown>;

export interface ThingsPlayerOptions {
  baseUrl: string;
  secret: string;
  things: readonly PlayedThing[];
  /** Time between two rounds (ms); 0: only when `round()` is called. */
  roundMs: number;
  log: Log;
  /** The HTTP call (tests pass a fake API). */
  send?: Send;
}

export interface ThingsPlayer {
  /** Plays one round of every thing now; resolves with the job reports sent. */
  round(): Promise<number>;
  close(): Promise<void>;
}

export function startThingsPlayer(options: ThingsPlayerOptions): ThingsPlayer {
  const { baseUrl, secret, log } = options;
  const send = options.send ?? sendJson;
  /** The execution each thing has started, to end on its next round. */
  const started = new Map<string, PendingExecution>();
  const connected = new Set<string>();

  const headersOf = (awsId: string) => ({ 'x-thing-id': awsId, authorization: `Bearer ${thingToken(secret, awsId)}`, 'content-type': 'application/json' });
  const call = (awsId: string, method: string, path: string, body?: unknown) =>
    send(`${baseUrl}/api${path}`, { method, headers: headersOf(awsId), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const report = (awsId: string, execution: PendingExecution, body: ExecutionReport) => call(awsId, 'PUT', `/things/jobs/${execution.jobId}`, body);

  async function playThing(thing: PlayedThing): Promise<number> {
    if (!connected.has(thing.awsId)) {
      await call(thing.awsId, 'POST', '/things/connectivity', { connected: true });
      connected.add(thing.awsId);
    }
    await call(thing.awsId, 'POST', '/things/telemetry', { samples: PER_ROUND[thing.type] });
    const current = started.get(thing.awsId);
    if (current) {
      started.delete(thing.awsId);
      const outcome = outcomeOf(current, thing.awsId);
      await report(thing.awsId, current, outcome);
      log.debug(`${thing.awsId}: job ${current.jobId} → ${outcome.status}`);
      return 1;
    }
    const { execution } = (await call(thing.awsId, 'GET', '/things/jobs/next')) as { execution: unknown };
    if (!execution) return 0;
    const next = pendingExecutionSchema.parse(execution);
    await report(thing.awsId, next, { status: 'IN_PROGRESS', stdout: startOutput(next) });
    started.set(thing.awsId, next);
    log.debug(`${thing.awsId}: job ${next.jobId} → IN_PROGRESS`);
    return 1;
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (const thing of options.things) {
      if (rounds.closed()) break;
      try {
        sent += await playThing(thing);
      } catch (error) {
        // Cancelled meanwhile (409), or the API away: the next round tries again from what the API says.
        started.delete(thing.awsId);
        log.debug(`${thing.awsId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return sent;
  }

  const rounds = repeatRounds(round, options.roundMs);
  return { round, close: () => rounds.close() };
}
