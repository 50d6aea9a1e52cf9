import type { DemoHistoryStatus } from '@contracts/demo-history';
import { Alert, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDemoHistory } from '@/features/demo-history/api/get-demo-history';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';

/** The reports are asked again each time this many more days of history are stored. */
export const REPORT_REFRESH_DAYS = 7;

/**
 * Which stage of the history the reports on screen were asked for in: a new one each
 * REPORT_REFRESH_DAYS stored days (the default report range is a week) and once it is complete;
 * null when there is none.
 */
export function historyStage(status: DemoHistoryStatus | undefined): number | null {
  if (!status || status.state === 'none') return null;
  return status.state === 'done' || status.state === 'failed' ? Infinity : Math.floor(status.daysDone / REPORT_REFRESH_DAYS);
}

/**
 * While the server is still writing the demo history (first start), says how far it is above the
 * page, with a progress bar; it goes once the history is written. Nothing is blocked meanwhile:
 * the reports show the days stored so far, newest first, and those on screen are asked again as
 * each week of history arrives and once it is complete. When the server could not finish it, says
 * so once (it can be closed): the reports keep the days stored, and restarting the server resumes it.
 */
export function DemoHistoryNotice() {
  const { data } = useDemoHistory();
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const stage = historyStage(data);
  const seen = useRef(stage);
  useEffect(() => {
    if (seen.current !== null && stage !== seen.current) void queryClient.invalidateQueries({ queryKey: [REPORTS_KEY_ROOT] });
    seen.current = stage;
  }, [stage, queryClient]);

  if (data?.state === 'failed' && !closed) {
    return (
      <Alert
        color="orange"
        variant="light"
        mb="md"
        role="status"
        aria-live="polite"
        data-testid="demo-history-notice"
        withCloseButton
        closeButtonLabel="Close"
        onClose={() => setClosed(true)}
      >
        <Text size="sm">
          The demo history stopped at {data.daysDone} of {data.days} days. Reports show the days stored; restarting the server resumes it.
        </Text>
      </Alert>
    );
  }
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
