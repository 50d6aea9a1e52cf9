import type { Thing, UpdateFallDeviceBody } from '@contracts/iot';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { deviceFormError, deviceFormBody, type DeviceForm } from '@/entities/iot/device-form';

/** What the form shows of a device. */
export type EditableThing = Pick<Thing, 'id' | 'awsId' | 'typeName' | 'name' | 'groupId' | 'x' | 'y'>;

/**
 * Edit Device (docs/SCREENS.md 'IoT Devices'): the serial number and type read-only, the name and the
 * location required, the position's x and y (sent rounded). Save queues the edit in the outbox.
 */
export function EditDeviceDialog<T extends EditableThing>({ device, onClose, onSave }: { device: T | null; onClose: () => void; onSave: (device: T, body: UpdateFallDeviceBody) => void }) {
  const { bootstrap } = useSession();
  const [form, setForm] = useState<DeviceForm>({ name: '', groupId: null, x: 0, y: 0 });
  useEffect(() => {
    if (device) setForm({ name: device.name, groupId: device.groupId, x: device.x, y: device.y });
  }, [device]);
  const error = deviceFormError(form);
  const dirty = device !== null && (form.name !== device.name || form.groupId !== device.groupId || form.x !== device.x || form.y !== device.y);
  const body = deviceFormBody(form);

  return (
    <Modal opened={device !== null} onClose={onClose} title="Edit Device" closeButtonProps={{ 'aria-label': 'Close', size: 44 }}>
      {device && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (body && dirty) onSave(device, body);
          }}
        >
          <Stack gap="sm">
            <TextInput label="Serial Number" value={device.awsId} readOnly />
            <TextInput label="Device Type" value={device.typeName} readOnly />
            <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={error.name} maxLength={100} />
            <TreeSelect label="Location" nodes={bootstrap.groups} value={form.groupId} onChange={(groupId) => setForm({ ...form, groupId })} placeholder="Select a location" />
            <Group grow>
              <NumberInput label="X" value={form.x} onChange={(v) => setForm({ ...form, x: typeof v === 'number' ? v : 0 })} min={0} max={100_000} error={error.x} hideControls />
              <NumberInput label="Y" value={form.y} onChange={(v) => setForm({ ...form, y: typeof v === 'number' ? v : 0 })} min={0} max={100_000} error={error.y} hideControls />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" mih={44} disabled={!body || !dirty}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
