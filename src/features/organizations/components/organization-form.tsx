import { codeOptions } from '@/lib/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { MATCH_TOLERANCE_RANGE, MATCH_TOLERANCE_SECONDS } from '@contracts/observation-audits';
import type { OrganizationBody } from '@contracts/organizations';
import { RETENTION_DAYS } from '@contracts/privacy';
import type { Group as Location, Organization } from '@contracts/entities';
import type { AccountType } from '@contracts/permissions';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  allowedAccountTypes,
  defaultLocationChoices,
  needsDefaultLocation,
  ORGANIZATION_FORM_TYPES,
  organizationFormSchema,
  type OrganizationFormValues,
} from '../organization-rules';
import { OrganizationPrivacyFields } from './organization-privacy-fields';

export interface OrganizationFormProps {
  opened: boolean;
  onClose: () => void;
  /** The organization edited; null for a new one. */
  organization: Organization | null;
  /** The parent of a new organization (null: a top-level one, under organization 1). */
  parent: Organization | null;
  organizations: readonly Organization[];
  locations: readonly Location[];
  ownAccountType: AccountType;
  isEmployee: boolean;
  onSave: (body: OrganizationBody) => Promise<unknown>;
}

/**
 * Add or edit an organization (docs/SCREENS.md 'Organizations'): a default location for networks
 * and hospitals; Save only with changes.
 */
export function OrganizationForm({ opened, onClose, organization, parent, organizations, locations, ownAccountType, isEmployee, onSave }: OrganizationFormProps) {
  const parentId = organization ? organization.parentId : (parent?.id ?? 1);
  const parentOrg = organizations.find((o) => o.id === parentId) ?? null;
  const isRoot = organization?.parentId === null;
  // Its own locations, which may be group-only units (docs/PRIVACY.md 'Group-only units'); none for a new one.
  const ownLocations = useMemo(() => (organization ? locations.filter((l) => l.organizationId === organization.id) : []), [organization, locations]);
  const { control, handleSubmit, formState, watch, trigger } = useForm<OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: organization?.name ?? '',
      type: organization?.type ?? '',
      accountType: organization?.accountType ?? '',
      defaultLocationId: organization?.settings.defaultLocationId ? String(organization.settings.defaultLocationId) : '',
      auditMatchToleranceSeconds: organization?.settings.auditMatchToleranceSeconds ?? MATCH_TOLERANCE_SECONDS,
      hideLeaderboards: organization?.settings.hideLeaderboards ?? false,
      retentionDays: organization?.settings.retentionDays ?? RETENTION_DAYS.default,
      groupOnlyLocationIds: ownLocations.filter((l) => l.groupOnly).map((l) => String(l.id)),
    },
  });
  const type = watch('type');
  // Whether the values as they stand pass the form's rules, read from them on every render: the
  // form's own validity lagged one change behind a name pasted at once (Save stayed disabled).
  const valid = organizationFormSchema.safeParse(watch()).success;
  const accountTypes = useMemo(() => allowedAccountTypes(parentOrg, ownAccountType, isEmployee), [parentOrg, ownAccountType, isEmployee]);
  const locationOptions = useMemo(
    () => defaultLocationChoices(organization?.id ?? null, parentId, organizations, locations).map((l) => ({ value: String(l.id), label: l.name })),
    [organization, parentId, organizations, locations],
  );
  const types = isRoot ? ['PROVIDER'] : [...ORGANIZATION_FORM_TYPES];

  const submit = handleSubmit(async (v) => {
    const body: OrganizationBody = {
      ...(organization ? { id: organization.id } : {}),
      parentId,
      name: v.name,
      type: v.type as OrganizationBody['type'],
      accountType: v.accountType as AccountType,
      settings: {
        defaultLocationId: v.defaultLocationId ? Number(v.defaultLocationId) : null,
        auditMatchToleranceSeconds: v.auditMatchToleranceSeconds,
        hideLeaderboards: v.hideLeaderboards,
        retentionDays: v.retentionDays,
        ...(organization ? { groupOnlyLocationIds: v.groupOnlyLocationIds.map(Number) } : {}),
      },
    };
    await onSave(body).catch(() => {
      // The page reported the failure; the form keeps what was typed.
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={organization ? `Edit ${organization.name}` : 'Add organization'} size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Organization form">
        <Stack gap="sm">
          <TextInput label="Parent" value={parentOrg?.name ?? (parentId === null ? 'None (root)' : `Organization ${parentId}`)} readOnly variant="filled" />
          <Controller name="name" control={control} render={({ field, fieldState }) => <TextInput {...field} label="Name" withAsterisk error={fieldState.error?.message} />} />
          <Controller
            name="type"
            control={control}
            render={({ field, fieldState }) => (
              <Select
                {...field}
                // A network or a hospital needs a default location: say so as soon as the type asks for it.
                onChange={(value) => {
                  field.onChange(value);
                  void trigger('defaultLocationId');
                }}
                label="Type"
                withAsterisk
                data={codeOptions(types)}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            name="accountType"
            control={control}
            render={({ field, fieldState }) => <Select {...field} label="Account type" withAsterisk data={accountTypes} error={fieldState.error?.message} allowDeselect={false} />}
          />
          <Controller
            name="defaultLocationId"
            control={control}
            render={({ field, fieldState }) => (
              <Select
                {...field}
                // The form keeps '' for none; the select says none with null (a cleared select gives null back).
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                label="Default location"
                withAsterisk={needsDefaultLocation(type)}
                data={locationOptions}
                searchable
                clearable={!needsDefaultLocation(type)}
                nothingFoundMessage="No locations"
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="auditMatchToleranceSeconds"
            control={control}
            render={({ field, fieldState }) => (
              <NumberInput
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={Number.isFinite(field.value) ? field.value : ''}
                // Emptied, the field holds no number: the rule says what it needs.
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                label="Observation audit match tolerance (seconds)"
                description={`How far apart an observer's record and a sensor's opportunity on its units may be and still match: ${MATCH_TOLERANCE_RANGE.min} to ${MATCH_TOLERANCE_RANGE.max} s.`}
                min={MATCH_TOLERANCE_RANGE.min}
                max={MATCH_TOLERANCE_RANGE.max}
                allowDecimal={false}
                allowNegative={false}
                // Typed, not stepped: the stepper's arrows are too small to touch.
                hideControls
                suffix=" s"
                error={fieldState.error?.message}
              />
            )}
          />
          <OrganizationPrivacyFields control={control} ownLocations={ownLocations} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} disabled={!formState.isDirty || !valid} loading={formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
