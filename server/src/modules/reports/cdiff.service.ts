import type { z } from 'zod';
import type { cdiffRoomsQuerySchema, cdiffVisitsQuerySchema } from '../../contracts/reports/cdiff';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { callerFilter } from './report-scope';
import { cdiffRooms, cdiffVisits, findCdiffZone, parseVisitCursor } from './cdiff.repo';

type CdiffRoomsQuery = z.output<typeof cdiffRoomsQuerySchema>;
type CdiffVisitsQuery = z.output<typeof cdiffVisitsQuerySchema>;

/** The locations a C. diff call covers: its groupIds within the caller's scope, else the whole scope. */
function locationFilter(db: Database, caller: Caller, q: { groupIds: number[]; startDate: string; endDate: string }) {
  return callerFilter(db, caller, {
    organizationIds: [],
    organizationIdFilters: [],
    groupIds: q.groupIds,
    groupIdFilters: [],
    startDate: q.startDate,
    endDate: q.endDate,
    view: 'loc',
  });
}

/** The C. diff rooms and their visits (docs/METRICS.md 'C. diff'). */
export function createCdiffService(db: Database) {
  return {
    /** GET zones/cdiff: a page of the C. diff rooms of the locations. */
    async rooms(caller: Caller, query: CdiffRoomsQuery) {
      const filter = await locationFilter(db, caller, query);
      return cdiffRooms(
        db,
        { groupIds: filter.groupIds, zoneIds: query.zoneIds, names: [...query.search, ...query['search[]']] },
        filter.range,
        { take: query.take, startingAfter: query.startingAfter },
      );
    },

    /** GET zones/cdiff/:zoneId/visits: a page of one room's visits; a room outside the locations is answered 404. */
    async visits(caller: Caller, zoneId: number, query: CdiffVisitsQuery) {
      const filter = await locationFilter(db, caller, query);
      const zone = await findCdiffZone(db, zoneId, filter.groupIds);
      if (!zone) throw new HttpError(404, 'C. diff room not found');
      const cursor = query.startingAfter === undefined ? undefined : parseVisitCursor(query.startingAfter);
      if (cursor === null) throw new HttpError(400, 'startingAfter must be a visit id');
      return cdiffVisits(db, zone.id, filter.range, { take: query.take, startingAfter: cursor });
    },
  };
}
