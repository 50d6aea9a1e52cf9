import type { Preset } from '@contracts/operations';
import { Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { textProblem } from '@contracts/fields';
import { type MouseEvent, type ReactElement, useState } from 'react';

export const NEEDS_CONNECTION = 'Needs a connection';

/**
 * A preset action that needs the network: offline it looks disabled and says why in a tooltip.
 * It stays focusable (aria-disabled, not disabled), so the tooltip is reachable by keyboard too.
 */
export function OnlineOnly({ online, children }: { online: boolean; children: ReactElement }) {
  return (
    <Tooltip label={NEEDS_CONNECTION} disabled={online} events={{ hover: true, focus: true, touch: true }}>
      {children}
    </Tooltip>
  );
}

/** The props that make a button look and announce itself disabled offline, and do nothing then. */
export function onlineProps(online: boolean, action: () => void) {
  return {
    'data-disabled': online ? undefined : true,
    'aria-disabled': online ? undefined : true,
    onClick: (event: MouseEvent) => {
      if (!online) {
        event.preventDefault();
        return;
      }
      action();
    },
  };
}

function RenameForm({ preset, online, busy, onRename, onCancel }: { preset: Preset; online: boolean; busy: boolean; onRename: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(preset.name);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!online) return;
    const problem = name.trim() === '' ? 'A preset needs a name' : textProblem(name);
    if (problem) setError(problem);
    else onRename(name.trim());
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          aria-label="Preset name"
          value={name}
          maxLength={100}
          error={error}
          autoFocus
          // Escape cancels the rename; Mantine leaves the drawer open for an event marked so.
          data-mantine-stop-propagation
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        />
        <Group gap={4}>
          <OnlineOnly online={online}>
            <Button type="submit" size="compact-sm" loading={busy} data-disabled={online ? undefined : true} aria-disabled={online ? undefined : true}>
              Save
            </Button>
          </OnlineOnly>
          <Button size="compact-sm" variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface PresetRowProps {
  preset: Preset;
  editing: boolean;
  online: boolean;
  busy: boolean;
  onApply: () => void;
  onEdit: () => void;
  onRename: (name: string) => void;
  onCancelRename: () => void;
  onDelete: () => void;
}

/** One preset: Apply, Rename (inline) and Delete; renaming shows the name in a field with Save and Cancel. */
export function PresetRow({ preset, editing, online, busy, onApply, onEdit, onRename, onCancelRename, onDelete }: PresetRowProps) {
  return (
    <Paper component="li" withBorder p="xs" aria-label={preset.name}>
      {editing ? (
        <RenameForm preset={preset} online={online} busy={busy} onRename={onRename} onCancel={onCancelRename} />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} truncate="end" title={preset.name}>
            {preset.name}
          </Text>
          <Group gap={4}>
            <Button size="compact-sm" variant="light" aria-label={`Apply ${preset.name}`} onClick={onApply}>
              Apply
            </Button>
            <OnlineOnly online={online}>
              <Button size="compact-sm" variant="subtle" aria-label={`Rename ${preset.name}`} {...onlineProps(online, onEdit)}>
                Rename
              </Button>
            </OnlineOnly>
            <OnlineOnly online={online}>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${preset.name}`} {...onlineProps(online, onDelete)}>
                Delete
              </Button>
            </OnlineOnly>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
