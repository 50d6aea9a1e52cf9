import type { RuntimeConfig } from '@contracts/config';
import { connectRealtime } from '@/lib/realtime';
import type { RealtimeLink } from './realtime-link';

// Several screens may hold one gateway's channel at once (a drawer's terminal, the Find devices
// dialog): the channel is left when the last of them lets go.
const holders = new WeakMap<object, Map<string, number>>();

/** The live stations' link over the app's Pusher connection. */
export function pusherLink(config: RuntimeConfig): RealtimeLink {
  const pusher = connectRealtime(config);
  const held = holders.get(pusher) ?? new Map<string, number>();
  holders.set(pusher, held);
  return {
    subscribe(name, handlers) {
      const channel = pusher.subscribe(name);
      held.set(name, (held.get(name) ?? 0) + 1);
      let released = false;
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
          if (released) return;
          released = true;
          channel.unbind('pusher:subscription_succeeded', ready);
          channel.unbind('pusher:subscription_error', failed);
          channel.unbind_global(onEvent);
          const left = (held.get(name) ?? 1) - 1;
          if (left > 0) held.set(name, left);
          else {
            held.delete(name);
            pusher.unsubscribe(name);
          }
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
