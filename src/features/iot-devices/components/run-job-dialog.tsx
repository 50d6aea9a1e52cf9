import type { JobTemplate, Thing } from '@contracts/iot';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useMemo, useState } from 'react';
import { todayUtc } from '@/components/filters';
import { LoadError } from '@/components/load-error';
import { useJobTemplates } from '../api/get-job-templates';
import { defaultValues, emptyJobForm, hasErrors, jobBody, validateJobForm, type JobFormState } from '../job-form';
import type { RunJobPayload } from '../outbox-handlers';
import { JobParameterField } from './job-parameter-field';


function DeviceSummary({ devices }: { devices: readonly Thing[] }) {
  if (devices.length === 0) return <Text c="dimmed">No devices selected</Text>;
  const shown = devices.slice(0, 6).map((d) => d.name).join(', ');
  return (
    <Text size="sm" role="status">
      {devices.length === 1 ? '1 device' : `${devices.length} devices`}: {shown}
      {devices.length > 6 ? ` and ${devices.length - 6} more` : ''}
    </Text>
  );
}

/**
 * The job form (docs/IOT.md 'Job form'): a template, a name, a description, the template's parameters,
 * and now or a scheduled start; Submit queues the job for the given devices through the outbox.
 */
export function RunJobDialog({
  devices,
  groupId,
  opened,
  onClose,
  onSubmit,
}: {
  devices: readonly Thing[];
  groupId: number | null;
  opened: boolean;
  onClose: () => void;
  onSubmit: (payload: RunJobPayload) => Promise<void>;
}) {
  const templates = useJobTemplates(opened);
  const [form, setForm] = useState<JobFormState>(emptyJobForm);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (opened) {
      setForm(emptyJobForm());
      setTouched(false);
    }
  }, [opened]);
  const template = useMemo(() => templates.data?.find((t) => t.id === form.templateId) ?? null, [templates.data, form.templateId]);
  const errors = validateJobForm(form, template, devices.length, Date.now());
  const blocked = hasErrors(errors, template) || groupId === null;
  // The name follows the template until the user writes one of their own.
  const chooseTemplate = (t: JobTemplate | undefined) =>
    setForm((f) => {
      const autoNamed = f.name === '' || f.name === template?.name;
      return { ...f, templateId: t?.id ?? null, values: t ? defaultValues(t) : {}, name: autoNamed ? (t?.name ?? '') : f.name };
    });

  const submit = async () => {
    setTouched(true);
    if (blocked || !template || groupId === null) return;
    setSending(true);
    try {
      await onSubmit({ body: jobBody(form, template, groupId, devices.map((d) => d.awsId)), templateName: template.name, thingIds: devices.map((d) => d.id) });
      onClose();
    } finally {
      setSending(false);
    }
  };
  const shownError = (error: string | undefined) => (touched ? error : undefined);

  return (
    <Modal opened={opened} onClose={onClose} title="Run Job" size="lg" closeButtonProps={{ 'aria-label': 'Close', size: 44 }}>
      <Stack gap="sm">
        <DeviceSummary devices={devices} />
        {templates.isPending ? (
          <Loader aria-label="Loading job templates" />
        ) : templates.isError && !templates.data ? (
          <LoadError error={templates.error} title="Failed to fetch job templates" />
        ) : (
          <Select
            label="Job template"
            required
            placeholder="Choose a template"
            data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={form.templateId === null ? null : String(form.templateId)}
            onChange={(v) => chooseTemplate(templates.data?.find((t) => String(t.id) === v))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {template && <Text size="sm" c="dimmed">{template.description || 'No description provided.'}</Text>}
        <TextInput label="Job name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={shownError(errors.name)} maxLength={100} />
        <Textarea label="Description" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} error={errors.description} maxLength={1000} autosize minRows={2} />
        {template?.template.parameters.map((p) => (
          <JobParameterField
            key={`${template.id}:${p.name}`}
            parameter={p}
            value={form.values[p.name] ?? null}
            onChange={(value) => setForm((f) => ({ ...f, values: { ...f.values, [p.name]: value } }))}
            error={shownError(errors.parameters[p.name])}
          />
        ))}
        <Switch label="Schedule for later" checked={form.scheduled} onChange={(e) => setForm({ ...form, scheduled: e.currentTarget.checked })} size="md" />
        {form.scheduled && (
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Start date"
              required
              min={todayUtc()}
              value={form.startDate ?? ''}
              onChange={(e) => setForm({ ...form, startDate: e.currentTarget.value || null })}
              error={shownError(errors.startAt)}
            />
            <TimeInput label="Start time" required value={form.startTime} onChange={(e) => setForm({ ...form, startTime: e.currentTarget.value })} />
          </Group>
        )}
        {touched && errors.devices && <Alert color="red">{errors.devices}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            Cancel
          </Button>
          <Button mih={44} loading={sending} disabled={!template || form.name.trim() === '' || devices.length === 0} onClick={() => void submit()}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
