import type { JobParameter } from '@contracts/iot';
import { Group, MultiSelect, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { usePackageVersions } from '../api/get-job-templates';
import type { FormValue } from '../job-form';

const labelOf = (p: JobParameter) => p.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function VersionField({ parameter, value, onChange, error }: FieldProps) {
  const versions = usePackageVersions(parameter.packageName ?? null);
  const data = (versions.data ?? []).map((v) => ({ value: v.version, label: v.latest ? `${v.version} (latest)` : v.version }));
  return (
    <Select
      label={`${labelOf(parameter)}${parameter.packageName ? ` (${parameter.packageName})` : ''}`}
      description={parameter.description}
      placeholder={versions.isPending ? 'Loading...' : (parameter.placeholder ?? 'Choose a version')}
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v)}
      required={!parameter.optional}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface FieldProps {
  parameter: JobParameter;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string;
}

/** One template parameter as a form field, by its type (docs/IOT.md 'Job form'). */
export function JobParameterField(props: FieldProps) {
  const { parameter: p, value, onChange, error } = props;
  const common = { label: labelOf(p), description: p.description, required: !p.optional, error };
  switch (p.type) {
    case 'input':
      return <TextInput {...common} placeholder={p.placeholder} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          required={false}
          placeholder={p.placeholder}
          min={p.minValue}
          max={p.maxValue}
          hideControls
          value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
          onChange={(v) => onChange(v === '' ? null : v)}
        />
      );
    case 'select': {
      const data = p.options ?? [];
      return p.multiple ? (
        <MultiSelect {...common} data={data} value={Array.isArray(value) ? value : []} onChange={onChange} comboboxProps={{ withinPortal: true }} />
      ) : (
        <Select {...common} data={data} value={typeof value === 'string' ? value : null} onChange={onChange} comboboxProps={{ withinPortal: true }} />
      );
    }
    case 'switch':
      return (
        <Switch
          label={common.label}
          description={p.description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          size="md"
        />
      );
    case 'version':
      return <VersionField {...props} />;
    case 'date': {
      const range = value && typeof value === 'object' && !Array.isArray(value) ? value : { startDate: null, endDate: null };
      return (
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={`${common.label}: start date`}
            description={p.description}
            required={!p.optional}
            min={p.minDate}
            max={p.maxDate}
            value={range.startDate ?? ''}
            onChange={(e) => onChange({ ...range, startDate: e.currentTarget.value || null })}
            error={error === 'Start date required' ? error : undefined}
          />
          <TextInput
            type="date"
            label={`${common.label}: end date`}
            required={!p.optional}
            min={range.startDate ?? p.minDate}
            max={p.maxDate}
            value={range.endDate ?? ''}
            onChange={(e) => onChange({ ...range, endDate: e.currentTarget.value || null })}
            error={error === 'End date required' ? error : undefined}
          />
        </Group>
      );
    }
  }
}
