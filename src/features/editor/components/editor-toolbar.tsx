import { Button, Group } from '@mantine/core';
import type { EditorTool } from './editor-canvas';

/**
 * The editor's tools, for touch what the keys and Shift/Alt do with a mouse: Add device, Draw zone
 * and Delete (each pressed stays on), Undo, Redo, Save, Publish and Cancel. 44 px each.
 */
export function EditorToolbar({
  editing,
  tool,
  canUndo,
  canRedo,
  changed,
  stagedCount,
  disabled,
  saving,
  onEdit,
  onTool,
  onUndo,
  onRedo,
  onSave,
  onPublish,
  onCancel,
}: {
  editing: boolean;
  tool: EditorTool;
  canUndo: boolean;
  canRedo: boolean;
  changed: boolean;
  /** Staged entities Publish would make live. */
  stagedCount: number;
  disabled: boolean;
  saving: boolean;
  onEdit: () => void;
  onTool: (tool: EditorTool) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onPublish: () => void;
  onCancel: () => void;
}) {
  if (!editing) {
    return (
      <Group gap="xs" role="toolbar" aria-label="Editor tools">
        <Button mih={44} onClick={onEdit} disabled={disabled}>
          Edit
        </Button>
      </Group>
    );
  }
  const toolButton = (value: EditorTool, label: string, title: string, color?: string) => (
    <Button mih={44} variant={tool === value ? 'filled' : 'default'} color={tool === value ? color : undefined} aria-pressed={tool === value} title={title} onClick={() => onTool(tool === value ? 'select' : value)}>
      {label}
    </Button>
  );
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Editor tools">
      {toolButton('device', 'Add device', 'Add device (Shift+click)')}
      {toolButton('zone', 'Draw zone', 'Draw zone (Shift+drag draws a rectangle)')}
      {toolButton('delete', 'Delete', 'Delete mode (Alt)', 'red')}
      <Button mih={44} variant="default" onClick={onUndo} disabled={!canUndo} title="Undo (Ctrl+Z)">
        Undo
      </Button>
      <Button mih={44} variant="default" onClick={onRedo} disabled={!canRedo} title="Redo (Ctrl+R)">
        Redo
      </Button>
      <Button mih={44} onClick={onSave} disabled={!changed} loading={saving} title="Save (Ctrl+S)">
        Save
      </Button>
      <Button mih={44} variant="light" onClick={onPublish} disabled={!changed && stagedCount === 0} loading={saving}>
        Publish{stagedCount > 0 ? ` (${stagedCount} staged)` : ''}
      </Button>
      <Button mih={44} variant="subtle" onClick={onCancel} title="Cancel (Escape)">
        Cancel
      </Button>
    </Group>
  );
}
