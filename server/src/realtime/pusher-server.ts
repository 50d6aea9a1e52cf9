import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createHttpApiHandler } from './http-api';
import { describeZodError } from './protocol';
import { ChannelRegistry, type AppEntry } from './registry';
import { attachWebSocketEndpoint } from './websocket';

export interface PusherApp {
  id: string;
  key: string;
  secret: string;
}

export interface PusherServerOptions {
  port: number;
  /** Interface to bind; defaults to 127.0.0.1 so a dev server is not exposed by accident. */
  host?: string;
  apps: PusherApp[];
  /** Seconds of client silence before a ping (sent to clients as activity_timeout); default 120. */
  activityTimeoutSeconds?: number;
}

export interface RunningPusherServer {
  port: number;
  close(): Promise<void>;
}

const optionsSchema = z.object({
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1).optional(),
  apps: z
    .array(z.object({ id: z.string().min(1), key: z.string().min(1), secret: z.string().min(1) }))
    .min(1, 'at least one app is required')
    .refine((apps) => new Set(apps.map((app) => app.id)).size === apps.length, 'app ids must be unique')
    .refine((apps) => new Set(apps.map((app) => app.key)).size === apps.length, 'app keys must be unique'),
  activityTimeoutSeconds: z.number().positive().optional(),
});

/** Pusher waits this long for a pong before dropping the connection. */
const MAX_PONG_TIMEOUT_MS = 30_000;

/** Starts a Pusher-protocol v7 server (WebSocket + REST API on one port); `port: 0` picks a free port. */
export async function startPusherServer(options: PusherServerOptions): Promise<RunningPusherServer> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Invalid Pusher server options: ${describeZodError(parsed.error)}`);
  const config = parsed.data;
  const entries: AppEntry[] = config.apps.map((app) => ({ app, registry: new ChannelRegistry() }));
  const activityTimeoutMs = (config.activityTimeoutSeconds ?? 120) * 1000;

  const server = createServer(createHttpApiHandler(new Map(entries.map((entry) => [entry.app.id, entry]))));
  const websockets = attachWebSocketEndpoint(server, {
    appsByKey: new Map(entries.map((entry) => [entry.app.key, entry])),
    activityTimeoutMs,
    pongTimeoutMs: Math.min(MAX_PONG_TIMEOUT_MS, activityTimeoutMs),
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  let closing: Promise<void> | undefined;
  const close = async () => {
    await websockets.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    port: (server.address() as AddressInfo).port,
    close: () => (closing ??= close()),
  };
}
