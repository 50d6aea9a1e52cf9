import { z } from 'zod';
import { cliRequestSchema, commandResponseEvent, updateRequestSchema, type CommandResponse, type CommandType } from '../../contracts/stations-realtime';
import type { Log, TimerSet } from './clock';
import { runCommand, type OutputContext } from './outputs';
import type { GatewayMode, GatewayTimings } from './transport';

/** What the command runner needs of its gateway. */
export interface CommandHost {
  readonly mac: string;
  readonly name: string;
  readonly commandChannel: string;
  readonly mode: GatewayMode;
  /** Silent, or rebooting: nothing is answered. */
  readonly muted: boolean;
  firmwareVersion: string | null;
  readonly timers: TimerSet;
  readonly timings: GatewayTimings;
  send(channel: string, event: string, payload: unknown): void;
  outputContext(): OutputContext;
  reboot(): void;
}

const GATEWAY_ERROR = 'Gateway error';

/** The version an update without one installs: the next patch release. */
export function nextVersion(current: string | null): string {
  const match = current?.match(/^(.*?)(\d+)$/);
  return match ? `${match[1]}${Number(match[2]) + 1}` : '1.0.0';
}

/**
 * The gateway's command channel (docs/STATIONS.md 'Commands'): terminal commands answer 202, then
 * 200 with their output (or 500); one runs at a time (409 otherwise). Firmware updates answer 202
 * with progress, then 200.
 */
export class GatewayCommands {
  private cliRunning = false;
  private updating = false;

  constructor(
    private readonly host: CommandHost,
    private readonly log: Log,
  ) {}

  cli(payload: unknown): void {
    const request = this.parse(cliRequestSchema, payload, 'cli');
    if (!request || this.host.muted) return;
    const reply = this.replier('cli', request.id);
    if (this.host.mode === 'error') return reply(500, { message: GATEWAY_ERROR });
    if (this.cliRunning) return reply(409, { message: 'Another command is running' });
    this.cliRunning = true;
    reply(202, { message: 'Running' });
    this.host.timers.after(this.host.timings.cliMs, () => {
      this.cliRunning = false;
      const outcome = runCommand(request.command, this.host.outputContext());
      if (outcome.code !== 200) return reply(outcome.code, { message: outcome.message });
      reply(200, { data: outcome.data });
      if (outcome.reboot) this.host.reboot();
    });
  }

  update(payload: unknown): void {
    const request = this.parse(updateRequestSchema, payload, 'update');
    if (!request || this.host.muted) return;
    const reply = this.replier('update', request.id);
    if (this.host.mode === 'error') return reply(503, { message: GATEWAY_ERROR });
    if (this.updating) return reply(500, { message: 'An update is already running' });
    const target = request.version ?? nextVersion(this.host.firmwareVersion);
    const { updateMs } = this.host.timings;
    this.updating = true;
    reply(202, { message: `Updating firmware to ${target}` });
    for (const percent of [25, 50, 75]) {
      this.host.timers.after((updateMs * percent) / 100, () => reply(202, { message: `Downloading ${target}: ${percent}%` }));
    }
    this.host.timers.after(updateMs, () => {
      this.updating = false;
      // A gateway that broke meanwhile does not finish the update.
      if (this.host.mode === 'error') return reply(503, { message: GATEWAY_ERROR });
      this.host.firmwareVersion = target;
      reply(200, { message: `Updated to ${target}` });
    });
  }

  private replier(type: CommandType, id: string) {
    return (code: number, extra: Pick<CommandResponse, 'message' | 'data'>) => {
      const response: CommandResponse = { id, mac: this.host.mac, code, ...extra };
      this.host.send(this.host.commandChannel, commandResponseEvent(type), response);
    };
  }

  private parse<T>(schema: z.ZodType<T>, payload: unknown, type: CommandType): T | null {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    this.log.debug(`${this.host.name}: ignored an invalid ${type} request: ${z.prettifyError(parsed.error)}`);
    return null;
  }
}
