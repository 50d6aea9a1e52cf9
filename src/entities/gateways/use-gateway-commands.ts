import { COMMAND_TYPES, commandRequestEvent, commandResponseEvent, gatewayCommandChannel, type CommandType } from '@contracts/stations-realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getConfig } from '@/lib/config';
import { CommandRunner, IDLE_COMMAND, type CommandState } from './gateway-commands';
import { pusherLink } from './pusher-link';
import type { ChannelHandle } from './realtime-link';
import { sessionTimers } from './session-timers';

const RESPONSE_EVENTS = new Set(COMMAND_TYPES.map((t) => commandResponseEvent(t)));

/**
 * One gateway's command channel (docs/STATIONS.md 'Commands'), for a page that shows one gateway
 * at a time: the quick commands run through the same runner as the Stations page's, with the same
 * timeout. `ready` once the channel is joined; null leaves it.
 */
export function useGatewayCommands(gatewayMac: string | null): {
  state: CommandState;
  ready: boolean;
  run: (type: CommandType, label: string, payload: { command?: readonly string[]; version?: string }) => void;
} {
  const [state, setState] = useState<CommandState>(IDLE_COMMAND);
  const [ready, setReady] = useState(false);
  const runner = useRef<CommandRunner | null>(null);

  useEffect(() => {
    if (gatewayMac === null) return;
    const link = pusherLink(getConfig());
    let channel: ChannelHandle | null = null;
    const commands = new CommandRunner({
      timeoutMs: sessionTimers().commandMs,
      send: (type, payload) => channel?.trigger(commandRequestEvent(type), payload) ?? false,
      onChange: setState,
    });
    runner.current = commands;
    channel = link.subscribe(gatewayCommandChannel(gatewayMac), {
      onReady: () => setReady(true),
      onEvent: (event, data) => {
        if (RESPONSE_EVENTS.has(event)) commands.receive(data);
      },
      onError: () => setReady(false),
    });
    return () => {
      commands.dispose();
      channel?.unsubscribe();
      runner.current = null;
      setReady(false);
      setState(IDLE_COMMAND);
    };
  }, [gatewayMac]);

  const run = useCallback((type: CommandType, label: string, payload: { command?: readonly string[]; version?: string }) => runner.current?.run(type, label, payload), []);
  return { state, ready, run };
}
