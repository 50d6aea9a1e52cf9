import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { CameraScanDialog, MacInput } from '@/components/scanning';
import { useOnlineStatus } from '@/offline/connectivity';
import { useDeviceModels } from '@/entities/devices/api/get-device-models';
import { useMacLookup } from '@/entities/devices/api/lookup-mac';
import {
  DEVICE_NOTICES,
  DEVICE_TYPE_OPTIONS,
  deviceDraftOf,
  deviceFieldErrors,
  deviceSaveBlocker,
  type DeviceFormValues,
  DISPENSER_ROLE_OPTIONS,
  isDeviceDirty,
  isMacLockable,
  isStagedLike,
  isTypeEditable,
  macCheckOf,
  macNoticeOf,
  macToLookUp,
  PHYSICAL_ROLE_OPTIONS,
  resolveModelId,
  withDeviceModel,
  withDeviceType,
} from '../device-rules';
import type { DeviceDraft } from '../editor-drafts';
import { EntityFormFooter } from './entity-form-footer';

export interface DeviceDialogProps {
  opened: boolean;
  device: DeviceDraft | null;
  /** A device placed here and not saved yet. */
  isNew: boolean;
  /** The location's zones, for the Zone field. */
  zones: readonly { id: number; name: string }[];
  /** Receives the edited draft; the page stages and queues it. */
  onSubmit: (device: DeviceDraft) => void;
  onClose: () => void;
}

// Optional choices carry an explicit empty option, a full-size target rather than a small clear button.
const NONE = '';
const idOrNull = (value: string | null) => (value === null || value === NONE ? null : Number(value));

function DeviceForm({ device, isNew, zones, onSubmit, onClose }: Omit<DeviceDialogProps, 'opened' | 'device'> & { device: DeviceDraft }) {
  const online = useOnlineStatus();
  const [values, setValues] = useState<DeviceFormValues>(device);
  const [unlocked, setUnlocked] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [nameLeft, setNameLeft] = useState(false);
  const models = useDeviceModels({ type: values.type });

  const set = (patch: Partial<DeviceFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const macLocked = isMacLockable(device, isNew) && !unlocked;
  const typeEditable = isTypeEditable(device, isNew);

  const modelId = resolveModelId(values.modelId, models.data);
  const model = models.data?.find((m) => m.id === modelId);
  const shown: DeviceFormValues = { ...values, modelId };
  const errors = deviceFieldErrors(shown);
  // A device placed here is a change in itself.
  const dirty = isNew || isDeviceDirty(device, shown);

  const lookupMac = macToLookUp(values.mac, device.mac);
  const lookup = useMacLookup(lookupMac !== null && online ? lookupMac : null);
  const check = macCheckOf({ mac: values.mac, ownMac: device.mac, online, lookup: lookupMac ? lookup.data : undefined, lookupError: lookup.error });
  const notice = macNoticeOf(check, values.type, isStagedLike(device, isNew));
  const blocker = deviceSaveBlocker({ errors, dirty, check, notice });
  const resetsSettings = !isNew && (unlocked || values.mac !== device.mac || modelId !== device.modelId || values.firmwareVersionId !== device.firmwareVersionId);

  const modelOptions = useMemo(() => {
    if (models.data) return models.data.map((m) => ({ value: String(m.id), label: m.name }));
    // Until the models load (or offline), the device's own model stays selectable.
    return modelId === null ? [] : [{ value: String(modelId), label: `Model ${modelId}` }];
  }, [models.data, modelId]);
  const versionOptions = [
    { value: NONE, label: 'No version' },
    ...(model?.versions ?? []).map((v) => ({ value: String(v.id), label: v.isLatest ? `${v.version} (latest)` : v.version })),
  ];
  const zoneOptions = [{ value: NONE, label: 'No zone' }, ...zones.map((z) => ({ value: String(z.id), label: z.name }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocker !== null || modelId === null) return;
    onSubmit(deviceDraftOf(device, values, modelId));
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={isNew ? 'Add device' : 'Edit device'}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <MacInput
              value={values.mac}
              onChange={(mac) => set({ mac })}
              readOnly={macLocked}
              withAsterisk
              style={{ flex: 1 }}
              error={check.state === 'error' ? check.message : undefined}
              description={macLocked ? 'Locked: Change MAC to replace the device.' : check.state === 'checking' ? 'Checking the MAC…' : undefined}
              data-autofocus={isNew || undefined}
            />
            {macLocked ? (
              <Button variant="light" size="lg" mih={44} onClick={() => setUnlocked(true)}>
                Change MAC
              </Button>
            ) : (
              <Button variant="light" size="lg" mih={44} onClick={() => setScanning(true)}>
                Scan
              </Button>
            )}
          </Group>
          {resetsSettings && (
            <Alert color="yellow" variant="light" role="status">
              {DEVICE_NOTICES.resetsSettings}
            </Alert>
          )}
          {check.state === 'unchecked' && (
            <Alert color="gray" variant="light" role="status">
              {DEVICE_NOTICES.offline}
            </Alert>
          )}
          {notice && (
            <Alert color={notice.kind === 'typeMismatch' ? 'red' : 'yellow'} variant="light" role={notice.kind === 'typeMismatch' ? 'alert' : 'status'}>
              {notice.message}
            </Alert>
          )}
          <TextInput
            label="Name"
            withAsterisk
            maxLength={100}
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            onBlur={() => setNameLeft(true)}
            error={nameLeft || values.name !== device.name ? errors.name : undefined}
            errorProps={{ role: 'alert' }}
          />
          <Select
            label="Type"
            withAsterisk
            data={DEVICE_TYPE_OPTIONS}
            value={values.type}
            onChange={(value) => value && setValues((current) => withDeviceType(current, value as DeviceFormValues['type']))}
            readOnly={!typeEditable}
            description={typeEditable ? undefined : 'A published device keeps its type.'}
            allowDeselect={false}
          />
          <Select
            label="Model"
            withAsterisk
            data={modelOptions}
            value={modelId === null ? null : String(modelId)}
            onChange={(value) => setValues((current) => withDeviceModel(current, idOrNull(value)))}
            placeholder={models.isPending ? 'Loading…' : 'Select Model'}
            error={models.data === undefined && models.error ? models.error.message : models.data !== undefined ? errors.modelId : undefined}
            description={!online && models.data === undefined ? 'The models load when the connection is back.' : undefined}
            allowDeselect={false}
          />
          <Select
            label="Firmware version"
            data={versionOptions}
            value={values.firmwareVersionId === null ? NONE : String(values.firmwareVersionId)}
            onChange={(value) => set({ firmwareVersionId: idOrNull(value) })}
            disabled={!model}
            allowDeselect={false}
          />
          {values.type === 'DISPENSER' && (
            <Select
              label="Role"
              data={[{ value: NONE, label: 'No role' }, ...DISPENSER_ROLE_OPTIONS]}
              value={values.role ?? NONE}
              onChange={(value) => set({ role: value === null || value === NONE ? null : value })}
              allowDeselect={false}
            />
          )}
          {values.type === 'BEACON' && (
            <Select
              label="Physical role"
              data={[{ value: NONE, label: 'None' }, ...PHYSICAL_ROLE_OPTIONS]}
              value={values.physicalRole ?? NONE}
              onChange={(value) => set({ physicalRole: value === 'ROOM' || value === 'BED' ? value : null })}
              allowDeselect={false}
            />
          )}
          <Select
            label="Zone"
            data={zoneOptions}
            value={values.zoneId === null ? NONE : String(values.zoneId)}
            onChange={(value) => set({ zoneId: idOrNull(value) })}
            searchable={zones.length > 8}
            allowDeselect={false}
          />
          <EntityFormFooter showActive={!isNew} active={values.active} onActive={(active) => set({ active })} blocker={blocker} onCancel={onClose} />
        </Stack>
      </form>
      <CameraScanDialog
        opened={scanning}
        onClose={() => setScanning(false)}
        onScan={(scanned) => {
          set({ mac: scanned });
          setScanning(false);
        }}
      />
    </>
  );
}

/**
 * Add or edit a device of the Location Editor (docs/SCREENS.md 'Device form'): the MAC typed or scanned (an
 * existing device's locked until 'Change MAC', a dispenser's never), checked against the devices
 * that have it for a replacement; Save hands the edited draft to the page.
 */
export function DeviceDialog({ opened, device, isNew, zones, onSubmit, onClose }: DeviceDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={isNew ? 'Add device' : 'Edit device'} size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && device && (
        <DeviceForm key={device.id ?? device.clientId ?? 'new'} device={device} isNew={isNew} zones={zones} onSubmit={onSubmit} onClose={onClose} />
      )}
    </Modal>
  );
}
