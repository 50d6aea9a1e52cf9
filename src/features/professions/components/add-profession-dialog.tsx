import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { textField } from '@contracts/fields';
import { PROFESSION_NAME_MESSAGE, PROFESSION_NAME_MIN, professionCode } from '@contracts/professions';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

/**
 * Add Profession (docs/SCREENS.md 'Professions'): name required, at least 2 characters, trimmed,
 * nothing invisible (as the request's field).
 */
export const addProfessionSchema = z.object({ name: textField(80, { min: 1, minMessage: 'Name is required' }).min(PROFESSION_NAME_MIN, PROFESSION_NAME_MESSAGE) });
type AddProfessionValues = z.infer<typeof addProfessionSchema>;

export interface AddProfessionDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (name: string) => Promise<unknown>;
}

export function AddProfessionDialog({ opened, onClose, onAdd }: AddProfessionDialogProps) {
  const { control, handleSubmit, formState, watch } = useForm<AddProfessionValues>({
    resolver: zodResolver(addProfessionSchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const name = watch('name');
  const submit = handleSubmit(async (v) => {
    await onAdd(v.name).catch(() => {
      // The page reported the failure (a duplicate, say); the name stays to be corrected.
    });
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add Profession" size="sm" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add Profession">
        <Stack gap="sm">
          <Controller
            name="name"
            control={control}
            render={({ field, fieldState }) => <TextInput {...field} label="Name" withAsterisk data-autofocus error={fieldState.error?.message} />}
          />
          <Text size="sm" c="dimmed">
            ID: {name.trim() ? professionCode(name) : '—'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} disabled={!formState.isValid} loading={formState.isSubmitting}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
