import type { SettingView } from '@contracts/device-settings';
import { Alert, Button, ColorSwatch, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { colorHex } from './color';
import { changesOf, tabHasErrors, type TabState } from './settings-editor-state';
import { formatSettingValue } from './setting-units';

function Value({ setting, value }: { setting: SettingView; value: number }) {
  if (setting.type !== 'color') return <>{formatSettingValue(setting, value)}</>;
  return (
    <>
      <ColorSwatch component="span" color={colorHex(value)} size={12} mx={4} style={{ verticalAlign: 'middle' }} aria-hidden />
      {colorHex(value)}
    </>
  );
}

export interface ScheduleState {
  /** Schedule changes is allowed: some tab has differences and no field is in error. */
  enabled: boolean;
  pending: boolean;
  error: string | null;
  /** Changes on the other tabs, scheduled together with these. */
  otherTabChanges: number;
  onSchedule: () => void;
}

/** The right column: every setting of this tab whose value differs, 'label: old → new', and Schedule changes. */
export function ChangesSummary({ tab, schedule }: { tab: TabState; schedule: ScheduleState }) {
  const id = useId();
  const changes = changesOf(tab);
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title id={id} order={3} size="h5">
        Changes
      </Title>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" aria-labelledby={id}>
          {changes.map(({ setting, from, to }) => (
            <List.Item key={setting.label}>
              {setting.label}: <Value setting={setting} value={from} /> → <Value setting={setting} value={to} />
            </List.Item>
          ))}
        </List>
      )}
      {schedule.otherTabChanges > 0 && (
        <Text size="sm" c="dimmed">
          And {schedule.otherTabChanges} change(s) on the other tabs.
        </Text>
      )}
      {tabHasErrors(tab) && (
        <Text size="sm" c="red.8">
          Correct the fields marked in red first.
        </Text>
      )}
      {schedule.error && (
        <Alert color="red" variant="light" title="The changes could not be scheduled">
          {schedule.error}
        </Alert>
      )}
      <Button mih={44} onClick={schedule.onSchedule} disabled={!schedule.enabled} loading={schedule.pending}>
        Schedule changes
      </Button>
    </Stack>
  );
}
