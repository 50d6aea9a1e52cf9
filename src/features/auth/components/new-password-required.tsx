import { Button, Stack, Text, Title } from '@mantine/core';
import { PlaceholderNotice } from '@/components/placeholder-notice';

/** Stub shown when sign-in answers "new password required"; the real screen comes with account recovery. */
export function NewPasswordRequired({ login, onBack }: { login: string; onBack: () => void }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        New password required
      </Title>
      <Text>
        A new password is required for <strong>{login}</strong> before you can sign in.
      </Text>
      <PlaceholderNotice title="Placeholder — not built yet">
        Choosing a new password is not available in this version yet.
      </PlaceholderNotice>
      <Button variant="default" size="lg" onClick={onBack}>
        Back to sign in
      </Button>
    </Stack>
  );
}
