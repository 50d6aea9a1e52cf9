import type { SettingView } from '@contracts/device-settings';
import { ActionIcon, ColorSwatch, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { CHANNEL_NAMES, CHANNELS, colorHex } from './color';
import { type FieldEdit, fieldError, fieldText, type TabState } from './settings-editor-state';
import { formatSettingValue, unitHint } from './setting-units';

// One control per setting type: switch → Switch, slider → a number field with −/+ buttons, colour
// → R, G and B fields with a swatch, label → read-only text. Each is named by the setting's label
// and described by its description. The −/+ buttons and fields get 44 px on touch screens from
// src/app/touch.css (ActionIcon and Input roots).

interface ControlProps {
  setting: SettingView;
  tab: TabState;
  onEdit: (edit: FieldEdit) => void;
}

function SwitchControl({ setting, tab, onEdit }: ControlProps) {
  return (
    <Switch
      label={setting.label}
      // Mantine puts the description inside the switch's <label>: name it by its label alone.
      aria-label={setting.label}
      description={setting.description}
      checked={(tab.edited[setting.label] ?? setting.default) !== 0}
      onChange={(event) => onEdit({ kind: 'value', value: event.currentTarget.checked ? 1 : 0 })}
    />
  );
}

function StepButton({ label, direction, onEdit }: { label: string; direction: 1 | -1; onEdit: ControlProps['onEdit'] }) {
  return (
    <ActionIcon variant="default" size="input-sm" aria-label={`${direction === 1 ? 'Increase' : 'Decrease'} ${label}`} onClick={() => onEdit({ kind: 'step', direction })}>
      <Text component="span" fw={600} aria-hidden>
        {direction === 1 ? '+' : '\u2212'}
      </Text>
    </ActionIcon>
  );
}

/** Edits the raw value in its stored unit; a value in ms or s shows its converted form next to it. */
function SliderControl({ setting, tab, onEdit }: ControlProps) {
  const hint = unitHint(tab.edited[setting.label] ?? setting.default, setting.unit);
  return (
    <TextInput
      label={setting.label}
      description={setting.description}
      value={fieldText(tab, setting.label)}
      error={fieldError(tab, setting.label)}
      // Phones' numeric keypads have no minus sign.
      inputMode={setting.min < 0 ? 'text' : 'numeric'}
      autoComplete="off"
      onChange={(event) => onEdit({ kind: 'text', text: event.currentTarget.value })}
      onBlur={() => onEdit({ kind: 'blur' })}
      rightSection={
        setting.unit ? (
          <Text size="xs" c="dimmed">
            {setting.unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={setting.unit ? 44 : undefined}
      inputContainer={(input) => (
        <Group gap={6} wrap="nowrap" align="center">
          <StepButton label={setting.label} direction={-1} onEdit={onEdit} />
          <div style={{ width: 120 }}>{input}</div>
          <StepButton label={setting.label} direction={1} onEdit={onEdit} />
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Group>
      )}
    />
  );
}

function ColorControl({ setting, tab, onEdit }: ControlProps) {
  const id = useId();
  const value = tab.edited[setting.label] ?? setting.default;
  return (
    <Stack gap={4} role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`}>
      <Text id={`${id}-label`} size="sm" fw={500}>
        {setting.label}
      </Text>
      <Text id={`${id}-description`} size="xs" c="dimmed">
        {setting.description}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {CHANNELS.map((channel) => (
          <TextInput
            key={channel}
            w={72}
            label={channel.toUpperCase()}
            aria-label={`${setting.label} ${CHANNEL_NAMES[channel]}`}
            inputMode="numeric"
            autoComplete="off"
            value={fieldText(tab, setting.label, channel)}
            error={fieldError(tab, setting.label, channel)}
            onChange={(event) => onEdit({ kind: 'text', text: event.currentTarget.value, channel })}
            onBlur={() => onEdit({ kind: 'blur', channel })}
          />
        ))}
        <Stack gap={4} align="center" pt={22}>
          <ColorSwatch component="span" color={colorHex(value)} size={28} aria-hidden />
          <Text size="xs" ff="monospace">
            {colorHex(value)}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

function LabelControl({ setting, tab }: ControlProps) {
  return (
    <TextInput
      label={setting.label}
      description={setting.description}
      value={formatSettingValue(setting, tab.edited[setting.label] ?? setting.default)}
      readOnly
      variant="filled"
    />
  );
}

/** The control of one setting, by its type. */
export function SettingControl(props: ControlProps) {
  switch (props.setting.type) {
    case 'switch':
      return <SwitchControl {...props} />;
    case 'slider':
      return <SliderControl {...props} />;
    case 'color':
      return <ColorControl {...props} />;
    case 'label':
      return <LabelControl {...props} />;
  }
}
