import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OWN_GOAL_MAX, OWN_GOAL_MIN, ownGoalBodySchema } from '@contracts/reports/own-past';
import { errorText } from '@/components/toasts';
import { useOnlineStatus } from '@/offline/connectivity';
import { useSetOwnGoal } from './api/set-own-goal';

/**
 * The goal a user sets themselves (docs/SCREENS.md 'User Overview'): a whole percent, checked by the
 * contract's own schema, saved at once; online only (docs/OFFLINE.md 'One's own goal').
 */
export function OwnGoalForm({ goalPercent }: { goalPercent: number | null }) {
  const online = useOnlineStatus();
  const save = useSetOwnGoal();
  const [value, setValue] = useState<string | number>(goalPercent ?? '');
  const [saved, setSaved] = useState<string | null>(null);
  const typed = value === '' ? null : Number(value);
  const checked = ownGoalBodySchema.safeParse({ goalPercent: typed });
  const fieldError = value !== '' && !checked.success ? `Your goal ${checked.error.issues[0]?.message ?? 'is not valid'}` : undefined;
  const changed = typed !== goalPercent;
  const send = (goal: number | null) => {
    setSaved(null);
    save.mutate(
      { goalPercent: goal },
      {
        onSuccess: (answer) => {
          setValue(answer.goalPercent ?? '');
          setSaved(answer.goalPercent === null ? 'Your goal was cleared.' : `Saved: your goal is ${answer.goalPercent}%.`);
        },
      },
    );
  };
  const ready = online && checked.success && typed !== null && changed && !save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) send(typed);
  };
  return (
    <Stack gap="xs" component="form" aria-label="Your goal" onSubmit={submit}>
      {!online && (
        <Alert color="yellow" variant="light" title="Setting your goal needs a connection" data-testid="own-goal-offline">
          Your goal is kept on the server, so it is not changed on this device alone. Set it when the connection is back.
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Your goal (%)"
          description={`A whole percent from ${OWN_GOAL_MIN} to ${OWN_GOAL_MAX}, for you alone.`}
          value={value}
          onChange={(next) => {
            setValue(next);
            setSaved(null);
          }}
          min={OWN_GOAL_MIN}
          max={OWN_GOAL_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          inputMode="numeric"
          size="md"
          w={{ base: '100%', xs: 220 }}
          error={fieldError}
        />
        <Button type="submit" size="md" mih={44} disabled={!ready} loading={save.isPending}>
          Save goal
        </Button>
        {goalPercent !== null && (
          <Button variant="default" size="md" mih={44} disabled={!online || save.isPending} onClick={() => send(null)}>
            Clear goal
          </Button>
        )}
      </Group>
      {saved && (
        <Text size="sm" c="teal.8" role="status" data-testid="own-goal-saved">
          {saved}
        </Text>
      )}
      {save.error && (
        <Alert color="red" variant="light" title="Your goal was not saved" data-testid="own-goal-error">
          {errorText(save.error)}
        </Alert>
      )}
    </Stack>
  );
}
