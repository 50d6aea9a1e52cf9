import type { DeviceType } from '@contracts/devices';
import type { Gateway } from '@contracts/gateways';
import { SCANNED_DEVICE_TYPES } from '@contracts/device-registry';
import { Alert, Button, Chip, Group, Menu, Modal, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDeviceModels } from '@/entities/devices/api/get-device-models';
import { useOnlineStatus } from '@/offline/connectivity';
import { DEFAULT_DURATION, DURATION_OPTIONS, findBlocker, FIND_MESSAGES } from '../find/find-rules';
import { newDevices } from '../find/scan-state';
import { useFindDevices } from '../find/use-find-devices';
import { FoundDevicesTable, GatewayScanStatus, ScanProgress } from './found-devices';

const TYPE_CHOICES: { value: DeviceType; label: string }[] = SCANNED_DEVICE_TYPES.map((t) => ({ value: t, label: `${t.charAt(0)}${t.slice(1).toLowerCase()}s` }));
const TOUCH = { minHeight: 44 };

/**
 * Find devices (docs/GATEWAYS.md 'The Find devices dialog'): the chosen gateways
 * of the location listen for the chosen kinds of device for a while; what they hear is listed as
 * it comes, new or already known; Add reads the new devices' versions through the gateways and
 * creates them in the location. It needs the network: the gateways are asked live.
 */
export function FindDevicesDialog(props: FindDevicesProps & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Find devices" size="xl" closeButtonProps={{ 'aria-label': 'Close Find devices', size: 'lg' }}>
      {/* The body mounts with each opening (choices start afresh) and its unmounting stops any scan. */}
      <FindDevicesBody {...props} />
    </Modal>
  );
}

interface FindDevicesProps {
  groupId: number | null;
  topLevel: boolean;
  gateways: readonly Gateway[];
  preselected: readonly Gateway[];
}

function FindDevicesBody({ opened, onClose, groupId, topLevel, gateways, preselected }: FindDevicesProps & { opened: boolean; onClose: () => void }) {
  const online = useOnlineStatus();
  const models = useDeviceModels({ enabled: opened });
  const find = useFindDevices({ active: opened, groupId, models: models.data });
  // The page's selected gateways, or all of them.
  const [chosen, setChosen] = useState<string[]>(() => (preselected.length > 0 ? preselected : gateways).map((g) => g.mac));
  const [types, setTypes] = useState<string[]>(SCANNED_DEVICE_TYPES.slice());
  const [duration, setDuration] = useState<string | null>(DEFAULT_DURATION);

  const names = useMemo(() => new Map(gateways.map((g) => [g.mac, g.name])), [gateways]);
  const options = useMemo(() => gateways.map((g) => ({ value: g.mac, label: g.name || g.mac })), [gateways]);
  const { scan, running } = find.view;
  const fresh = newDevices(scan);
  const blocker = findBlocker({ topLevel, online, gateways: chosen.length, types: types.length, duration });
  const addBlocker = !online
    ? FIND_MESSAGES.offline
    : running
      ? 'Wait for the scan to end, or stop it.'
      : fresh.length === 0
        ? FIND_MESSAGES.noNewDevices
        : models.data
          ? null
          : 'Loading the device models…';
  const busy = running !== null || find.adding;

  const start = () => {
    if (blocker !== null || duration === null) return;
    find.scan(chosen, types as DeviceType[], Number(duration));
  };

  return (
    <Stack gap="md">
        {!online && (
          <Alert color="yellow" title="Offline" role="status" data-testid="find-offline">
            {FIND_MESSAGES.offline}
          </Alert>
        )}
        <MultiSelect
          label="Gateways"
          placeholder={chosen.length === 0 ? 'Choose gateways' : undefined}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          disabled={busy}
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
          styles={{ input: TOUCH, option: TOUCH }}
        />
        <Stack gap={4} role="group" aria-labelledby="find-types-label">
          <Text id="find-types-label" size="sm" fw={500}>
            Device types
          </Text>
          <Chip.Group multiple value={types} onChange={setTypes}>
            <Group gap={6} wrap="wrap">
              {TYPE_CHOICES.map((t) => (
                <Chip key={t.value} value={t.value} size="md" disabled={busy} styles={{ label: { ...TOUCH, height: 'auto' } }}>
                  {t.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <Stack gap={4}>
          <Text id="find-duration-label" size="sm" fw={500}>
            Duration
          </Text>
          <SegmentedControl aria-labelledby="find-duration-label" data={DURATION_OPTIONS} value={duration ?? ''} onChange={setDuration} disabled={busy} />
        </Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c={blocker ? 'dimmed' : undefined} role="status">
            {running ? 'Scanning…' : (blocker ?? `${chosen.length} gateway(s) will scan.`)}
          </Text>
          {running ? (
            <Button color="red" variant="light" mih={44} onClick={find.stop}>
              Stop
            </Button>
          ) : (
            <Button mih={44} onClick={start} disabled={blocker !== null || find.adding}>
              Find
            </Button>
          )}
        </Group>
        {running && <ScanProgress running={running} />}
        <GatewayScanStatus scans={scan.scans} names={names} running={running !== null} />
        <FoundDevicesTable devices={scan.devices} names={names} />
        {scan.scans.length > 0 && scan.devices.length === 0 && !running && <Text c="dimmed">No devices were heard.</Text>}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" role="status" aria-live="polite">
            {scan.devices.length > 0 ? `${scan.devices.length} device(s) heard · ${fresh.length} new` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" mih={44} onClick={onClose}>
              Close
            </Button>
            <Button mih={44} onClick={() => void find.add()} loading={find.adding} disabled={addBlocker !== null} title={addBlocker ?? undefined}>
              Add{fresh.length > 0 ? ` (${fresh.length})` : ''}
            </Button>
          </Group>
        </Group>
      </Stack>
  );
}

/** The page menu's entry: disabled at the top of the hierarchy, with the reason under it. */
export function FindDevicesMenuItem({ topLevel, onOpen }: { topLevel: boolean; onOpen: () => void }) {
  return (
    <Menu.Item mih={44} onClick={onOpen} disabled={topLevel} aria-describedby={topLevel ? 'find-devices-reason' : undefined}>
      Find devices
      {topLevel && (
        <Text id="find-devices-reason" size="xs" c="dimmed" maw={220}>
          {FIND_MESSAGES.topLevel}
        </Text>
      )}
    </Menu.Item>
  );
}
