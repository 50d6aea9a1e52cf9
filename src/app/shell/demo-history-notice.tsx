import { Alert, Progress, Text } from '@mantine/core';
import { useDemoHistory } from '@/features/demo-history/api/get-demo-history';

/**
 * While the server is still writing the demo history (first start), says how far it is above the
 * page, with a progress bar; it goes once the history is written. Nothing is blocked meanwhile:
 * the reports show the days stored so far, newest first.
 */
export function DemoHistoryNotice() {
  const { data } = useDemoHistory();
  if (data?.state !== 'writing') return null;
  const percent = data.days > 0 ? Math.round((100 * data.daysDone) / data.days) : 0;
  return (
    <Alert color="blue" variant="light" mb="md" role="status" aria-live="polite" data-testid="demo-history-notice">
      <Text size="sm">
        Writing the demo history: {data.daysDone} of {data.days} days. Reports show what is stored so far.
      </Text>
      <Progress value={percent} size="sm" mt="xs" aria-label="Demo history written" />
    </Alert>
  );
}
