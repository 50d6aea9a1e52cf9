import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { textProblem } from '@contracts/fields';
import { passwordChecklist } from '@contracts/password';
import { PasswordChecklist } from '@/components/password-checklist';
import { type ReactNode, useEffect, useState } from 'react';
import { MY_ACCOUNT_TITLES, passwordMismatch } from '../my-account-rules';

function Popup({ title, opened, onClose, busy, canSave, onSave, children }: {
  title: string;
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  canSave: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) onSave();
        }}
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} loading={busy} disabled={!canSave}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Change your name': neither name may be left empty. */
export function NamePopup({ opened, onClose, firstName, lastName, busy, onSave }: {
  opened: boolean;
  onClose: () => void;
  firstName: string;
  lastName: string;
  busy: boolean;
  onSave: (names: { firstName: string; lastName: string }) => void;
}) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  useEffect(() => {
    if (opened) {
      setFirst(firstName);
      setLast(lastName);
    }
  }, [opened, firstName, lastName]);
  const [firstProblem, lastProblem] = [textProblem(first), textProblem(last)];
  const canSave = first.trim() !== '' && last.trim() !== '' && !firstProblem && !lastProblem && (first.trim() !== firstName || last.trim() !== lastName);
  return (
    <Popup title={MY_ACCOUNT_TITLES.name} opened={opened} onClose={onClose} busy={busy} canSave={canSave} onSave={() => onSave({ firstName: first.trim(), lastName: last.trim() })}>
      <TextInput label="First Name" value={first} error={firstProblem} onChange={(e) => setFirst(e.currentTarget.value)} data-autofocus />
      <TextInput label="Last Name" value={last} error={lastProblem} onChange={(e) => setLast(e.currentTarget.value)} />
    </Popup>
  );
}

/** One text field popup: email or phone. */
export function FieldPopup({ title, label, type, opened, onClose, initial, format, error, busy, onSave }: {
  title: string;
  label: string;
  type: 'email' | 'tel';
  opened: boolean;
  onClose: () => void;
  initial: string;
  format?: (value: string) => string;
  error: (value: string) => string | null;
  busy: boolean;
  onSave: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (opened) setValue(initial);
  }, [opened, initial]);
  const problem = error(value);
  return (
    <Popup title={title} opened={opened} onClose={onClose} busy={busy} canSave={!problem && value !== initial} onSave={() => onSave(value)}>
      <TextInput label={label} type={type} value={value} error={problem} onChange={(e) => setValue(format ? format(e.currentTarget.value) : e.currentTarget.value)} data-autofocus />
    </Popup>
  );
}

/** 'Set your password': typed twice, with the sign-in screens' live checklist (docs/SCREENS.md 'My Account'); Save waits until every rule passes. */
export function PasswordPopup({
  opened,
  onClose,
  busy,
  onSave,
  username,
}: {
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onSave: (password: string) => void;
  /** The account name the password may not contain. */
  username: string;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  useEffect(() => {
    if (opened) {
      setPassword('');
      setConfirmation('');
    }
  }, [opened]);
  const mismatch = passwordMismatch(password, confirmation);
  const items = passwordChecklist(password, confirmation, { username });
  return (
    <Popup title={MY_ACCOUNT_TITLES.password} opened={opened} onClose={onClose} busy={busy} canSave={items.every((item) => item.met)} onSave={() => onSave(password.trim())}>
      <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} data-autofocus />
      <PasswordInput label="Confirm new password" autoComplete="new-password" value={confirmation} error={mismatch} onChange={(e) => setConfirmation(e.currentTarget.value)} />
      <div aria-live="polite">
        <PasswordChecklist items={items} />
      </div>
    </Popup>
  );
}
