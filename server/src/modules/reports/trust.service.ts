import type { z } from 'zod';
import type { ReportQuery } from '../../contracts/reports/common';
import type { LocationTrust, locationTrustQuerySchema, RangeTrust, wearerTrustQuerySchema } from '../../contracts/reports/trust';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { requireLocationInScope } from '../locations';
import { dayRange, daysOf } from '../metrics/filters';
import { dayLevel, inputLevels, rangeTrust } from '../metrics/trust';
import { trustFigures, unwellDevices } from '../metrics/trust.repo';
import { groupTimeZone, locationsOf, wearerLocationDays } from './trust.repo';
import { callerFilter, reportUser } from './report-scope';

type LocationTrustQuery = z.output<typeof locationTrustQuerySchema>;
type WearerTrustQuery = z.output<typeof wearerTrustQuerySchema>;

/** GET trust and trust/locations/:groupId (docs/METRICS.md 'Data trust'). */
export function createTrustService(db: Database, now: () => Date = () => new Date()) {
  return {
    /** The trust of a report's locations over its range. */
    async range(caller: Caller, query: ReportQuery): Promise<RangeTrust> {
      const filter = await callerFilter(db, caller, query);
      // In organization view the locations are the selected organizations' own.
      const groupIds = await locationsOf(db, filter.groupIds, filter.organizationIds);
      const figures = await trustFigures(db, groupIds, filter.range, now());
      return rangeTrust(figures, daysOf(filter.range));
    },

    /**
     * The trust of one wearer's figures: the location-days of their opportunities, each weighed
     * by the wearer's own opportunities there that day.
     */
    async wearer(caller: Caller, query: WearerTrustQuery): Promise<RangeTrust> {
      const user = await reportUser(db, caller, query.userId);
      const range = dayRange(query.startDate, query.endDate);
      const theirs = await wearerLocationDays(db, user.id, range.start, range.end);
      const own = new Map(theirs.map((d) => [`${d.groupId}|${d.day}`, d.opportunities]));
      const figures = await trustFigures(db, [...new Set(theirs.map((d) => d.groupId))], range, now());
      const worked = figures.flatMap((f) => {
        const opportunities = own.get(`${f.groupId}|${f.day}`);
        return opportunities === undefined ? [] : [{ ...f, opportunities }];
      });
      return rangeTrust(worked, daysOf(range));
    },

    /** One location's days, newest first, each with its inputs and the devices behind its Medium and Low. */
    async location(caller: Caller, groupId: number, query: LocationTrustQuery): Promise<LocationTrust> {
      requireLocationInScope(await caller.scope(), groupId);
      const range = dayRange(query.startDate, query.endDate);
      const at = now();
      const [figures, devices, place] = await Promise.all([trustFigures(db, [groupId], range, at), unwellDevices(db, groupId, range, at), groupTimeZone(db, groupId)]);
      const days = figures.map((f) => {
        const inputs = inputLevels(f);
        const level = dayLevel(inputs);
        const lowered = new Set(inputs.filter((i) => i.level !== 'HIGH').map((i) => i.input));
        const behind = (devices.get(f.day) ?? []).filter((d) =>
          d.type === 'DISPENSER' ? lowered.has('DISPENSERS') : d.type === 'BEACON' ? lowered.has('ROOM_BEACONS') : lowered.has('GATEWAYS'),
        );
        return { date: f.day, level, inputs, opportunities: f.opportunities, devices: behind };
      });
      return { groupId, groupName: place.name, timeZone: place.timeZone, days: days.reverse() };
    },
  };
}
