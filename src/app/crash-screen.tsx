import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';

export const CRASH_TEXTS = {
  title: "We're sorry",
  subtitle: "It looks like something went wrong :'(",
  body: 'Our team has been notified and will get it fixed up in no time.',
  /** Offline the report waits for the connection (src/lib/crash-reports.ts), so the team has not heard yet. */
  offlineBody: 'Our team will be notified once the connection is back, and will get it fixed up in no time.',
} as const;

/**
 * What a failed render shows instead of the page; the failure has been reported (src/lib/crash-reports.ts).
 * Back retries the current path; Home goes to /app.
 */
export function CrashScreen({ onBack, onHome }: { onBack: () => void; onHome: () => void }) {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return (
    <Center mih="100dvh" p="md" role="alert">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{CRASH_TEXTS.title}</Title>
        <Text size="lg">{CRASH_TEXTS.subtitle}</Text>
        <Text c="dimmed">{online ? CRASH_TEXTS.body : CRASH_TEXTS.offlineBody}</Text>
        <Group justify="center">
          <Button variant="default" size="md" onClick={onBack}>
            Back
          </Button>
          <Button size="md" onClick={onHome}>
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
