import { OPERATION_EVENTS, operationEventSchema, operationsChannel, type OperationEventPayload } from '@contracts/operations';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getConfig } from '@/lib/config';
import { connectRealtime } from '@/lib/realtime';
import { applyEvent, type Operable } from './operation-rows';

/**
 * Events are applied to the list in batches this often: a burst of hundreds renders at most ten
 * times a second, and each render changes few rows, so the browser's restyle and layout of a
 * frame stays short (bench:operations at 4× CPU: tasks of 50–100 ms with 250 ms batches, none
 * of 50 ms with 100 ms ones).
 */
const FLUSH_MS = 100;
/** At most this many location channels are followed at once. */
const MAX_CHANNELS = 50;

/**
 * Follows the operations channels of the locations the list shows (docs/OPERATIONS.md 'Live
 * progress') and applies each event to the kept list: a row's status, progress, settings and
 * firmware change as the gateways report. Answers how many events arrived (the page shows it to
 * assistive technology and benchmarks read it).
 */
export function useOperationsLive(listKey: QueryKey | null, devices: readonly Operable[] | undefined): number {
  const queryClient = useQueryClient();
  const [received, setReceived] = useState(0);
  const buffer = useRef<OperationEventPayload[]>([]);
  const groupIds = [...new Set((devices ?? []).map((d) => d.groupId))].sort((a, b) => a - b).slice(0, MAX_CHANNELS);
  const channelsKey = groupIds.join(',');
  // The list's key, compared by its contents from one render to the next.
  const keyText = listKey === null ? null : JSON.stringify(listKey);

  useEffect(() => {
    if (keyText === null || channelsKey === '') return;
    const pusher = connectRealtime(getConfig());
    const names = channelsKey.split(',').map((id) => operationsChannel(Number(id)));
    const key = JSON.parse(keyText) as QueryKey;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const events = buffer.current;
      buffer.current = [];
      if (events.length === 0) return;
      const byDevice = new Map<number, OperationEventPayload[]>();
      for (const e of events) {
        const mine = byDevice.get(e.deviceId);
        if (mine) mine.push(e);
        else byDevice.set(e.deviceId, [e]);
      }
      // The list keeps the time it was fetched: a live change is not a fetch, and the offline copy
      // (written again whenever that time changes) is not rewritten, some hundreds of kB, on every
      // burst of events; the next fetch stores the list as it is then.
      const fetchedAt = queryClient.getQueryState(key)?.dataUpdatedAt;
      queryClient.setQueryData<Operable[]>(
        key,
        (rows) => rows?.map((row) => (byDevice.get(row.id) ?? []).reduce((d, e) => applyEvent(d, e), row)),
        fetchedAt ? { updatedAt: fetchedAt } : undefined,
      );
      setReceived((n) => n + events.length);
    };
    const onEvent = (data: unknown) => {
      const parsed = operationEventSchema.safeParse(data);
      if (!parsed.success) return;
      buffer.current.push(parsed.data);
      timer ??= setTimeout(flush, FLUSH_MS);
    };
    const channels = names.map((name) => {
      const channel = pusher.subscribe(name);
      for (const event of OPERATION_EVENTS) channel.bind(event, onEvent);
      return { name, channel };
    });
    return () => {
      if (timer) clearTimeout(timer);
      flush();
      for (const { name, channel } of channels) {
        for (const event of OPERATION_EVENTS) channel.unbind(event, onEvent);
        pusher.unsubscribe(name);
      }
    };
  }, [keyText, channelsKey, queryClient]);

  return received;
}
