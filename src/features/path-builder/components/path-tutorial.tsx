import { Button, Group, List, Modal, Stepper, Text } from '@mantine/core';
import { useState } from 'react';

const STEPS = [
  {
    label: 'Draw',
    body: (
      <List spacing="xs">
        <List.Item>Choose Draw, then tap the plan where a walking path starts.</List.Item>
        <List.Item>Tap at each turn: every tap adds a straight segment from the last point. A tap near a path’s end or a device joins it.</List.Item>
        <List.Item>Tap the last point again, or press Escape, to finish the line. Drag to move the plan and pinch to zoom as usual.</List.Item>
      </List>
    ),
  },
  {
    label: 'Delete',
    body: (
      <List spacing="xs">
        <List.Item>Choose Delete and tap a path to mark it for removal; tap it again to keep it.</List.Item>
        <List.Item>The list beside the plan does the same with its Delete and Keep buttons.</List.Item>
        <List.Item>Undo and Redo take back or repeat your last steps.</List.Item>
      </List>
    ),
  },
  {
    label: 'Save',
    body: (
      <List spacing="xs">
        <List.Item>Save sends what you drew and removed. Until then your drawing stays on this device, even after a reload.</List.Item>
        <List.Item>Without signal, saved paths are kept on this device, marked Pending, and sent when the connection is back.</List.Item>
        <List.Item>Cancel discards what was not saved.</List.Item>
      </List>
    ),
  },
] as const;

/** The Path Builder's three-step tutorial (docs/SCREENS.md 'The tutorial'). */
export function PathTutorial({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const close = () => {
    onClose();
    setStep(0);
  };
  const last = step === STEPS.length - 1;
  return (
    <Modal opened={opened} onClose={close} title="How to build paths" size="lg" centered>
      <Stepper active={step} onStepClick={setStep} size="sm" mb="md">
        {STEPS.map((s) => (
          <Stepper.Step key={s.label} label={s.label} />
        ))}
      </Stepper>
      <Text component="div" size="sm">
        {STEPS[step]?.body}
      </Text>
      <Group justify="space-between" mt="lg">
        <Button variant="default" mih={44} onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
          Back
        </Button>
        <Button mih={44} onClick={last ? close : () => setStep((s) => s + 1)}>
          {last ? 'Done' : 'Next'}
        </Button>
      </Group>
    </Modal>
  );
}
