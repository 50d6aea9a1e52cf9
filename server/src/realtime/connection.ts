import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import { describeZodError, encodeFrame, errorFrame, incomingFrameSchema, type OutgoingFrame } from './protocol';
import type { ChannelRegistry } from './registry';
import { handleClientEvent, handleSubscribe, handleUnsubscribe, leaveChannel, type ClientSession } from './subscriptions';

export interface ConnectionOptions {
  app: { key: string; secret: string };
  registry: ChannelRegistry;
  activityTimeoutMs: number;
  pongTimeoutMs: number;
}

/** A fresh socket id in the `<n>.<n>` form the `pusher` SDK validates. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

/** One accepted pusher-js connection: handshake, frame dispatch and idle detection. */
export class PusherConnection implements ClientSession {
  readonly socketId = newSocketId();
  readonly channels = new Set<string>();
  readonly app: ConnectionOptions['app'];
  readonly registry: ChannelRegistry;
  private idleTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: ConnectionOptions,
  ) {
    this.app = options.app;
    this.registry = options.registry;
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', () => this.onClose());
    // A socket-level error is always followed by 'close'; cleanup happens there.
    ws.on('error', () => undefined);
    const established = { socket_id: this.socketId, activity_timeout: options.activityTimeoutMs / 1000 };
    this.send({ event: 'pusher:connection_established', data: JSON.stringify(established) });
    this.touch();
  }

  /** Sends a frame to this client. */
  send(frame: OutgoingFrame): void {
    this.sendRaw(encodeFrame(frame));
  }

  /** Sends an already-encoded frame; silently dropped once the socket is closing. */
  sendRaw(raw: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(raw);
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    this.touch();
    if (isBinary) return this.send(errorFrame(null, 'Binary frames are not supported'));
    let json: unknown;
    try {
      json = JSON.parse(rawToString(data));
    } catch {
      return this.send(errorFrame(null, 'Invalid JSON'));
    }
    const parsed = incomingFrameSchema.safeParse(json);
    if (!parsed.success) return this.send(errorFrame(null, `Invalid frame: ${describeZodError(parsed.error)}`));
    const { event, channel, data: payload } = parsed.data;
    switch (event) {
      case 'pusher:ping':
        return this.send({ event: 'pusher:pong', data: {} });
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return handleSubscribe(this, decodeData(payload));
      case 'pusher:unsubscribe':
        return handleUnsubscribe(this, decodeData(payload));
      default:
        if (event.startsWith('client-')) return handleClientEvent(this, event, channel, payload);
        return this.send(errorFrame(null, `Unsupported event: ${event}`));
    }
  }

  /** Any inbound frame counts as activity; after a silent activity_timeout we ping and expect a reply. */
  private touch(): void {
    clearTimeout(this.pongTimer);
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.checkAlive(), this.options.activityTimeoutMs);
    this.idleTimer.unref();
  }

  private checkAlive(): void {
    this.send({ event: 'pusher:ping', data: {} });
    this.pongTimer = setTimeout(() => this.ws.close(4201, 'Pong reply not received'), this.options.pongTimeoutMs);
    this.pongTimer.unref();
  }

  private onClose(): void {
    clearTimeout(this.pongTimer);
    clearTimeout(this.idleTimer);
    for (const channel of [...this.channels]) leaveChannel(this, channel);
  }
}

function rawToString(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Some clients send `data` as a JSON string rather than an object; accept both. */
function decodeData(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
