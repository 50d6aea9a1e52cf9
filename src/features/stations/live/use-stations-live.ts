import type { KioskGateway } from '@contracts/stations';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { getConfig } from '@/lib/config';
import { userKeys } from '@/entities/users/api/keys';
import { recordStationAssignment, stationKeys } from '../api/stations-queries';
import { sessionTimers } from '@/entities/gateways/session-timers';
import { PENDING_REMOVED_TITLE } from '../stations-ui';
import type { PendingAssignment } from './pending-assignments';
import { pusherLink } from '@/entities/gateways/pusher-link';
import { type LiveSnapshot, StationsLive } from './stations-live';
import { LONG_TOAST_MS, showError } from '@/components/toasts';


const EMPTY: LiveSnapshot = { connected: false, gateways: new Map(), feed: [], pending: [], received: 0 };
const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;

/**
 * The live sessions of the shown kiosk gateways, for as long as the page is open: they leave on
 * unmount and on page unload. A pending assignment the gateway applied is recorded through the
 * API; one removed by what happened at the station is announced as 'Pending Assignment Removed'.
 */
export function useStationsLive(gateways: readonly KioskGateway[] | null): { live: StationsLive | null; snapshot: LiveSnapshot } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<StationsLive | null>(null);

  useEffect(() => {
    const record = async (p: PendingAssignment) => {
      const label = p.mac;
      try {
        await recordStationAssignment({ gatewayId: p.gatewayId, wristbandMac: p.mac, userId: p.userId });
        notifications.show({
          color: 'teal',
          message: p.userId === null ? `Wristband ${label} unassigned.` : `${p.name ?? 'User'} assigned to wristband ${label}.`,
        });
      } catch (error) {
        const reason = error instanceof ApiError || error instanceof Error ? error.message : String(error);
        showError(`User assignment failed: ${reason}`);
      } finally {
        void queryClient.invalidateQueries({ queryKey: stationKeys.all });
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
    };
    const created = new StationsLive({
      link: pusherLink(getConfig()),
      timers: sessionTimers(),
      sessionId: crypto.randomUUID(),
      onApplied: (p) => void record(p),
      onRemoved: (removal) =>
        notifications.show({ color: 'yellow', title: PENDING_REMOVED_TITLE, message: removal.message, autoClose: LONG_TOAST_MS }),
    });
    setLive(created);
    const leave = () => created.destroy();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      created.destroy();
    };
  }, [queryClient]);

  useEffect(() => {
    if (live && gateways) live.setGateways(gateways);
  }, [live, gateways]);

  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscribe, live?.getSnapshot ?? emptySnapshot);
  return { live, snapshot };
}

