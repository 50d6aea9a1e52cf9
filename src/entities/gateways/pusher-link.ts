import type { RuntimeConfig } from '@contracts/config';
import { connectRealtime } from '@/lib/realtime';
import type { RealtimeLink } from './realtime-link';

/** The live stations' link over the app's Pusher connection. */
export function pusherLink(config: RuntimeConfig): RealtimeLink {
  const pusher = connectRealtime(config);
  return {
    subscribe(name, handlers) {
      const channel = pusher.subscribe(name);
      const ready = () => handlers.onReady();
      const failed = (error: unknown) => {
        const status = (error as { status?: number } | null)?.status;
        handlers.onError(status === 403 ? 'You may not watch this station.' : 'The station could not be reached.');
      };
      const onEvent = (event: string, data: unknown) => {
        if (!event.startsWith('pusher:')) handlers.onEvent(event, data);
      };
      channel.bind('pusher:subscription_succeeded', ready);
      channel.bind('pusher:subscription_error', failed);
      channel.bind_global(onEvent);
      if (channel.subscribed) ready();
      return {
        trigger: (event, data) => channel.subscribed && pusher.connection.state === 'connected' && channel.trigger(event, data),
        unsubscribe: () => {
          channel.unbind('pusher:subscription_succeeded', ready);
          channel.unbind('pusher:subscription_error', failed);
          channel.unbind_global(onEvent);
          pusher.unsubscribe(name);
        },
      };
    },
    isConnected: () => pusher.connection.state === 'connected',
    onConnectionChange(callback) {
      const handler = ({ current }: { current: string }) => callback(current === 'connected');
      pusher.connection.bind('state_change', handler);
      return () => pusher.connection.unbind('state_change', handler);
    },
  };
}
