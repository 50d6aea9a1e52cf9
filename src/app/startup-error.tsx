import { Alert, Button, Center, Stack } from '@mantine/core';

/** Shown when the app cannot start (no configuration: first visit while offline, or the server is down). */
export function StartupError({ message }: { message: string }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={420}>
        <Alert color="red" variant="light" title="Lavo could not start" role="alert">
          {message}
        </Alert>
        <Button size="md" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
