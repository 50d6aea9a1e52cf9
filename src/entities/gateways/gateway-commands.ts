import { CLI_CODES, type CommandResponse, commandResponseSchema, type CommandType, UPDATE_CODES } from '@contracts/stations-realtime';

/** The command log's own lines: the first one of every command, and the one when the gateway never replies. */
export const COMMAND_MESSAGES = {
  connecting: 'Connecting to gateway.',
  noReply: 'Unable to establish connection with gateway.',
} as const;

/** One line of a command's progress: what the gateway (or the console) said, and when. */
export interface CommandLine {
  at: number;
  code: number | null;
  message: string;
  /** cli output. */
  data?: string;
}

/** A gateway's command state (docs/STATIONS.md 'Commands'): the request, the responses with timestamps, and where it is. */
export interface CommandState {
  request: { id: string; type: CommandType; label: string; at: number } | null;
  responses: CommandLine[];
  isLoading: boolean;
  isLoaded: boolean;
  isError: boolean;
}

export const IDLE_COMMAND: CommandState = { request: null, responses: [], isLoading: false, isLoaded: false, isError: false };

const CODES = { cli: CLI_CODES, update: UPDATE_CODES } as const;

/** The state after sending a command: 'Connecting to gateway.' first. */
export function commandSent(id: string, type: CommandType, label: string, at: number): CommandState {
  return {
    request: { id, type, label, at },
    responses: [{ at, code: null, message: COMMAND_MESSAGES.connecting }],
    isLoading: true,
    isLoaded: false,
    isError: false,
  };
}

/** The state after `ms` without any reply: the spec's message, in error. */
export function commandTimedOut(state: CommandState, at: number): CommandState {
  return {
    ...state,
    responses: [...state.responses, { at, code: null, message: COMMAND_MESSAGES.noReply }],
    isLoading: false,
    isError: true,
  };
}

/**
 * The state after a response (docs/STATIONS.md 'Commands'): 202 is progress, 200 done, the type's error codes (cli 409
 * or 500, update 500 or 503) an error; any other code is an error too. A response to another
 * request, or one that comes after the command ended, changes nothing.
 */
export function commandResponded(state: CommandState, response: CommandResponse, at: number): CommandState {
  const request = state.request;
  if (!request || response.id !== request.id || !state.isLoading) return state;
  const codes = CODES[request.type];
  const line: CommandLine = {
    at,
    code: response.code,
    message: response.message ?? defaultMessage(response.code, codes),
    ...(response.data !== undefined ? { data: response.data } : {}),
  };
  const responses = [...state.responses, line];
  if (response.code === codes.progress) return { ...state, responses };
  if (response.code === codes.done) return { ...state, responses, isLoading: false, isLoaded: true };
  return { ...state, responses, isLoading: false, isError: true };
}

function defaultMessage(code: number, codes: (typeof CODES)[CommandType]): string {
  if (code === codes.progress) return 'In progress';
  if (code === codes.done) return 'Done';
  return `Failed (${code})`;
}

/**
 * A reply line in words: the gateway's code (202 running, 200 done, 409 busy, other 4xx refused,
 * 5xx failed) read as the step it is, before the gateway's own message; progress says what it does.
 */
export function replyWords(code: number | null, message: string): string {
  if (code === null || code === 202) return message;
  const word = code === 200 ? 'Done' : code === 409 ? 'Busy' : code >= 500 ? 'Failed' : code >= 400 ? 'Refused' : null;
  if (!word) return message;
  return message.toLowerCase().startsWith(word.toLowerCase()) ? message : `${word}: ${message}`;
}

export interface CommandRunnerOptions {
  /** Sends the request on the gateway's command channel; false when it could not be sent. */
  send(type: CommandType, payload: Record<string, unknown>): boolean;
  onChange(state: CommandState): void;
  timeoutMs: number;
  now?: () => number;
  newId?: () => string;
}

/**
 * Runs a gateway's commands one at a time: a new command replaces the last one's state. No reply
 * within `timeoutMs` gives 'Unable to establish connection with gateway.'; once the gateway has
 * replied the command runs as long as it reports progress.
 */
export class CommandRunner {
  private stateValue: CommandState = IDLE_COMMAND;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: CommandRunnerOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  get state(): CommandState {
    return this.stateValue;
  }

  /** cli: `command` is the argument list; update: an optional version. */
  run(type: CommandType, label: string, payload: { command?: readonly string[]; version?: string }): void {
    this.clearTimer();
    const id = this.newId();
    this.set(commandSent(id, type, label, this.now()));
    const body = type === 'cli' ? { id, command: [...(payload.command ?? [])] } : { id, ...(payload.version ? { version: payload.version } : {}) };
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stateValue.request?.id === id && this.stateValue.responses.every((r) => r.code === null)) {
        this.set(commandTimedOut(this.stateValue, this.now()));
      }
    }, this.options.timeoutMs);
    this.options.send(type, body);
  }

  /** A message from the gateway's command channel. */
  receive(raw: unknown): void {
    const parsed = commandResponseSchema.safeParse(raw);
    if (!parsed.success) return;
    const next = commandResponded(this.stateValue, parsed.data, this.now());
    if (next === this.stateValue) return;
    this.clearTimer();
    this.set(next);
  }

  dispose(): void {
    this.clearTimer();
  }

  private set(state: CommandState): void {
    this.stateValue = state;
    this.options.onChange(state);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
