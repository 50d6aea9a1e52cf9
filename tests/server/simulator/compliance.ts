import type { SimEvent } from '../../../server/src/simulator/generate';
import type { World } from '../../../server/src/simulator/world-index';

export interface ComplianceTally {
  opportunities: number;
  compliant: number;
  /** Visits shorter than the location's required visit duration (not counted). */
  shortVisits: number;
  byUser: Map<number, { opportunities: number; compliant: number }>;
}

/**
 * docs/METRICS.md 'Visits and opportunities' computed straight from generated events: visits from presence pairs, counted
 * from the required duration, each opportunity compliant when the wearer has a hand-hygiene event
 * inside its window.
 */
export function complianceOf(world: World, events: readonly SimEvent[]): ComplianceTally {
  const deviceByMac = new Map(world.data.devices.map((d) => [d.mac, d]));
  const zones = new Map(world.data.zones.map((z) => [z.id, z]));
  const wearerAt = (mac: string, at: number) => {
    const device = deviceByMac.get(mac);
    const holders = device ? world.holders.get(device.id) : undefined;
    return holders?.findLast((h) => h.from <= at && (h.to === null || at < h.to))?.userId ?? null;
  };
  const presence = new Map<number, { at: number; id: string; zoneId: number; enter: boolean }[]>();
  const washes = new Map<number, number[]>();
  for (const { at, event } of events) {
    if (event.type === 'presence') {
      const user = wearerAt(event.wearable, at);
      const zoneId = deviceByMac.get(event.beacon)?.zoneId;
      if (user === null || zoneId == null) continue;
      presence.set(user, [...(presence.get(user) ?? []), { at, id: event.id, zoneId, enter: event.action === 'enter' }]);
    } else if ((event.type === 'dispense' && event.wearable) || event.type === 'wash') {
      const user = wearerAt(event.wearable as string, at);
      if (user !== null) washes.set(user, [...(washes.get(user) ?? []), at]);
    }
  }
  const tally: ComplianceTally = { opportunities: 0, compliant: 0, shortVisits: 0, byUser: new Map() };
  for (const [userId, list] of presence) {
    list.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    const times = washes.get(userId) ?? [];
    const washed = (a: number, b: number) => times.some((t) => t >= a && t <= b);
    const own = { opportunities: 0, compliant: 0 };
    list.forEach((p, i) => {
      const next = list[i + 1];
      const zone = zones.get(p.zoneId);
      if (!p.enter || !next || !zone || (zone.type !== 'PATIENT_ROOM' && zone.type !== 'CDIFF')) return;
      const g = world.groups.get(zone.groupId);
      if (!g) return;
      if (next.at - p.at < g.requiredVisitDuration * 1000) {
        tally.shortVisits++;
        return;
      }
      const entryOk = washed(p.at - g.beforeEntrySecondsToComply * 1000, p.at + g.afterEntrySecondsToComply * 1000);
      const exitOk = washed(next.at - g.beforeExitSecondsToComply * 1000, next.at + g.afterExitSecondsToComply * 1000);
      own.opportunities += 2;
      own.compliant += Number(entryOk) + Number(exitOk);
    });
    tally.opportunities += own.opportunities;
    tally.compliant += own.compliant;
    tally.byUser.set(userId, own);
  }
  return tally;
}
