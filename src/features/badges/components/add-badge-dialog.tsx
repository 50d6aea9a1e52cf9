import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { CameraScanDialog, isCompleteMac, MacInput } from '@/components/scanning';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { useDeviceModels } from '@/entities/devices/api/get-device-models';
import { useMacLookup } from '@/entities/devices/api/lookup-mac';
import { addBadgeBlocker, macCheckOf } from '../add-badge-rules';
import { useBadgeEdits } from '../use-badge-edits';

export interface AddBadgeDialogProps {
  opened: boolean;
  /** The location the badge is added at (the page's current one). */
  groupId: number;
  /** MACs already on screen, with their location: taken without asking the server. */
  knownMacs: ReadonlyMap<string, string>;
  onClose: () => void;
}

function AddBadgeForm({ groupId, knownMacs, onClose }: Omit<AddBadgeDialogProps, 'opened'>) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const { add } = useBadgeEdits();
  const models = useDeviceModels({ type: 'BADGE' });
  const [mac, setMac] = useState('');
  const [scanning, setScanning] = useState(false);
  const [modelId, setModelId] = useState<number | null>(null);
  const [versionId, setVersionId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const group = bootstrap.groups.find((g) => g.id === groupId);
  const organization = bootstrap.organizations.find((o) => o.id === group?.organizationId);
  // With a single model there is nothing to choose.
  const model = models.data?.find((m) => m.id === modelId) ?? (models.data?.length === 1 ? models.data[0] : undefined);
  const version = model?.versions.find((v) => v.id === versionId);

  const complete = isCompleteMac(mac);
  const lookup = useMacLookup(complete && online ? mac : null);
  const check = macCheckOf({
    complete,
    knownAt: knownMacs.get(mac) ?? null,
    online,
    lookup: complete ? lookup.data : undefined,
    lookupError: lookup.error,
  });
  const blocker = model ? addBadgeBlocker(version ? version.id : null, check) : 'Choose a model.';

  const modelOptions = useMemo(() => (models.data ?? []).map((m) => ({ value: String(m.id), label: m.name })), [models.data]);
  const versionOptions = (model?.versions ?? []).map((v) => ({ value: String(v.id), label: v.isLatest ? `${v.version} (latest)` : v.version }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocker !== null || !model || !version || !group) return;
    setBusy(true);
    try {
      const result = await add({
        body: { mac, type: 'BADGE', groupId, modelId: model.id, firmwareVersionId: version.id, active: true },
        groupName: group.name,
        organizationName: organization?.name ?? '',
        modelName: model.name,
        version: version.version,
      });
      if (result.state !== 'refused') onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add badge">
      <Stack gap="md">
        <Text size="sm">
          Location: <strong>{group?.name ?? '—'}</strong>
        </Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <MacInput
            value={mac}
            onChange={setMac}
            style={{ flex: 1 }}
            error={check.state === 'taken' || check.state === 'error' ? check.message : undefined}
            description={check.state === 'checking' ? 'Checking the MAC…' : undefined}
            data-autofocus
          />
          <Button variant="light" size="lg" mih={44} onClick={() => setScanning(true)}>
            Scan
          </Button>
        </Group>
        {check.state === 'unchecked' && (
          <Alert color="gray" variant="light" role="status">
            Offline: the MAC cannot be checked now. The badge is sent when the connection is back, and refused then if the MAC is taken.
          </Alert>
        )}
        <Select
          label="Model"
          data={modelOptions}
          value={model ? String(model.id) : null}
          onChange={(value) => {
            setModelId(value === null ? null : Number(value));
            setVersionId(null);
          }}
          placeholder={models.isPending ? 'Loading…' : 'Choose a model'}
          error={models.data === undefined && models.error ? models.error.message : undefined}
          description={!online && models.data === undefined ? 'The models load when the connection is back.' : undefined}
          allowDeselect={false}
        />
        <Select
          label="Firmware version"
          data={versionOptions}
          value={version ? String(version.id) : null}
          onChange={(value) => setVersionId(value === null ? null : Number(value))}
          placeholder="Choose a version"
          disabled={!model}
          allowDeselect={false}
        />
        {blocker && (
          <Text size="sm" c="dimmed" id="add-badge-blocker">
            {blocker}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            Cancel
          </Button>
          <Button type="submit" disabled={blocker !== null} loading={busy} mih={44} aria-describedby={blocker ? 'add-badge-blocker' : undefined}>
            Add
          </Button>
        </Group>
      </Stack>
      <CameraScanDialog
        opened={scanning}
        onClose={() => setScanning(false)}
        onScan={(scanned) => {
          setMac(scanned);
          setScanning(false);
        }}
        title="Scan badge"
      />
    </form>
  );
}

/** Add badge: a MAC typed or scanned, a model and a firmware version, at the page's location. */
export function AddBadgeDialog({ opened, onClose, ...rest }: AddBadgeDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add badge" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AddBadgeForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
