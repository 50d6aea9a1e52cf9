import { Badge, Button, Group, Menu, Text, VisuallyHidden } from '@mantine/core';

export interface CopySource {
  modelId: number;
  modelName: string;
  /** Only a tab whose settings are loaded can be copied from. */
  loaded: boolean;
}

export interface SettingsHeaderProps {
  deviceCount: number;
  modelName: string;
  versions: string[];
  /** The other tabs. */
  copySources: CopySource[];
  onCopy: (fromModelId: number) => void;
  onReset: () => void;
  onDefault: () => void;
}

/** Device count, model and version badges; 'Copy from' the other tabs; Reset (to desired) and Default links. */
export function SettingsHeader({ deviceCount, modelName, versions, copySources, onCopy, onReset, onDefault }: SettingsHeaderProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Text fw={500}>{deviceCount === 1 ? '1 device' : `${deviceCount} devices`}</Text>
        <Badge variant="light">
          <VisuallyHidden>Model </VisuallyHidden>
          {modelName}
        </Badge>
        {versions.map((version) => (
          <Badge key={version} variant="outline" color="gray">
            <VisuallyHidden>Version </VisuallyHidden>
            {version}
          </Badge>
        ))}
      </Group>
      <Group gap="xs">
        {copySources.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" size="compact-sm" mih={44}>
                Copy from
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>The edited values of</Menu.Label>
              {copySources.map((source) => (
                <Menu.Item key={source.modelId} disabled={!source.loaded} onClick={() => onCopy(source.modelId)}>
                  {source.loaded ? source.modelName : `${source.modelName} (open its tab first)`}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {/* Buttons of a finger's height (44 px) that read as links. */}
        <Button variant="subtle" size="compact-sm" mih={44} title="Back to the values the devices have" onClick={onReset}>
          Reset
        </Button>
        <Button variant="subtle" size="compact-sm" mih={44} title="Every setting to its default" onClick={onDefault}>
          Default
        </Button>
      </Group>
    </Group>
  );
}
