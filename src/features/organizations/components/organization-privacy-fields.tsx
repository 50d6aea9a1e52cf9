import { MultiSelect, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type { Group as Location } from '@contracts/entities';
import { RETENTION_DAYS } from '@contracts/privacy';
import { type Control, Controller } from 'react-hook-form';
import type { OrganizationFormValues } from '../organization-rules';

/** The organization form's Privacy section (docs/PRIVACY.md). */
export function OrganizationPrivacyFields({ control, ownLocations }: { control: Control<OrganizationFormValues>; ownLocations: readonly Location[] }) {
  return (
    <Stack gap="sm" role="group" aria-labelledby="organization-privacy">
      <Text fw={600} size="sm" mt="xs" id="organization-privacy">
        Privacy
      </Text>
      <Controller
        name="hideLeaderboards"
        control={control}
        render={({ field }) => (
          <Switch
            size="md"
            label="No leaderboards"
            // docs/PRIVACY.md 'No leaderboards'.
            description="No Top 10 and no user ranking of this organization's people, nor of those below it: each person sees their own figures, managers see professions and units."
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Controller
        name="groupOnlyLocationIds"
        control={control}
        render={({ field }) => (
          <MultiSelect
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value}
            onChange={field.onChange}
            label="Group-only units"
            // docs/PRIVACY.md 'Group-only units'.
            description={
              ownLocations.length
                ? "The people whose home is one of these locations, or below one, are named in reports only to themselves and the provider: everyone else sees professions, units and counts. Contact tracing still names them."
                : 'Once the organization has locations of its own, they can be made group-only here.'
            }
            data={ownLocations.map((l) => ({ value: String(l.id), label: l.name }))}
            disabled={ownLocations.length === 0}
            searchable
            clearable
            nothingFoundMessage="No locations"
          />
        )}
      />
      <Controller
        name="retentionDays"
        control={control}
        render={({ field, fieldState }) => (
          <NumberInput
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={Number.isFinite(field.value) ? field.value : ''}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
            label="Keep raw presence for (days)"
            // docs/PRIVACY.md 'Retention'.
            description={`Where staff were, room by room and bed by bed, is deleted after this many days, each night; the figures made from it stay. ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max} days; an organization above with fewer days sets the limit.`}
            min={RETENTION_DAYS.min}
            max={RETENTION_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            suffix=" days"
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
