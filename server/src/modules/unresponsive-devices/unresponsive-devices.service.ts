import type { UnresponsiveDevice, UnresponsiveQuery } from '../../contracts/unresponsive-devices';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { locationsUnder } from '../locations';
import { listSilentDevices } from './unresponsive-devices.repo';

const DAY_MS = 86_400_000;

/**
 * The instants a range of UTC days covers, [start of startDate, end of endDate), cut at `now`:
 * a device cannot be heard later than now. Null when the range has not begun yet.
 */
export function silenceWindow(startDate: string, endDate: string, now: Date): { from: Date; to: Date } | null {
  const from = Date.parse(`${startDate}T00:00:00Z`);
  const to = Math.min(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS, now.getTime());
  return from < to ? { from: new Date(from), to: new Date(to) } : null;
}

/** The Unresponsive Devices call: the caller's locations asked for (404 outside the scope), each with its subtree. */
export function createUnresponsiveService(db: Database, clock: () => Date = () => new Date()) {
  return {
    async list(caller: Caller, query: UnresponsiveQuery): Promise<UnresponsiveDevice[]> {
      const groupIds = await locationsUnder(db, await caller.scope(), query.groupIds.length > 0 ? query.groupIds : undefined);
      const window = silenceWindow(query.startDate, query.endDate, clock());
      return window ? listSilentDevices(db, { groupIds, ...window }) : [];
    },
  };
}
