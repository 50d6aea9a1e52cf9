import type { Gateway } from '@contracts/gateways';
import { Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { packageChoices, planSoftwareUpdate } from '../software-plan';
import type { SoftwareUpdatePayload } from '../outbox-handlers';

const NONE = '';

/**
 * Software update jobs for the chosen gateways (docs/GATEWAYS.md 'Software jobs'): a version per package (its
 * latest unless changed, or none), what each gateway will get and why any gets nothing; Dispatch
 * queues one job per gateway through the outbox.
 */
export function SoftwareUpdateDialog({
  gateways,
  opened,
  onClose,
  onDispatch,
}: {
  gateways: readonly Gateway[];
  opened: boolean;
  onClose: () => void;
  onDispatch: (payloads: SoftwareUpdatePayload[]) => Promise<void>;
}) {
  const choices = useMemo(() => packageChoices(gateways), [gateways]);
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const [sending, setSending] = useState(false);
  // Each time it opens: every package at its latest version.
  useEffect(() => {
    if (opened) setChosen(Object.fromEntries(choices.map((c) => [c.packageName, c.latest ?? c.versions[0] ?? null])));
  }, [opened, choices]);
  const plan = useMemo(() => planSoftwareUpdate(gateways, chosen), [gateways, chosen]);

  const dispatch = async () => {
    setSending(true);
    try {
      await onDispatch(plan.payloads);
      onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Update software" size="lg">
      <Stack gap="sm">
        {choices.length === 0 ? (
          <Text c="dimmed">No software versions are available for the chosen gateways.</Text>
        ) : (
          choices.map((c) => (
            <Select
              key={c.packageName}
              label={c.packageName}
              data={[{ value: NONE, label: 'Do not update' }, ...c.versions.map((v) => ({ value: v, label: v === c.latest ? `${v} (latest)` : v }))]}
              value={chosen[c.packageName] ?? NONE}
              onChange={(value) => setChosen((current) => ({ ...current, [c.packageName]: value || null }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ))
        )}
        <Text size="sm" role="status">
          {plan.payloads.length === 1 ? '1 gateway will be updated.' : `${plan.payloads.length} gateways will be updated.`}
        </Text>
        {plan.skipped.length > 0 && (
          <List size="sm" aria-label="Not updated">
            {plan.skipped.map(({ gateway, reason }) => (
              <List.Item key={gateway.id}>
                {gateway.name}: {reason}
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            Cancel
          </Button>
          <Button onClick={() => void dispatch()} loading={sending} disabled={plan.payloads.length === 0} mih={44}>
            Dispatch
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
