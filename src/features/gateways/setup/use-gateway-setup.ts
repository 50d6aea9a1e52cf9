import { SETUP_TIMERS } from '@contracts/gateways-realtime';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pusherLink } from '@/entities/gateways/pusher-link';
import { getConfig } from '@/lib/config';
import { configureGateway } from '../api/configure-gateway';
import { useSetupQueue } from '../api/get-setup-queue';
import { gatewayKeys } from '../api/keys';
import { EMPTY_SETUP, secondsLeft, setupSummary, type SetupState } from './setup-cards';
import type { SetupFormValues } from './setup-form';
import { SetupRun } from './setup-run';
import { LONG_TOAST_MS } from '@/components/toasts';

/** How often the countdown shown is brought up to date. */
const TICK_MS = 250;

/**
 * The Setup drawer's state: the queue (read while the drawer is open), its cards and their run.
 * A run goes on when the drawer closes; its end is told by a toast, and the queue and the page's
 * list are read again (a gateway named and placed has left the queue).
 */
export function useGatewaySetup(opened: boolean) {
  const queryClient = useQueryClient();
  const queue = useSetupQueue(opened);
  const [state, setState] = useState<SetupState>(EMPTY_SETUP);
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef<(result: { submitted: number; succeeded: number }) => void>(() => {});
  ended.current = (result) => {
    const color = result.succeeded === result.submitted ? 'teal' : result.succeeded === 0 ? 'red' : 'yellow';
    notifications.show({ color, message: setupSummary(result), autoClose: LONG_TOAST_MS });
    void queryClient.invalidateQueries({ queryKey: gatewayKeys.lists() });
  };
  const [run] = useState(
    () =>
      new SetupRun({
        connect: () => pusherLink(getConfig()),
        configure: configureGateway,
        onChange: setState,
        onEnd: (result) => ended.current(result),
      }),
  );
  useEffect(() => () => run.dispose(), [run]);

  const data = queue.data;
  useEffect(() => {
    if (opened) run.reopen(data ?? []);
    // Only on opening: the queue's later answers are merged below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, run]);
  useEffect(() => {
    if (data) run.setQueue(data);
  }, [data, run]);

  const running = state.deadline !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const submit = useCallback(
    (values: SetupFormValues) => {
      if (run.submit(values)) notifications.show({ message: 'Setting gateway name and location' });
    },
    [run],
  );
  const name = useCallback((id: number, value: string) => run.name(id, value), [run]);
  // `now` is last set by the tick: never earlier than the run's start.
  const shownNow = state.deadline === null ? now : Math.max(now, state.deadline - SETUP_TIMERS.countdownMs);
  return { state, queue, submit, name, secondsLeft: secondsLeft(state, shownNow) };
}
