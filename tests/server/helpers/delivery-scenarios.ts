import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';
import { devices, groups } from '../../../server/src/db/schema';
import type { Fleet } from './fleet';

// Hand-built days of events for delivery tests: each scenario is a case where the derivation
// depends on neighbouring events, so delivering them out of order or twice could change a figure.

/** The scenarios' day (UTC). */
const DAY = '2025-03-10';
const at = (time: string, day = DAY) => new Date(`${day}T${time}Z`);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** A report call: its path under /api and its query (lists sent as repeated keys). */
export interface ReportCall {
  path: string;
  query: Record<string, string | number | (string | number)[]>;
}

export interface DeliveryScenario {
  /** The scenarios' first and last event. */
  from: Date;
  to: Date;
  /** Every event, in time order. */
  inOrder(): unknown[];
  /** A gateway's backlog (the morning of the scenarios' day) and every other event. */
  backlog(): { backlog: unknown[]; later: unknown[] };
  /** A call of every report endpoint over the scenarios' days. */
  calls(where: { home: number; hospitalOrg: number; hospitalGroup: number }): ReportCall[];
}

/** The scenarios of three wearers (a, b, c) of the fleet's rooms. */
export async function buildScenarios(db: Database, fleet: Fleet, [a, b, c]: [number, number, number]): Promise<DeliveryScenario> {
  const [unit] = await db.select().from(groups).where(eq(groups.id, fleet.groupId));
  if (!unit) throw new Error('fleet location missing');
  const ids = new Map(
    (await db.select({ id: devices.id, mac: devices.mac }).from(devices).where(inArray(devices.mac, [fleet.soap, fleet.sanitizer, fleet.rooms.room.bed, fleet.rooms.cdiff.bed]))).map((d) => [d.mac, d.id]),
  );
  const events: { id: string; at: string; [key: string]: unknown }[] = [];
  let n = 0;
  const band = (user: number) => fleet.wristbands.get(user) as string;
  const add = (when: Date, event: Record<string, unknown>) => events.push({ id: `order-${++n}`, at: when.toISOString(), ...event });
  const visit = (user: number, entry: Date, exit: Date, which: 'room' | 'cdiff' = 'room') => {
    add(entry, { type: 'presence', wearable: band(user), beacon: fleet.rooms[which].beacon, action: 'enter' });
    add(exit, { type: 'presence', wearable: band(user), beacon: fleet.rooms[which].beacon, action: 'leave' });
  };
  const bed = (user: number, entry: Date, exit: Date) => {
    add(entry, { type: 'bed', wearable: band(user), beacon: fleet.rooms.room.bed, action: 'enter' });
    add(exit, { type: 'bed', wearable: band(user), beacon: fleet.rooms.room.bed, action: 'leave' });
  };
  const dispense = (user: number, when: Date, role: 'soap' | 'sanitizer' = 'sanitizer', durationS = 18) =>
    add(when, { type: 'dispense', dispenser: role === 'soap' ? fleet.soap : fleet.sanitizer, wearable: band(user), durationS });
  const wash = (user: number, when: Date, washType: 'SOAP' | 'SANITIZER' = 'SOAP', durationS = 25) => add(when, { type: 'wash', wearable: band(user), washType, durationS });

  // 1. Washes at the window edges: exactly at the edge counts, a second beyond does not.
  const e1 = at('08:00:00');
  const x1 = at('08:10:00');
  visit(a, e1, x1);
  dispense(a, plus(e1, -unit.beforeEntrySecondsToComply));
  dispense(a, plus(x1, unit.afterExitSecondsToComply + 1), 'soap');
  const e2 = at('08:30:00');
  const x2 = at('08:45:00');
  visit(a, e2, x2);
  dispense(a, plus(e2, unit.afterEntrySecondsToComply + 1));
  wash(a, plus(x2, -unit.beforeExitSecondsToComply), 'SANITIZER');
  // Two washes as close to an exit, at the same instant: one is chosen, whatever came first.
  const x3 = at('09:30:00');
  visit(a, at('09:10:00'), x3);
  dispense(a, x3, 'soap');
  wash(a, x3, 'SANITIZER');

  // 2. A visit and a bed visit across midnight, the exit wash on the next day.
  const midnightExit = at('00:10:00', '2025-03-11');
  visit(b, at('23:50:00'), midnightExit);
  bed(b, at('23:52:00'), at('00:05:00', '2025-03-11'));
  dispense(b, plus(midnightExit, 20));
  dispense(b, at('23:49:40'), 'soap');

  // 3. Wristband washes placed by presence: in the room while c is in it (another unit than
  // c's home), at home when no presence precedes it.
  visit(c, at('10:00:00'), at('10:20:00'));
  wash(c, at('10:05:00'));
  wash(c, at('06:30:00'), 'SANITIZER');
  // A contact: a shares the room with c for ten minutes.
  visit(a, at('10:02:00'), at('10:12:00'));
  bed(c, at('10:03:00'), at('10:15:00'));

  // 4. A C. diff room, and a gap that splits a wear session.
  visit(b, at('14:00:00'), at('14:20:00'), 'cdiff');
  dispense(b, at('13:59:30'));
  visit(b, at('17:00:00'), at('17:05:00'));
  wash(b, at('17:05:30'));
  add(at('11:00:00'), { type: 'reminder', wearable: band(a), zoneId: fleet.reminderZoneId });

  // 5. Device state: the latest heartbeat and battery reading, the station last docked in.
  add(at('12:00:00'), { type: 'heartbeat', device: fleet.soap, batteryPercent: 80, batteryMv: 2900 });
  add(at('18:00:00'), { type: 'heartbeat', device: fleet.soap });
  add(at('07:00:00'), { type: 'station', wearable: band(a), action: 'check-out', slot: 1 });
  add(at('16:00:00'), { type: 'station', wearable: band(a), action: 'check-in', slot: 2 });
  // Counted uses of a dispenser nobody was credited for.
  add(at('12:30:00'), { type: 'dispense', dispenser: fleet.soap });

  const sorted = [...events].sort((x, y) => x.at.localeCompare(y.at) || x.id.localeCompare(y.id));
  const range = { startDate: '2025-03-09', endDate: '2025-03-11' };
  // Ranges read partly or wholly from the weekly rollups: 2025-03-10 is a Monday.
  const weekRanges = [
    { startDate: '2025-03-03', endDate: '2025-03-16' },
    { startDate: '2025-03-08', endDate: '2025-03-18' },
  ];
  const morning = (e: { at: string }) => e.at >= `${DAY}T06:00:00` && e.at < `${DAY}T12:00:00`;
  return {
    from: new Date(sorted[0]?.at ?? DAY),
    to: new Date(sorted.at(-1)?.at ?? DAY),
    inOrder: () => sorted,
    backlog: () => ({ backlog: sorted.filter(morning), later: sorted.filter((e) => !morning(e)) }),
    calls: ({ home, hospitalOrg, hospitalGroup }) => {
      const org = { organizationIds: [hospitalOrg], view: 'org', ...range };
      const byUnit = { groupIds: [fleet.groupId], view: 'loc', ...range };
      const byHome = { groupIds: [home], view: 'loc', ...range };
      const selections = [org, byUnit, byHome];
      const each = (path: string, extra: Record<string, string | number> = {}): ReportCall[] => selections.map((s) => ({ path, query: { ...s, ...extra } }));
      const users = [a, b, c];
      const calls: ReportCall[] = [
        ...each('/compliance/overview-stats'),
        ...each('/compliance/trend', { metric: 'average' }),
        ...users.map((userId) => ({ path: '/compliance/breakdowns', query: { userId, ...range } })),
        { path: '/compliance/breakdowns', query: { groupIds: [fleet.groupId], ...range } },
        ...each('/compliance/ranking/users', { take: 50 }),
        ...each('/compliance/ranking/professions'),
        { path: '/compliance/report', query: { ...org, userIds: users, metric: 'average', split: 'true' } },
        ...users.map((userId) => ({ path: '/compliance/user/dashboard', query: { userId, ...range } })),
        ...users.flatMap((userId) => ['2025-03-10', '2025-03-11'].map((date) => ({ path: '/compliance/user/activity', query: { userId, date } }))),
        ...users.map((userId) => ({ path: '/workflow/activity/available-days', query: { userId } })),
        // The caller's own (the admin wears nothing here: the call answers no door).
        ...['2025-03-10', '2025-03-11'].map((date) => ({ path: '/compliance/user/own-opportunities', query: { date } })),
        ...['2025-03-11', '2025-03-16'].map((date) => ({ path: '/compliance/own-past', query: { date } })),
        ...each('/dispensers/wash-type-breakdown'),
        ...each('/dispensers/handwash/overview-stats'),
        ...each('/dispensers/wash-count-trend'),
        ...each('/dispensers/wash-type-trend'),
        ...['/dispensers/overview-stats', '/dispensers/trend', '/dispensers/usage-trends', '/dispensers/ranking'].map((path) => ({ path, query: byUnit })),
        { path: '/dispensers/group/activity', query: { groupId: fleet.groupId, ...range } },
        ...[fleet.soap, fleet.sanitizer].map((mac) => ({ path: '/dispensers/dispenser/activity/hourly', query: { dispenserId: ids.get(mac) as number, ...range } })),
        { path: '/devices/group', query: { groupId: fleet.groupId, types: ['DISPENSER', 'BEACON'] } },
        ...each('/staffRounding/user'),
        { path: '/staffRounding/bed', query: byUnit },
        ...users.map((userId) => ({ path: '/staffRounding/user/stats', query: { userId, groupIds: [fleet.groupId], ...range } })),
        { path: '/staffRounding/bed/stats', query: { beaconId: ids.get(fleet.rooms.room.bed) as number, ...range } },
        ...each('/staffRounding/location'),
        ...each('/staffRounding/organization'),
        { path: '/exposureReport/interaction', query: { organizationIds: [hospitalOrg], ...range } },
        ...users.map((userId) => ({ path: '/exposureReport/interaction', query: { organizationIds: [hospitalOrg], userId, periodMs: 60_000, ...range } })),
        { path: '/zones/cdiff', query: { groupIds: [hospitalGroup], ...range } },
        { path: `/zones/cdiff/${fleet.rooms.cdiff.zoneId}/visits`, query: range },
        ...each('/wearable-usage/organization'),
        ...weekRanges.flatMap((weeks) =>
          [
            '/compliance/overview-stats',
            '/compliance/ranking/users',
            '/compliance/ranking/professions',
            '/dispensers/handwash/overview-stats',
            '/dispensers/wash-type-breakdown',
            '/wearable-usage/organization',
          ].map((path) => ({ path, query: { ...org, ...weeks } })),
        ),
        { path: '/wearable-management/organization', query: { organizationIds: [hospitalOrg] } },
        // Data trust reads heartbeats, kiosk check-outs, presence and dispenses of the fleet's unit.
        ...each('/trust'),
        { path: `/trust/locations/${fleet.groupId}`, query: range },
        ...users.map((userId) => ({ path: '/trust/wearer', query: { userId, ...range } })),
      ];
      return calls;
    },
  };
}
