import { Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { ZoneType } from '@contracts/devices';
import { type FormEvent, useState } from 'react';
import type { ZoneDraft } from '../editor-drafts';
import {
  isZoneDirty,
  REMINDER_INTERVAL,
  ZONE_TYPE_GROUPS,
  zoneDraftOf,
  zoneFieldErrors,
  type ZoneFormValues,
  zoneFormValuesOf,
  zoneSaveBlocker,
} from '../zone-rules';
import { EntityFormFooter } from './entity-form-footer';

export interface ZoneDialogProps {
  opened: boolean;
  zone: ZoneDraft | null;
  /** A zone drawn here and not saved yet. */
  isNew: boolean;
  /** Receives the edited draft; the page stages and queues it. */
  onSubmit: (zone: ZoneDraft) => void;
  onClose: () => void;
}

function ZoneForm({ zone, isNew, onSubmit, onClose }: Omit<ZoneDialogProps, 'opened' | 'zone'> & { zone: ZoneDraft }) {
  const [initial] = useState(() => zoneFormValuesOf(zone));
  const [values, setValues] = useState<ZoneFormValues>(initial);
  const [nameLeft, setNameLeft] = useState(false);
  const set = (patch: Partial<ZoneFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const errors = zoneFieldErrors(values);
  // A zone drawn here is a change in itself.
  const blocker = zoneSaveBlocker(errors, isNew || isZoneDirty(initial, values));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocker === null) onSubmit(zoneDraftOf(zone, values));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? 'Add zone' : 'Edit zone'}>
      <Stack gap="md">
        <TextInput
          label="Name"
          withAsterisk
          maxLength={100}
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          onBlur={() => setNameLeft(true)}
          error={nameLeft || values.name !== initial.name ? errors.name : undefined}
          errorProps={{ role: 'alert' }}
          data-autofocus
        />
        <Select
          label="Type"
          withAsterisk
          data={ZONE_TYPE_GROUPS}
          value={values.type}
          onChange={(value) => value && set({ type: value as ZoneType })}
          allowDeselect={false}
        />
        {values.type === 'REMINDER' && (
          <NumberInput
            label="Reminder interval (minutes)"
            withAsterisk
            size="md"
            value={values.interval}
            onChange={(interval) => set({ interval })}
            min={REMINDER_INTERVAL.min}
            max={REMINDER_INTERVAL.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={errors.interval}
            errorProps={{ role: 'alert' }}
          />
        )}
        {zone.ehrId && <TextInput label="EHR id" value={zone.ehrId} readOnly variant="filled" />}
        <EntityFormFooter showActive={!isNew} active={values.active} onActive={(active) => set({ active })} blocker={blocker} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Add or edit a zone of the Location Editor (docs/SCREENS.md 'Zone form'); Save hands the edited draft to the page. */
export function ZoneDialog({ opened, zone, isNew, onSubmit, onClose }: ZoneDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={isNew ? 'Add zone' : 'Edit zone'} size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && zone && <ZoneForm key={zone.id ?? zone.clientId ?? 'new'} zone={zone} isNew={isNew} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}
