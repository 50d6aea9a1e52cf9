import type { RuntimeConfig } from '@contracts/config';
import { SERVER_CHANNEL } from '@contracts/realtime';
import { SERVER_LOG_EVENT } from '@contracts/server-log';
import { connectRealtime } from '@/lib/realtime';

/** The app's connection as the log sees it. */
export type LinkState = 'connecting' | 'connected' | 'disconnected';

export interface LogHandlers {
  /** The subscription succeeded (again, after the connection came back). */
  onReady(): void;
  /** The data of one 'requests' event. */
  onBatch(data: unknown): void;
  /** The subscription was refused (403) or failed. */
  onError(status: number | null): void;
}

/** What the log needs of the realtime connection; the page gives it the app's Pusher one. */
export interface LogLink {
  /** Subscribes to the server channel; returns an unsubscribe. */
  subscribe(handlers: LogHandlers): () => void;
  state(): LinkState;
  /** Calls back on every change of state; returns an unsubscribe. */
  onStateChange(callback: (state: LinkState) => void): () => void;
}

const linkState = (pusherState: string): LinkState =>
  pusherState === 'connected' ? 'connected' : pusherState === 'connecting' || pusherState === 'initialized' ? 'connecting' : 'disconnected';

/** The server channel over the app's Pusher connection. */
export function pusherLogLink(config: RuntimeConfig): LogLink {
  const pusher = connectRealtime(config);
  return {
    subscribe(handlers) {
      const channel = pusher.subscribe(SERVER_CHANNEL);
      const ready = () => handlers.onReady();
      const failed = (error: unknown) => handlers.onError((error as { status?: number } | null)?.status ?? null);
      const batch = (data: unknown) => handlers.onBatch(data);
      channel.bind('pusher:subscription_succeeded', ready);
      channel.bind('pusher:subscription_error', failed);
      channel.bind(SERVER_LOG_EVENT, batch);
      if (channel.subscribed) ready();
      return () => {
        channel.unbind('pusher:subscription_succeeded', ready);
        channel.unbind('pusher:subscription_error', failed);
        channel.unbind(SERVER_LOG_EVENT, batch);
        pusher.unsubscribe(SERVER_CHANNEL);
      };
    },
    state: () => linkState(pusher.connection.state),
    onStateChange(callback) {
      const handler = ({ current }: { current: string }) => callback(linkState(current));
      pusher.connection.bind('state_change', handler);
      return () => pusher.connection.unbind('state_change', handler);
    },
  };
}
