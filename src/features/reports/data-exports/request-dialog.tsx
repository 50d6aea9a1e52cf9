import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DataExport, ExportParameter } from '@contracts/reports/data-exports';
import { addDays, todayUtc } from '@/components/filters';
import { dateRangeMessage, requestQuery, requestReady, valueMessage, type RequestValues } from './request-rules';

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** One input per parameter, by its type. */
function ParameterInput({ parameter, value, onChange }: { parameter: ExportParameter; value: string; onChange: (value: string) => void }) {
  const label = parameter.parameter;
  const error = value === '' ? undefined : (valueMessage(parameter, value) ?? undefined);
  switch (parameter.type) {
    case 'integer':
      return (
        <NumberInput
          label={label}
          value={value}
          allowDecimal={false}
          onChange={(next) => onChange(next === '' ? '' : String(next))}
          error={error}
          size="md"
        />
      );
    case 'boolean':
      return <Select label={label} data={BOOLEAN_OPTIONS} value={value || null} onChange={(next) => onChange(next ?? '')} placeholder="Choose" size="md" allowDeselect={false} />;
    case 'date':
      return <TextInput type="date" label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} size="md" />;
    case 'text':
      return <TextInput label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} size="md" />;
  }
}

/**
 * The request dialog of an export: its date range (required) and one input per parameter. The run
 * button enables once the range is valid and every parameter but an organization or group one is filled.
 */
export function RequestDialog({
  dataExport,
  onClose,
  onRequest,
  offline,
}: {
  dataExport: DataExport | null;
  onClose: () => void;
  onRequest: (query: Record<string, string>) => Promise<unknown>;
  offline: boolean;
}) {
  return (
    <Modal opened={dataExport !== null} onClose={onClose} title={dataExport ? `Request ${dataExport.name}` : ''} size="lg">
      {dataExport && <RequestForm key={dataExport.id} dataExport={dataExport} onClose={onClose} onRequest={onRequest} offline={offline} />}
    </Modal>
  );
}

export function RequestForm({
  dataExport,
  onClose,
  onRequest,
  offline,
  today = todayUtc(),
}: {
  dataExport: DataExport;
  onClose: () => void;
  onRequest: (query: Record<string, string>) => Promise<unknown>;
  offline: boolean;
  today?: string;
}) {
  const [request, setRequest] = useState<RequestValues>({ startDate: addDays(today, -6), endDate: today, values: {} });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rangeMessage = dateRangeMessage(request.startDate, request.endDate);
  const ready = requestReady(dataExport.parameters, request) && !offline && !busy;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRequest(requestQuery(dataExport.parameters, request));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Start date"
          value={request.startDate}
          onChange={(event) => setRequest({ ...request, startDate: event.currentTarget.value })}
          size="md"
          required
        />
        <TextInput
          type="date"
          label="End date"
          value={request.endDate}
          onChange={(event) => setRequest({ ...request, endDate: event.currentTarget.value })}
          size="md"
          required
        />
      </Group>
      {rangeMessage && (
        <Text c="red" size="sm" role="alert">
          {rangeMessage}
        </Text>
      )}
      {dataExport.parameters.map((parameter) => (
        <ParameterInput
          key={parameter.parameter}
          parameter={parameter}
          value={request.values[parameter.parameter] ?? ''}
          onChange={(value) => setRequest({ ...request, values: { ...request.values, [parameter.parameter]: value } })}
        />
      ))}
      {offline && (
        <Alert color="gray" variant="light">
          Requesting an export needs the connection: it runs on the server.
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onClose}>
          Cancel
        </Button>
        <Button size="md" disabled={!ready} loading={busy} onClick={() => void run()}>
          Run export
        </Button>
      </Group>
    </Stack>
  );
}
