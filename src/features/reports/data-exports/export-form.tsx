import { Alert, Button, Group, Modal, Select, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { textProblem } from '@contracts/fields';
import {
  EXPORT_PARAMETER_TYPES,
  nameMessage,
  organizationsMessage,
  parametersMessage,
  sqlMessage,
  typedParameters,
  type CreateDataExportBody,
  type ExportParameterType,
} from '@contracts/reports/data-exports';
import { TreeMultiSelect, type TreeNode } from '@/components/filters';

const TYPE_LABELS: Record<ExportParameterType, string> = { integer: 'Integer', boolean: 'Boolean', text: 'Text', date: 'Date' };
const TYPE_OPTIONS = EXPORT_PARAMETER_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

export interface ExportDraft {
  name: string;
  sqlQuery: string;
  organizationsIds: number[];
  types: Record<string, ExportParameterType | undefined>;
}

export const STEP_LABELS = ['Name', 'SQL', 'Organizations', 'Parameters'] as const;

/**
 * The form's message for one step, or null when it may go on. The name and the SQL are
 * also refused, as the server refuses them, for invisible and control characters (the SQL may
 * have line breaks and tabs).
 */
export function stepMessage(step: number, draft: ExportDraft): string | null {
  switch (step) {
    case 0:
      return nameMessage(draft.name) ?? textProblem(draft.name);
    case 1:
      return (draft.sqlQuery.trim() !== '' && textProblem(draft.sqlQuery, { multiLine: true })) || sqlMessage(draft.sqlQuery);
    case 2:
      return organizationsMessage(draft.organizationsIds);
    default:
      return parametersMessage(draft.sqlQuery, parametersOf(draft));
  }
}

/** The typed parameters of the draft, one per `:name` of its SQL (the date range's need none). */
export function parametersOf(draft: ExportDraft): { parameter: string; type: ExportParameterType | undefined }[] {
  return typedParameters(draft.sqlQuery).map((parameter) => ({ parameter, type: draft.types[parameter] }));
}

export function bodyOf(draft: ExportDraft): CreateDataExportBody {
  return {
    name: draft.name.trim(),
    sqlQuery: draft.sqlQuery.trim(),
    organizationsIds: draft.organizationsIds,
    parameters: parametersOf(draft).map(({ parameter, type }) => ({ parameter, type: type! })),
  };
}

const FIELDS: Record<string, { step: number; label: string }> = {
  name: { step: 0, label: 'Name' },
  sqlQuery: { step: 1, label: 'SQL query' },
  organizationsIds: { step: 2, label: 'Organizations' },
  parameters: { step: 3, label: 'Parameters' },
};

/**
 * Where the server's refusal of a save belongs: the step of the field its message names
 * ('… (body/sqlQuery)'), with the message in plain words (without the field's path); else the
 * last step, as it came.
 */
export function refusalOf(message: string, last: number): { step: number; message: string } {
  const found = /^(.*?)\s*\(body\/(\w+)[^)]*\)\s*$/.exec(message);
  const field = found ? FIELDS[found[2] ?? ''] : undefined;
  if (!found || !field) return { step: last, message };
  const words = found[1] ?? '';
  // The schema's messages start in lower case, after the field they are about.
  return { step: field.step, message: /^[a-z]/.test(words) ? `${field.label} ${words}` : words };
}

const EMPTY: ExportDraft = { name: '', sqlQuery: '', organizationsIds: [], types: {} };

/** The multi-step form that adds an export (employees): name, SQL, organizations, parameter types. */
export function ExportForm({
  organizations,
  onSave,
  onCancel,
  offline,
}: {
  organizations: readonly TreeNode[];
  onSave: (body: CreateDataExportBody) => Promise<unknown>;
  onCancel: () => void;
  offline: boolean;
}) {
  const [draft, setDraft] = useState<ExportDraft>(EMPTY);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = STEP_LABELS.length - 1;
  const change = (next: Partial<ExportDraft>) => {
    setDraft({ ...draft, ...next });
    setShown(null);
    setError(null);
  };
  const next = async () => {
    const message = stepMessage(step, draft);
    setShown(message);
    if (message) return;
    if (step < last) {
      setStep(step + 1);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(bodyOf(draft));
    } catch (caught) {
      // A field the server refused: back on its step, said there in plain words, cleared once changed.
      const refusal = refusalOf(caught instanceof Error ? caught.message : String(caught), last);
      if (refusal.step === last) setError(refusal.message);
      else {
        setStep(refusal.step);
        setShown(refusal.message);
      }
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    setShown(null);
    setStep(Math.max(0, step - 1));
  };
  const parameters = parametersOf(draft);
  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        {STEP_LABELS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      {step === 0 && (
        <TextInput label="Name" value={draft.name} error={shown !== null} onChange={(event) => change({ name: event.currentTarget.value })} size="md" data-autofocus />
      )}
      {step === 1 && (
        <Textarea
          label="SQL query"
          description="Over the views of schema export_views. :startDate and :endDate take the request's date range; any other :name is a parameter."
          value={draft.sqlQuery}
          error={shown !== null}
          onChange={(event) => change({ sqlQuery: event.currentTarget.value })}
          rows={8}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
      {step === 2 && <TreeMultiSelect label="Organizations" nodes={organizations} value={draft.organizationsIds} onChange={(ids) => change({ organizationsIds: ids })} />}
      {step === 3 &&
        (parameters.length === 0 ? (
          <Text c="dimmed">This query has no parameters besides the date range.</Text>
        ) : (
          parameters.map(({ parameter, type }) => (
            <Select
              key={parameter}
              label={`Type of :${parameter}`}
              data={TYPE_OPTIONS}
              value={type ?? null}
              onChange={(value) => change({ types: { ...draft.types, [parameter]: (value as ExportParameterType | null) ?? undefined } })}
              placeholder="Choose a type"
              size="md"
            />
          ))
        ))}
      {shown && (
        <Text c="red" size="sm" role="alert">
          {shown}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {offline && step === last && (
        <Alert color="gray" variant="light">
          Saving an export needs the connection.
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" size="md" onClick={onCancel}>
          Cancel
        </Button>
        <Group gap="sm">
          <Button variant="default" size="md" onClick={back} disabled={step === 0}>
            Back
          </Button>
          <Button size="md" onClick={() => void next()} loading={busy} disabled={step === last && offline}>
            {step === last ? 'Save' : 'Next'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function ExportFormDialog({
  opened,
  onClose,
  ...props
}: { opened: boolean; onClose: () => void } & Omit<Parameters<typeof ExportForm>[0], 'onCancel'>) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add data export" size="xl" closeOnEscape={false}>
      {opened && <ExportForm {...props} onCancel={onClose} />}
    </Modal>
  );
}
