import { LOG_ENVIRONMENTS, LOG_EVENTS, REQUEST_SOURCES, type LogEnvironment, type LogEvent, type RequestSource } from '@contracts/server-log';
import { Button, Checkbox, Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput, TreeSelect, type TreeNode } from '@/components/filters';

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4} role="group" aria-labelledby={id}>
      <Text id={id} size="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Chips of a multiple choice, 44 px high for fingers. */
function ChipChoice<T extends string>({ values, value, onChange }: { values: readonly T[]; value: readonly T[]; onChange: (next: T[]) => void }) {
  return (
    <Chip.Group multiple value={[...value]} onChange={(next) => onChange(values.filter((v) => next.includes(v)))}>
      <Group gap={6} wrap="wrap">
        {values.map((v) => (
          <Chip key={v} value={v} size="md" styles={{ label: { minHeight: 44, height: 'auto' } }}>
            {v}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

export interface LogFilterBarProps {
  env: LogEnvironment;
  onEnv: (env: LogEnvironment) => void;
  sources: readonly RequestSource[];
  onSources: (sources: RequestSource[]) => void;
  events: readonly LogEvent[];
  onEvents: (events: LogEvent[]) => void;
  groups: readonly TreeNode[];
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  search: string;
  onSearch: (search: string) => void;
  autoScroll: boolean;
  onAutoScroll: (on: boolean) => void;
}

/**
 * The log's filters (docs/SCREENS.md 'Server Logs'): environment, request source, events, location
 * and search; and auto-scroll.
 */
export function LogFilterBar(p: LogFilterBarProps) {
  return (
    <Stack gap="sm" mb="md" role="search" aria-label="Server log filters">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Field label="Environment" id="log-env-label">
          <SegmentedControl
            aria-labelledby="log-env-label"
            data={[...LOG_ENVIRONMENTS]}
            value={p.env}
            onChange={(value) => p.onEnv(value as LogEnvironment)}
            size="md"
          />
        </Field>
        <Field label="Request source" id="log-source-label">
          <ChipChoice values={REQUEST_SOURCES} value={p.sources} onChange={p.onSources} />
        </Field>
        <Field label="Events" id="log-events-label">
          <ChipChoice values={LOG_EVENTS} value={p.events} onChange={p.onEvents} />
        </Field>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TreeSelect label="Location" nodes={p.groups} value={p.groupId} onChange={p.onGroup} placeholder="All locations" />
        {p.groupId !== null && (
          <Button variant="subtle" mih={44} onClick={() => p.onGroup(null)}>
            All locations
          </Button>
        )}
        <SearchInput value={p.search} onChange={p.onSearch} placeholder="Path, user agent or body" />
        <Checkbox
          label="Auto-scroll"
          checked={p.autoScroll}
          onChange={(event) => p.onAutoScroll(event.currentTarget.checked)}
          size="md"
          styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
        />
      </Group>
    </Stack>
  );
}
