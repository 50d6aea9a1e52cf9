import { Button, Group, Switch, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * The end of the Device and Zone forms: the Active switch (only for an entity that exists),
 * why Save is disabled when it is, and Cancel and Save.
 */
export function EntityFormFooter({
  showActive,
  active,
  onActive,
  blocker,
  onCancel,
}: {
  showActive: boolean;
  active: boolean;
  onActive: (active: boolean) => void;
  /** Why Save is disabled (null: it is not). */
  blocker: string | null;
  onCancel: () => void;
}) {
  const blockerId = useId();
  return (
    <>
      {showActive && (
        <Switch size="md" label="Active" checked={active} onChange={(event) => onActive(event.currentTarget.checked)} />
      )}
      {blocker && (
        <Text size="sm" c="dimmed" id={blockerId}>
          {blocker}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} mih={44}>
          Cancel
        </Button>
        <Button type="submit" disabled={blocker !== null} mih={44} aria-describedby={blocker ? blockerId : undefined}>
          Save
        </Button>
      </Group>
    </>
  );
}
