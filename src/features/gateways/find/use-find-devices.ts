import type { DeviceType } from '@contracts/devices';
import { deviceInfoTimeoutMs } from '@contracts/gateways-realtime';
import type { DeviceModel } from '@contracts/device-registry';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showError, showSuccess } from '@/components/toasts';
import { operationKeys } from '@/entities/device-operations/api/keys';
import { deviceKeys } from '@/entities/devices/api/keys';
import { pusherLink } from '@/entities/gateways/pusher-link';
import { getConfig } from '@/lib/config';
import { createDevices } from '../api/create-devices';
import { fetchKnownMac } from '../api/lookup-known-mac';
import { ADD_MESSAGES, creationPlan, creationResults, deviceInfoRequests } from './add-plan';
import { addFailed, addResults, adding, createdSummary, EMPTY_SCAN, knownChecked, newDevices, uncheckedMacs, versionRead } from './scan-state';
import { ScanSession, type SessionView } from './scan-session';

/** MAC lookups run this many at a time, so a scan that hears hundreds does not flood the server. */
const LOOKUPS_AT_ONCE = 4;
const IDLE: SessionView = { scan: EMPTY_SCAN, running: null };

/**
 * The Find devices dialog's work while it is open (`active`): scans on the chosen gateways, the
 * server asked which MACs it has, and Add (versions read, then one POST /devices). Closing the
 * dialog stops a scan and leaves the gateways' channels.
 */
export function useFindDevices({ active, groupId, models }: { active: boolean; groupId: number | null; models: readonly DeviceModel[] | undefined }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<SessionView>(IDLE);
  const [busyAdding, setBusyAdding] = useState(false);
  const session = useRef<ScanSession | null>(null);
  const asked = useRef(new Set<string>());
  const lookups = useRef<{ queue: string[]; running: number }>({ queue: [], running: 0 });

  useEffect(() => {
    if (!active) return;
    const current = new ScanSession({ link: pusherLink(getConfig()), onChange: setView, isKnown: () => null });
    session.current = current;
    const seen = asked.current;
    const pool = lookups.current;
    return () => {
      current.stop();
      current.dispose();
      session.current = null;
      seen.clear();
      pool.queue = [];
      setView(IDLE);
      setBusyAdding(false);
    };
  }, [active]);

  const pump = useCallback(() => {
    const pool = lookups.current;
    while (pool.running < LOOKUPS_AT_ONCE && pool.queue.length > 0) {
      const mac = pool.queue.shift()!;
      pool.running += 1;
      fetchKnownMac(queryClient, mac)
        .then(
          (found) => session.current?.update((s) => knownChecked(s, mac, found.exists, found.device?.groupName ?? null)),
          // The server refuses a MAC it has when the device is sent: an unanswered lookup offers it as new.
          () => session.current?.update((s) => knownChecked(s, mac, false)),
        )
        .finally(() => {
          pool.running -= 1;
          pump();
        });
    }
  }, [queryClient]);

  useEffect(() => {
    const fresh = uncheckedMacs(view.scan).filter((mac) => !asked.current.has(mac));
    if (fresh.length === 0) return;
    for (const mac of fresh) asked.current.add(mac);
    lookups.current.queue.push(...fresh);
    pump();
  }, [view.scan, pump]);

  const scan = useCallback((gatewayMacs: readonly string[], types: readonly DeviceType[], durationS: number) => session.current?.scan(gatewayMacs, types, durationS), []);
  const stop = useCallback(() => session.current?.stop(), []);

  const add = useCallback(async () => {
    const current = session.current;
    if (!current || groupId === null || !models) return;
    const targets = newDevices(current.view.scan);
    if (targets.length === 0) return;
    setBusyAdding(true);
    try {
      current.update((s) => adding(s, targets.map((d) => d.mac)));
      const versions = await current.readVersions(deviceInfoRequests(targets), deviceInfoTimeoutMs(targets.length));
      // Closed while the gateways were connecting: nothing is created behind the user's back.
      if (session.current !== current) return;
      current.update((s) => [...versions].reduce((acc, [mac, version]) => versionRead(acc, mac, version), s));
      const plan = creationPlan(
        targets.map((d) => ({ ...d, version: versions.get(d.mac) ?? null })),
        models,
        groupId,
      );
      current.update((s) => addFailed(s, plan.failures));
      let created = 0;
      let failed = plan.failures.length;
      if (plan.items.length > 0) {
        try {
          const results = creationResults(await createDevices(plan.items));
          current.update((s) => addResults(s, results));
          created = results.filter((r) => r.ok).length;
          failed += results.length - created;
        } catch (error) {
          const sent = plan.items.map((i) => ({ mac: i.mac, message: ADD_MESSAGES.requestFailed }));
          current.update((s) => addFailed(s, sent));
          failed += sent.length;
          showError(error instanceof Error ? error.message : ADD_MESSAGES.requestFailed, ADD_MESSAGES.failedTitle);
        }
      }
      if (created > 0) {
        showSuccess(createdSummary(created));
        void queryClient.invalidateQueries({ queryKey: operationKeys.lists() });
      }
      void queryClient.invalidateQueries({ queryKey: deviceKeys.macs() });
      if (failed > 0) showError(ADD_MESSAGES.failed(failed), ADD_MESSAGES.failedTitle);
    } finally {
      setBusyAdding(false);
    }
  }, [groupId, models, queryClient]);

  return { view, scan, stop, add, adding: busyAdding };
}
