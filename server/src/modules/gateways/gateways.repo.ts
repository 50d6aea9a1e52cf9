import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { GATEWAY_STAT_HOURS, GATEWAY_STAT_TYPES, type Gateway, type GatewayStats, type GatewayStatType, type SoftwarePackage } from '../../contracts/gateways';
import type { Database } from '../../db/client';
import { deviceModels, devices, eventLedger, gatewaySoftware, gatewayStates, groups, heartbeatEvents, softwareJobs, softwareVersions } from '../../db/schema';
import { iso, isoOrNull } from '../../core/sql';
import { isKioskGateway } from '../devices';

// What the Gateways page reads: gateways with their software, versions and last job; their
// traffic by hour. Callers pass location ids already limited to the caller's scope.

const HOUR_MS = 3_600_000;

/** The event kinds of the ledger counted in each stats series; heartbeats come from their own table. */
const LEDGER_KINDS: Readonly<Record<Exclude<GatewayStatType, 'Heartbeats'>, readonly string[]>> = {
  'Location Events': ['presence', 'bed'],
  'Dispense Events': ['dispense'],
};

type VersionRow = { id: number; modelId: number; packageName: string; version: string; isLatest: boolean; createdAt: Date };

/** The active gateways of the locations (or the one `id`), by name, with software, versions, last job and status. */
export async function listGateways(db: Database, groupIds: readonly number[], id?: number): Promise<Gateway[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ device: devices, groupName: groups.name, modelName: deviceModels.name, state: gatewayStates })
    .from(devices)
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(gatewayStates, eq(gatewayStates.deviceId, devices.id))
    .where(and(eq(devices.type, 'GATEWAY'), eq(devices.active, true), inArray(devices.groupId, [...groupIds]), id === undefined ? undefined : eq(devices.id, id)))
    .orderBy(asc(devices.name), asc(devices.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.device.id);
  const modelIds = [...new Set(rows.map((r) => r.device.modelId))];
  const [installed, versions, jobs] = await Promise.all([
    db
      .select({ deviceId: gatewaySoftware.deviceId, packageName: gatewaySoftware.packageName, id: softwareVersions.id, version: softwareVersions.version })
      .from(gatewaySoftware)
      .innerJoin(softwareVersions, eq(softwareVersions.id, gatewaySoftware.softwareVersionId))
      .where(inArray(gatewaySoftware.deviceId, ids))
      .orderBy(asc(gatewaySoftware.packageName)),
    db
      .select({
        id: softwareVersions.id,
        modelId: softwareVersions.modelId,
        packageName: softwareVersions.packageName,
        version: softwareVersions.version,
        isLatest: softwareVersions.isLatest,
        createdAt: softwareVersions.createdAt,
      })
      .from(softwareVersions)
      .where(inArray(softwareVersions.modelId, modelIds))
      .orderBy(asc(softwareVersions.packageName), desc(softwareVersions.createdAt), desc(softwareVersions.id)),
    db
      .selectDistinctOn([softwareJobs.deviceId], { job: softwareJobs, packageName: softwareVersions.packageName, version: softwareVersions.version })
      .from(softwareJobs)
      .innerJoin(softwareVersions, eq(softwareVersions.id, softwareJobs.softwareVersionId))
      .where(inArray(softwareJobs.deviceId, ids))
      .orderBy(softwareJobs.deviceId, desc(softwareJobs.id)),
  ]);
  const lastJob = new Map(jobs.map((j) => [j.job.deviceId, j]));
  const now = Date.now();
  return rows.map(({ device, groupName, modelName, state }) => {
    const modelVersions = versions.filter((v) => v.modelId === device.modelId);
    const job = lastJob.get(device.id);
    return {
      id: device.id,
      name: device.name,
      groupId: device.groupId as number,
      groupName,
      mac: device.mac,
      modelId: device.modelId,
      modelName,
      station: isKioskGateway(device),
      lastHeartbeat: isoOrNull(device.lastHeartbeatAt),
      lastHeartbeatHours: device.lastHeartbeatAt ? Math.max(0, Math.floor((now - device.lastHeartbeatAt.getTime()) / HOUR_MS)) : null,
      createdAt: iso(device.createdAt),
      software: installed.filter((s) => s.deviceId === device.id).map((s) => softwarePackage(s, modelVersions)),
      availableVersions: availableVersions(modelVersions),
      updateStatus: job
        ? { jobId: job.job.id, status: job.job.status, message: job.job.message, packageName: job.packageName, version: job.version, updatedAt: iso(job.job.updatedAt) }
        : null,
      status:
        state?.statusCode != null && state.statusAt
          ? { code: state.statusCode, message: state.statusMessage ?? '', timestamp: iso(state.statusAt) }
          : null,
    };
  });
}

function softwarePackage(installed: { packageName: string; id: number; version: string }, modelVersions: readonly VersionRow[]): SoftwarePackage {
  const latest = modelVersions.find((v) => v.packageName === installed.packageName && v.isLatest);
  return {
    name: installed.packageName,
    version: { current: { id: installed.id, version: installed.version }, latest: latest ? { id: latest.id, version: latest.version } : null },
    outdated: latest !== undefined && latest.id !== installed.id,
  };
}

function availableVersions(modelVersions: readonly VersionRow[]): Gateway['availableVersions'] {
  const byPackage = new Map<string, Gateway['availableVersions'][number]['versions']>();
  for (const v of modelVersions) {
    const list = byPackage.get(v.packageName) ?? [];
    list.push({ id: v.id, version: v.version, isLatest: v.isLatest, createdAt: iso(v.createdAt) });
    byPackage.set(v.packageName, list);
  }
  return [...byPackage].map(([packageName, list]) => ({ packageName, versions: list }));
}

/** A gateway's last 24 hours, hour by hour (the current one last): heartbeats it relayed, location and dispense events it sent. */
export async function gatewayStats(db: Database, gatewayId: number, now = new Date()): Promise<GatewayStats> {
  const first = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - (GATEWAY_STAT_HOURS - 1) * HOUR_MS;
  const since = new Date(first);
  const hourOf = (column: typeof heartbeatEvents.ts | typeof eventLedger.ts) => sql<string>`date_trunc('hour', ${column})`;
  const ledgerKinds = Object.values(LEDGER_KINDS).flat();
  const [beats, ledger] = await Promise.all([
    db
      .select({ hour: hourOf(heartbeatEvents.ts), count: sql<number>`count(*)::int` })
      .from(heartbeatEvents)
      .where(and(eq(heartbeatEvents.gatewayId, gatewayId), gte(heartbeatEvents.ts, since)))
      .groupBy(hourOf(heartbeatEvents.ts)),
    db
      .select({ hour: hourOf(eventLedger.ts), kind: eventLedger.kind, count: sql<number>`count(*)::int` })
      .from(eventLedger)
      .where(and(eq(eventLedger.gatewayId, gatewayId), gte(eventLedger.ts, since), inArray(eventLedger.kind, ledgerKinds)))
      .groupBy(hourOf(eventLedger.ts), eventLedger.kind),
  ]);
  const counts = new Map<string, number>();
  const add = (type: GatewayStatType, hour: string, n: number) => {
    const key = `${type}|${new Date(hour).getTime()}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(n));
  };
  for (const b of beats) add('Heartbeats', b.hour, b.count);
  for (const l of ledger) {
    const type = (Object.keys(LEDGER_KINDS) as (keyof typeof LEDGER_KINDS)[]).find((t) => LEDGER_KINDS[t].includes(l.kind));
    if (type) add(type, l.hour, l.count);
  }
  const hours = Array.from({ length: GATEWAY_STAT_HOURS }, (_, i) => first + i * HOUR_MS);
  const items = GATEWAY_STAT_TYPES.flatMap((type) => {
    const values = hours.map((h) => counts.get(`${type}|${h}`) ?? 0);
    const max = Math.max(...values);
    return hours.map((h, i) => ({ hour: new Date(h).toISOString(), type, value: values[i] as number, max }));
  });
  return { items };
}
