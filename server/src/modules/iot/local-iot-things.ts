import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  IOT_MESSAGES,
  THING_TYPE_NAMES,
  type ConnectivityPoint,
  type LastOnlineBucket,
  type PackageVersion,
  type SoftwarePackage,
  type TelemetryPoint,
  type Thing,
  type ThingStatus,
} from '../../contracts/iot';
import type { Database } from '../../db/client';
import { groups, iotConnectivityEvents, iotPackageVersions, iotTelemetrySamples, iotThingPackages, iotThings, type IotThingRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { containing, idIn, iso, isoOrNull } from '../../core/sql';
import type { TelemetryRequest, ThingChange, ThingFilter } from './iot-backend';

// The things of the local stand-in: rows of iot_things with their installed packages (compared
// with each package's latest version), their connectivity history and telemetry samples.

const HOUR_MS = 3_600_000;

/** A 'Last Online' bucket as a condition on the thing's last connectivity event. */
function lastOnlineCondition(bucket: LastOnlineBucket, now: Date): SQL | undefined {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const offline = eq(iotThings.connected, false);
  const since = (hours: number) => gte(iotThings.connectivityAt, ago(hours));
  const before = (hours: number) => lt(iotThings.connectivityAt, ago(hours));
  switch (bucket) {
    case 'online':
      return eq(iotThings.connected, true);
    case '0-12h':
      return and(offline, since(12));
    case '12-24h':
      return and(offline, since(24), before(12));
    case '1-7d':
      return and(offline, since(168), before(24));
    case 'over-7d':
      return and(offline, or(isNull(iotThings.connectivityAt), before(168)));
  }
}

function filterOf(filter: ThingFilter, now: Date): SQL | undefined {
  return and(
    idIn(iotThings.groupId, filter.groupIds),
    ...filter.search.map((term) => or(ilike(iotThings.awsId, containing(term)), ilike(iotThings.name, containing(term)))),
    filter.lastOnline ? lastOnlineCondition(filter.lastOnline, now) : undefined,
  );
}

const thingColumns = { thing: iotThings, groupName: groups.name };

/** The installed packages of some things, each with its package's latest version. */
async function packagesOf(db: Database, thingIds: readonly number[]): Promise<Map<number, SoftwarePackage[]>> {
  const rows = thingIds.length
    ? await db
        .select({ thingId: iotThingPackages.thingId, name: iotThingPackages.packageName, version: iotThingPackages.version, latest: iotPackageVersions.version })
        .from(iotThingPackages)
        .leftJoin(iotPackageVersions, and(eq(iotPackageVersions.packageName, iotThingPackages.packageName), eq(iotPackageVersions.isLatest, true)))
        .where(inArray(iotThingPackages.thingId, [...thingIds]))
        .orderBy(asc(iotThingPackages.packageName))
    : [];
  const byThing = new Map<number, SoftwarePackage[]>();
  for (const row of rows) {
    const list = byThing.get(row.thingId) ?? [];
    list.push({ name: row.name, version: { current: row.version, latest: row.latest }, outdated: row.latest !== null && row.latest !== row.version });
    byThing.set(row.thingId, list);
  }
  return byThing;
}

const statusOf = (row: IotThingRow): ThingStatus => ({ connected: row.connected, timestamp: isoOrNull(row.connectivityAt) });

async function toThings(db: Database, rows: readonly { thing: IotThingRow; groupName: string }[]): Promise<Thing[]> {
  const packages = await packagesOf(
    db,
    rows.map((r) => r.thing.id),
  );
  return rows.map(({ thing, groupName }) => {
    const installed = packages.get(thing.id) ?? [];
    return {
      id: thing.id,
      awsId: thing.awsId,
      name: thing.name,
      type: thing.type,
      typeName: THING_TYPE_NAMES[thing.type],
      entityType: 'IOT_DEVICE' as const,
      groupId: thing.groupId,
      groupName,
      x: thing.x,
      y: thing.y,
      packages: installed,
      outdated: installed.some((p) => p.outdated),
      status: statusOf(thing),
    };
  });
}

async function thingsWhere(db: Database, where: SQL | undefined): Promise<Thing[]> {
  const rows = await db.select(thingColumns).from(iotThings).innerJoin(groups, eq(groups.id, iotThings.groupId)).where(where).orderBy(asc(iotThings.id));
  return toThings(db, rows);
}

export function localThings(db: Database) {
  const findThing = async (id: number) => (await thingsWhere(db, eq(iotThings.id, id)))[0] ?? null;
  const requireThing = async (id: number) => {
    const thing = await findThing(id);
    if (!thing) throw new HttpError(404, IOT_MESSAGES.thingNotFound);
    return thing;
  };

  return {
    findThing,

    async listThings(filter: ThingFilter): Promise<{ data: Thing[]; totalCount: number }> {
      const where = filterOf(filter, new Date());
      const [total] = await db.select({ n: count() }).from(iotThings).where(where);
      const rows = await db
        .select(thingColumns)
        .from(iotThings)
        .innerJoin(groups, eq(groups.id, iotThings.groupId))
        .where(and(where, filter.startingAfter === undefined ? undefined : gt(iotThings.id, filter.startingAfter)))
        .orderBy(asc(iotThings.id))
        .limit(filter.take);
      return { data: await toThings(db, rows), totalCount: total?.n ?? 0 };
    },

    findThingsByAwsIds: (awsIds: readonly string[]) => (awsIds.length ? thingsWhere(db, inArray(iotThings.awsId, [...awsIds])) : Promise.resolve([])),

    async updateThing(id: number, change: ThingChange): Promise<Thing> {
      const updated = await db.update(iotThings).set(change).where(eq(iotThings.id, id)).returning({ id: iotThings.id });
      if (updated.length === 0) throw new HttpError(404, IOT_MESSAGES.thingNotFound);
      return requireThing(id);
    },

    thingStatus: async (id: number) => (await requireThing(id)).status,
    thingPackages: async (id: number) => (await requireThing(id)).packages,

    async connectivity(id: number, from: Date, to: Date): Promise<ConnectivityPoint[]> {
      const [before] = await db
        .select()
        .from(iotConnectivityEvents)
        .where(and(eq(iotConnectivityEvents.thingId, id), lt(iotConnectivityEvents.at, from)))
        .orderBy(desc(iotConnectivityEvents.at), desc(iotConnectivityEvents.id))
        .limit(1);
      const events = await db
        .select()
        .from(iotConnectivityEvents)
        .where(and(eq(iotConnectivityEvents.thingId, id), gte(iotConnectivityEvents.at, from), lte(iotConnectivityEvents.at, to)))
        .orderBy(asc(iotConnectivityEvents.at), asc(iotConnectivityEvents.id))
        .limit(20_000);
      const points = events.map((e) => ({ timestamp: iso(e.at), connected: e.connected }));
      return before ? [{ timestamp: iso(from), connected: before.connected }, ...points] : points;
    },

    async telemetry(id: number, request: TelemetryRequest): Promise<TelemetryPoint[]> {
      const seconds = Math.max(1, Math.trunc(request.intervalSeconds));
      // A literal, not a parameter: the same expression must stand in the select and the group by.
      const bucket = sql<number>`floor(extract(epoch from ${iotTelemetrySamples.at}) / ${sql.raw(String(seconds))})::bigint * ${sql.raw(String(seconds))}`;
      const rows = await db
        .select({ bucket, metric: iotTelemetrySamples.metric, value: sql<number>`sum(${iotTelemetrySamples.value})::int` })
        .from(iotTelemetrySamples)
        .where(
          and(
            eq(iotTelemetrySamples.thingId, id),
            gte(iotTelemetrySamples.at, request.from),
            lte(iotTelemetrySamples.at, request.to),
            inArray(iotTelemetrySamples.metric, [...request.metrics]),
          ),
        )
        .groupBy(bucket, iotTelemetrySamples.metric);
      const sums = new Map(rows.map((r) => [`${Number(r.bucket)}|${r.metric}`, Number(r.value)]));
      const points: TelemetryPoint[] = [];
      const first = Math.floor(request.from.getTime() / 1000 / seconds) * seconds;
      for (let start = first; start * 1000 <= request.to.getTime(); start += seconds) {
        for (const metric of request.metrics) points.push({ timestamp: iso(new Date(start * 1000)), metric, value: sums.get(`${start}|${metric}`) ?? 0 });
      }
      return points;
    },

    async packageVersions(packageName: string): Promise<PackageVersion[] | null> {
      const rows = await db.select().from(iotPackageVersions).where(eq(iotPackageVersions.packageName, packageName)).orderBy(desc(iotPackageVersions.createdAt), desc(iotPackageVersions.id));
      return rows.length ? rows.map((r) => ({ version: r.version, latest: r.isLatest, createdAt: iso(r.createdAt) })) : null;
    },

    // ---- The thing's side ----

    thingByAwsId: async (awsId: string) => (await thingsWhere(db, eq(iotThings.awsId, awsId)))[0] ?? null,

    async reportConnectivity(thingId: number, connected: boolean, at: Date): Promise<ThingStatus> {
      return db.transaction(async (tx) => {
        await tx.insert(iotConnectivityEvents).values({ thingId, connected, at });
        // An event older than the last one known adds to the history but does not change the status.
        const [row] = await tx
          .update(iotThings)
          .set({ connected, connectivityAt: at })
          .where(and(eq(iotThings.id, thingId), or(isNull(iotThings.connectivityAt), lte(iotThings.connectivityAt, at))))
          .returning();
        const current = row ?? (await tx.select().from(iotThings).where(eq(iotThings.id, thingId)))[0];
        if (!current) throw new HttpError(404, IOT_MESSAGES.thingNotFound);
        return statusOf(current);
      });
    },

    async reportTelemetry(thingId: number, samples: readonly { metric: TelemetryPoint['metric']; value: number; at: Date }[]): Promise<number> {
      await db.insert(iotTelemetrySamples).values(samples.map((s) => ({ thingId, ...s })));
      return samples.length;
    },
  };
}
