import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Drawer, Group, Input, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { TreeSelect } from '@/components/filters';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-context';
import { useMedia } from '@/lib/use-media';
import { useOnlineStatus } from '@/offline/connectivity';
import { canSubmit, type SetupState } from '../setup/setup-cards';
import { placeableLocations, setupFormDefaults, setupFormSchema, TIME_ZONE_OPTIONS, type SetupFormDraft, type SetupFormValues } from '../setup/setup-form';
import { useGatewaySetup } from '../setup/use-gateway-setup';
import { SetupGatewayCard } from './setup-gateway-card';

const NARROW_QUERY = '(max-width: 48em)';

interface SetupFormProps {
  groupId: number | null;
  state: SetupState;
  secondsLeft: number | null;
  queue: ReturnType<typeof useGatewaySetup>['queue'];
  onName: (id: number, name: string) => void;
  onSubmit: (values: SetupFormValues) => void;
}

function QueueList({ state, queue, onName }: Pick<SetupFormProps, 'state' | 'queue' | 'onName'>) {
  if (queue.isPending && state.cards.length === 0) return <Skeleton h={150} aria-label="Loading the setup queue" />;
  if (queue.isError && state.cards.length === 0) {
    const outside = queue.error instanceof ApiError && queue.error.status === 404;
    return <Text c="dimmed">{outside ? 'The setup queue is outside your scope.' : 'The gateways awaiting setup could not be read.'}</Text>;
  }
  if (state.cards.length === 0) return <Text c="dimmed">No gateways are awaiting setup.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Gateways awaiting setup">
      {state.cards.map((card) => (
        <div role="listitem" key={card.id}>
          <SetupGatewayCard card={card} onName={onName} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The drawer's body: where the gateways go and which network they join, the queue's cards, and Submit. */
function SetupForm({ groupId, state, secondsLeft, queue, onName, onSubmit }: SetupFormProps) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const locations = useMemo(() => placeableLocations(bootstrap.groups), [bootstrap.groups]);
  const pageLocation = bootstrap.groups.find((g) => g.id === groupId);
  const { control, handleSubmit, formState } = useForm<SetupFormDraft, unknown, SetupFormValues>({
    resolver: zodResolver(setupFormSchema),
    mode: 'onChange',
    defaultValues: setupFormDefaults(groupId, pageLocation?.timeZone),
  });
  const ssid = useWatch({ control, name: 'ssid' });
  const running = state.deadline !== null;
  const staged = state.cards.filter((c) => c.status === 'PENDING').length;
  const ready = canSubmit(state, ssid) && formState.isValid && online;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Gateway setup">
      <Stack gap="md">
        {!online && (
          <Alert color="yellow" variant="light" title="Setup needs a connection" data-testid="setup-offline">
            Gateways are set up live over the network. Reconnect to name and configure them; what you typed stays here.
          </Alert>
        )}
        <Controller
          name="groupId"
          control={control}
          render={({ field, fieldState }) => (
            <Input.Wrapper error={fieldState.error?.message}>
              <TreeSelect label="Place in location" nodes={locations} value={field.value} onChange={field.onChange} placeholder="Select a location" />
            </Input.Wrapper>
          )}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Controller
            name="ssid"
            control={control}
            render={({ field, fieldState }) => (
              <TextInput {...field} label="WiFi network name" withAsterisk autoComplete="off" error={fieldState.error?.message} disabled={running} miw={200} />
            )}
          />
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <PasswordInput
                {...field}
                label="WiFi password"
                placeholder="Optional: none for an open network"
                autoComplete="new-password"
                error={fieldState.error?.message}
                disabled={running}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the WiFi password' }}
                miw={200}
              />
            )}
          />
        </Group>
        <Controller
          name="timeZone"
          control={control}
          render={({ field }) => (
            <Select
              label="Time zone"
              data={TIME_ZONE_OPTIONS}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              disabled={running}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />

        <Group justify="space-between" align="baseline">
          <Title order={4}>Gateways awaiting setup</Title>
          <Text size="sm" c="dimmed">
            {state.cards.length ? `${staged} of ${state.cards.filter((c) => c.requestId === null).length} staged` : ''}
          </Text>
        </Group>
        <QueueList state={state} queue={queue} onName={onName} />

        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" role="status" aria-live="polite" data-testid="setup-countdown">
            {running ? `Waiting for the gateways: ${secondsLeft ?? 0} s` : state.result ? `${state.result.succeeded} of ${state.result.submitted} set up` : ''}
          </Text>
          <Button type="submit" disabled={!ready} loading={running}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Gateway Setup (docs/GATEWAYS.md 'The Setup drawer'): a right drawer listing the gateways awaiting
 * setup. The gateways named here are placed in the chosen location and sent the WiFi network and
 * time zone; a run goes on when the drawer is closed (docs/GATEWAYS.md 'The Setup drawer').
 */
export function GatewaySetupDrawer({ opened, onClose, groupId }: { opened: boolean; onClose: () => void; groupId: number | null }) {
  const setup = useGatewaySetup(opened);
  const narrow = useMedia(NARROW_QUERY);
  const body = useRef<HTMLDivElement>(null);
  // The location picker opens outside the drawer (a popover, or a sheet of its own on narrow
  // screens): Escape there closes the picker only. Anywhere in the drawer it closes the drawer.
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
    const dialog = body.current?.closest('[role="dialog"]');
    if (dialog && target && target !== document.body && !dialog.contains(target)) return;
    onClose();
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title="Gateway Setup"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <div ref={body}>
        <SetupForm groupId={groupId} state={setup.state} secondsLeft={setup.secondsLeft} queue={setup.queue} onName={setup.name} onSubmit={setup.submit} />
      </div>
    </Drawer>
  );
}
