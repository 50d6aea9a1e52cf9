import type { Gateway, TerminalState } from '@contracts/gateways';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CommandTerminal } from '@/widgets/command-terminal/command-terminal';
import { useGatewayCommands } from '@/entities/gateways/use-gateway-commands';
import { toggleTerminal } from '../api/toggle-terminal';

export const TERMINAL_MESSAGES = { noUrl: 'Unable to retrieve Tmate URL', disabled: 'Tmate Disabled' } as const;

/**
 * A kiosk gateway's remote terminal (docs/GATEWAYS.md 'Remote terminal'): the quick commands over its command
 * channel, the same as on the Stations page, and the terminal session it opens on request, whose
 * address is shown to open in a new tab. Both need a connection: they talk to the gateway now.
 */
export function RemoteTerminal({ gateway }: { gateway: Gateway }) {
  const commands = useGatewayCommands(gateway.mac);
  const toggle = useMutation<TerminalState, Error, boolean>({ mutationFn: (enabled) => toggleTerminal(gateway.id, enabled) });
  const answer = toggle.data;
  return (
    <Stack gap="sm">
      <CommandTerminal gatewayName={gateway.name} state={commands.state} disabled={!commands.ready} onRun={commands.run} />
      <Group gap="sm">
        <Button mih={44} variant="default" loading={toggle.isPending && toggle.variables} disabled={toggle.isPending} onClick={() => toggle.mutate(true)}>
          Open terminal session
        </Button>
        <Button mih={44} variant="default" loading={toggle.isPending && !toggle.variables} disabled={toggle.isPending || !answer?.enabled} onClick={() => toggle.mutate(false)}>
          Close terminal session
        </Button>
      </Group>
      <div aria-live="polite" data-testid="terminal-state">
        {toggle.isError || (answer?.enabled && !answer.url) ? (
          <Alert color="red" variant="light">
            {TERMINAL_MESSAGES.noUrl}
            {toggle.isError ? `: ${toggle.error.message}` : ''}
          </Alert>
        ) : answer?.enabled && answer.url ? (
          <Text size="sm">
            Terminal session:{' '}
            <Anchor href={answer.url} target="_blank" rel="noopener noreferrer">
              {answer.url}
            </Anchor>
          </Text>
        ) : answer && !answer.enabled ? (
          <Text size="sm" c="dimmed">
            {TERMINAL_MESSAGES.disabled}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
