import { QUICK_COMMANDS } from '@contracts/stations-realtime';
import { Alert, Box, Button, Code, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type CommandState, replyWords } from '@/entities/gateways/gateway-commands';

type QuickCommand = (typeof QUICK_COMMANDS)[number];
const DISRUPTIVE = new Set<string>(['Reboot', 'Restart gateway app', 'Restart daemon']);

const time = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * A kiosk gateway's commands (docs/GATEWAYS.md 'Remote terminal'): the quick cli
 * commands and a software update, with each reply timestamped and cli output shown. Commands that
 * interrupt the station ask first.
 */
export const CommandTerminal = memo(function CommandTerminal({
  gatewayName,
  state,
  disabled,
  onRun,
}: {
  gatewayName: string;
  state: CommandState;
  disabled: boolean;
  onRun: (type: 'cli' | 'update', label: string, payload: { command?: readonly string[] }) => void;
}) {
  const [confirming, setConfirming] = useState<QuickCommand | 'update' | null>(null);
  const run = (choice: QuickCommand | 'update') => {
    if (choice === 'update') onRun('update', 'Update gateway software', {});
    else onRun('cli', choice.label, { command: choice.command });
  };
  const pick = (choice: QuickCommand | 'update') => (choice === 'update' || DISRUPTIVE.has(choice.label) ? setConfirming(choice) : run(choice));
  const output = state.responses.filter((r) => r.data !== undefined).at(-1)?.data;

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" mih={44} disabled={disabled} aria-label={`Commands for ${gatewayName}`}>
              Commands
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {QUICK_COMMANDS.map((c) => (
              <Menu.Item key={c.label} onClick={() => pick(c)} color={DISRUPTIVE.has(c.label) ? 'red' : undefined}>
                {c.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={() => pick('update')}>Update gateway software</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {state.isLoading && <Loader size="sm" aria-label="Command running" />}
      </Group>
      {state.request && (
        <Box aria-live="polite" data-testid="command-log">
          <Text size="sm" fw={600}>
            {state.request.label}
          </Text>
          {state.responses.map((r, i) => (
            <Text key={i} size="xs" c={state.isError && i === state.responses.length - 1 ? 'red' : undefined}>
              <Text span c="dimmed" size="xs">
                {time(r.at)}
              </Text>{' '}
              <span title={r.code !== null ? `Code ${r.code}` : undefined}>{replyWords(r.code, r.message)}</span>
            </Text>
          ))}
          {output !== undefined && (
            <Code block mt={4} mah={240} style={{ overflow: 'auto' }} data-testid="command-output">
              {output}
            </Code>
          )}
          {state.isError && (
            <Alert color="red" variant="light" mt={4} p="xs">
              {state.responses.at(-1)?.message}
            </Alert>
          )}
        </Box>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'update' ? 'Update gateway software' : (confirming?.label ?? '')}
        confirmLabel={confirming === 'update' ? 'Update' : 'Run'}
        destructive={confirming !== 'update'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) run(confirming);
          setConfirming(null);
        }}
      >
        {confirming === 'update'
          ? `Update the software of ${gatewayName}? Its station may be unavailable while it updates.`
          : `${confirming ? confirming.label : ''} on ${gatewayName}? The station stops answering for a while.`}
      </ConfirmDialog>
    </Stack>
  );
});
