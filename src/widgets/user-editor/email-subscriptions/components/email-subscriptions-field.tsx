import { EMAIL_SUBSCRIPTION_LABELS, EMAIL_SUBSCRIPTION_TYPES } from '@contracts/email-subscriptions';
import { Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useSession } from '@/lib/session-context';
import { useEmailSubscriptions } from '../api/get-email-subscriptions';
import { useSetEmailSubscription } from '../api/set-email-subscription';

/**
 * 'Compliance Report' on the Edit User dialog's Account tab: the weekly report emails the user gets
 * (Mondays 12:30). Shown only to callers holding USER_EMAIL; each box saves on its own.
 */
export function EmailSubscriptionsField({ userId }: { userId: number }) {
  const { role } = useSession();
  const allowed = role.permissions.some((p) => p.subject === 'USER_EMAIL');
  const subscriptions = useEmailSubscriptions(userId, allowed);
  const save = useSetEmailSubscription(userId);
  if (!allowed) return null;

  const held = new Map((subscriptions.data ?? []).map((s) => [s.type, s.id]));
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" fw={500} id={`compliance-report-${userId}`}>
          Compliance Report
        </Text>
        {(subscriptions.isLoading || save.isPending) && <Loader size="xs" aria-label="Saving" />}
      </Group>
      <Text size="xs" c="dimmed">
        Emailed weekly, Mondays at 12:30.
      </Text>
      {subscriptions.isError ? (
        <Text size="sm" c="red.8">
          The report emails could not be loaded.
        </Text>
      ) : (
        <Group gap="lg" role="group" aria-labelledby={`compliance-report-${userId}`}>
          {EMAIL_SUBSCRIPTION_TYPES.map((type) => {
            const id = held.get(type);
            return (
              <Checkbox
                key={type}
                label={EMAIL_SUBSCRIPTION_LABELS[type]}
                checked={id !== undefined}
                disabled={subscriptions.isLoading || save.isPending}
                onChange={(event) => save.mutate(event.currentTarget.checked ? { type, subscribe: true } : { type, subscribe: false, id: id as number })}
                size="md"
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
