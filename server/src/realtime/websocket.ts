import type { IncomingMessage, Server } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { PusherConnection } from './connection';
import { encodeFrame, errorFrame } from './protocol';
import type { AppEntry } from './registry';

export interface WebSocketEndpointOptions {
  appsByKey: ReadonlyMap<string, AppEntry>;
  activityTimeoutMs: number;
  pongTimeoutMs: number;
}

/** Protocol versions whose wire format this server speaks (pusher-js 8 sends 7). */
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);
/** Room for a 10 KB client event plus its envelope; larger frames are refused by `ws` with 1009. */
const MAX_FRAME_BYTES = 64 * 1024;
const CLOSE_GRACE_MS = 1000;

/** Serves `/app/{key}` WebSocket upgrades on `server`; returns a function that closes every client. */
export function attachWebSocketEndpoint(server: Server, options: WebSocketEndpointOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req, options));
  });
  return { close: () => closeAll(wss) };
}

function accept(ws: WebSocket, req: IncomingMessage, options: WebSocketEndpointOptions): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1]) return refuse(ws, 4005, 'Path not found');
  const protocol = url.searchParams.get('protocol');
  if (!protocol) return refuse(ws, 4008, 'No protocol version supplied');
  if (!SUPPORTED_PROTOCOLS.has(protocol)) return refuse(ws, 4007, `Unsupported protocol version: ${protocol}`);
  const key = safeDecode(match[1]);
  const entry = options.appsByKey.get(key);
  if (!entry) return refuse(ws, 4001, `App key ${key} does not exist`);
  new PusherConnection(ws, {
    app: entry.app,
    registry: entry.registry,
    activityTimeoutMs: options.activityTimeoutMs,
    pongTimeoutMs: options.pongTimeoutMs,
  });
}

/** Pusher sends the error as a frame and then closes with the same code, which pusher-js maps to an action. */
function refuse(ws: WebSocket, code: number, message: string): void {
  ws.on('error', () => undefined);
  ws.send(encodeFrame(errorFrame(code, message)));
  // Close reasons are capped at 123 bytes by the WebSocket spec.
  ws.close(code, message.slice(0, 120));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function closeAll(wss: WebSocketServer): Promise<void> {
  await Promise.all(
    [...wss.clients].map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close(1001, 'Server shutting down');
        }),
    ),
  );
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
