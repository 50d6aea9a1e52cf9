import { codeOptions } from '@/lib/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FileInput, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Group as Location, Organization } from '@contracts/entities';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { FloorPlanMap } from '@/components/floor-plan/floor-plan-map';
import { useSession } from '@/lib/session-context';
import type { LocationUpload } from '../api/save-location';
import {
  FLOORPLAN_ACCEPT,
  isFloorplanFile,
  LOCATION_PLACEHOLDERS,
  locationFormDefaults,
  locationFormSchema,
  visitDurationEditable,
  type LocationFormValues,
} from '../location-rules';

export interface LocationFormProps {
  opened: boolean;
  onClose: () => void;
  /** The location edited; null for a new one. */
  location: Location | null;
  /** The parent of a new location (null: a top location). */
  parent: Location | null;
  locations: readonly Location[];
  organizations: readonly Organization[];
  onSave: (values: LocationUpload) => Promise<unknown>;
}

/** Under the form after a Save with fields missing or wrong (each is marked, the first scrolled to). */
export const INCOMPLETE_LOCATION_MESSAGE = 'Some fields need a value or a correction: they are marked in red.';

type NumberField = Exclude<keyof LocationFormValues, 'name' | 'type' | 'organizationId' | 'address' | 'timeZone'>;

function SecondsField({ control, name, label, disabled, description }: { control: Control<LocationFormValues>; name: NumberField; label: string; disabled?: boolean; description?: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          label={label}
          description={description}
          inputMode="decimal"
          placeholder={LOCATION_PLACEHOLDERS[name]}
          disabled={disabled}
          error={fieldState.error?.message}
          withAsterisk={name !== 'mapScale' && name !== 'requiredVisitDuration'}
        />
      )}
    />
  );
}

/**
 * Add or edit a location (docs/SCREENS.md 'Locations'): Save only with changes; parent read-only;
 * visit duration only under the root.
 */
export function LocationForm({ opened, onClose, location, parent, locations, organizations, onSave }: LocationFormProps) {
  const { bootstrap } = useSession();
  const parentId = location ? location.parentId : (parent?.id ?? null);
  const parentName = parentId === null ? 'None (top level)' : (locations.find((l) => l.id === parentId)?.name ?? `Location ${parentId}`);
  const visitEditable = visitDurationEditable(parentId, locations);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LocationFormValues>({
    resolver: zodResolver(locationFormSchema),
    mode: 'onChange',
    defaultValues: locationFormDefaults(location, parent),
  });
  const organizationOptions = useMemo(
    () => organizations.filter((o) => o.accessible || o.id === location?.organizationId).map((o) => ({ value: String(o.id), label: o.name })),
    [organizations, location],
  );
  const dirty = formState.isDirty || file !== null;

  const submit = handleSubmit(async (v) => {
    const upload: LocationUpload = {
      ...(location ? { id: location.id } : {}),
      ...(parentId === null ? {} : { parentId }),
      organizationId: Number(v.organizationId),
      name: v.name,
      type: v.type,
      address: v.address,
      timeZone: v.timeZone,
      shiftLengthHours: Number(v.shiftLengthHours),
      requiredHandWashDuration: Number(v.requiredHandWashDuration),
      ...(visitEditable && v.requiredVisitDuration ? { requiredVisitDuration: Number(v.requiredVisitDuration) } : {}),
      beforeEntrySecondsToComply: Number(v.beforeEntrySecondsToComply),
      afterEntrySecondsToComply: Number(v.afterEntrySecondsToComply),
      beforeExitSecondsToComply: Number(v.beforeExitSecondsToComply),
      afterExitSecondsToComply: Number(v.afterExitSecondsToComply),
      mapScale: v.mapScale === '' ? null : Number(v.mapScale),
      floorplan: file,
    };
    await onSave(upload).catch(() => {
      // The page reported the failure; the form keeps what was typed.
    });
  });

  const pickFile = (picked: File | null) => {
    if (picked && !isFloorplanFile(picked)) {
      setFile(null);
      setFileError('The floor plan must be a png or jpeg image');
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={location ? `Edit ${location.name}` : 'Add location'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Location form">
        <Stack gap="sm">
          <Controller name="name" control={control} render={({ field, fieldState }) => <TextInput {...field} label="Name" withAsterisk error={fieldState.error?.message} />} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              name="type"
              control={control}
              render={({ field, fieldState }) => (
                <Select {...field} label="Type" withAsterisk data={codeOptions(bootstrap.enums.groupTypes)} error={fieldState.error?.message} allowDeselect={false} />
              )}
            />
            <Controller
              name="organizationId"
              control={control}
              render={({ field, fieldState }) => (
                <Select {...field} label="Organization" withAsterisk data={organizationOptions} searchable disabled={location !== null} error={fieldState.error?.message} allowDeselect={false} />
              )}
            />
          </SimpleGrid>
          <TextInput label="Parent" value={parentName} readOnly variant="filled" />
          <Controller name="address" control={control} render={({ field, fieldState }) => <TextInput {...field} label="Address" withAsterisk error={fieldState.error?.message} />} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              name="timeZone"
              control={control}
              render={({ field, fieldState }) => (
                <Select {...field} label="Time zone" withAsterisk data={bootstrap.enums.timeZones} error={fieldState.error?.message} allowDeselect={false} />
              )}
            />
            <SecondsField control={control} name="shiftLengthHours" label="Shift length (h)" />
            <SecondsField control={control} name="requiredHandWashDuration" label="Wash duration (s)" />
            <SecondsField
              control={control}
              name="requiredVisitDuration"
              label="Visit duration (s)"
              disabled={!visitEditable}
              description={visitEditable ? undefined : 'Set on the top location'}
            />
            <SecondsField control={control} name="beforeEntrySecondsToComply" label="Before entry (s)" />
            <SecondsField control={control} name="afterEntrySecondsToComply" label="After entry (s)" />
            <SecondsField control={control} name="beforeExitSecondsToComply" label="Before exit (s)" />
            <SecondsField control={control} name="afterExitSecondsToComply" label="After exit (s)" />
            <SecondsField control={control} name="mapScale" label="Map scale" />
          </SimpleGrid>
          {location?.floorplanImage && (
            <FloorPlanMap
              imageUrl={location.floorplanImage}
              label={`Floor plan of ${location.name}`}
              height={200}
              errorText="The floor plan has not been loaded on this device yet."
            />
          )}
          <FileInput
            label="Floor plan"
            description={location?.floorplanImage ? 'This location has a floor plan; a new file replaces it.' : 'png or jpeg, at most 10 MB'}
            accept={FLOORPLAN_ACCEPT}
            value={file}
            onChange={pickFile}
            clearable
            error={fileError}
            placeholder="Choose a png or jpeg"
          />
          {formState.errors.root && <Text c="red">{formState.errors.root.message}</Text>}
          {formState.submitCount > 0 && !formState.isValid && (
            <Text c="red" size="sm" role="alert">
              {INCOMPLETE_LOCATION_MESSAGE}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            {/* Not disabled while a field is wrong: Save then scrolls to the first one and marks every one (the form focuses it). */}
            <Button type="submit" mih={44} disabled={!dirty} loading={formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
