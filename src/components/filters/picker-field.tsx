import { Combobox, Input, Popover, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A labelled field that shows its value on a button and opens a popover below it (the date
 * pickers' shared frame). Focus goes into the popover while it is open and back to the button.
 */
export function PickerField({
  label,
  value,
  opened,
  onOpenedChange,
  onToggle,
  children,
}: {
  label: string;
  /** The value as the button shows it. */
  value: ReactNode;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** A press on the button; by default it flips `opened`. */
  onToggle?: () => void;
  /** The popover's content. */
  children: ReactNode;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <Input.Wrapper label={label} id={id} size="md" labelElement="div" labelProps={{ id: labelId }}>
      <Popover id={id} opened={opened} onChange={onOpenedChange} position="bottom-start" shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <Input
            component="button"
            type="button"
            size="md"
            pointer
            aria-labelledby={`${labelId} ${id}`}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onClick={onToggle ?? (() => onOpenedChange(!opened))}
          >
            {value}
          </Input>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">{children}</Stack>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
