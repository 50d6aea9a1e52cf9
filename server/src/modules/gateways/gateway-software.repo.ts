import { and, asc, eq, inArray } from 'drizzle-orm';
import { GATEWAY_SETUP_GROUP_ID, OPEN_SOFTWARE_JOB_STATUSES, type SoftwareJobStatus, type TerminalState } from '../../contracts/gateways';
import type { Database } from '../../db/client';
import { gatewaySoftware, gatewayStates, groups, softwareJobs, softwareVersions } from '../../db/schema';

// What a gateway's software jobs and terminal read and write: its jobs, the versions it runs, the
// terminal wished of it and what it reported (docs/GATEWAYS.md).

/** The terminal a gateway was asked for and the URL it reported. */
export async function terminalOf(db: Database, deviceId: number): Promise<TerminalState> {
  const [row] = await db.select().from(gatewayStates).where(eq(gatewayStates.deviceId, deviceId));
  return { enabled: row?.terminalEnabled ?? false, url: row?.terminalEnabled ? (row.terminalUrl ?? null) : null };
}

/** Writes these fields of the gateway's state, making its row when it has none. */
export async function saveGatewayState(db: Database, deviceId: number, set: Partial<Omit<typeof gatewayStates.$inferInsert, 'deviceId'>>): Promise<void> {
  await db
    .insert(gatewayStates)
    .values({ deviceId, ...set })
    .onConflictDoUpdate({ target: gatewayStates.deviceId, set });
}

/** The gateway's jobs still to carry out, oldest first, with the version each installs. */
export async function openJobsOf(db: Database, deviceId: number) {
  return db
    .select({ id: softwareJobs.id, status: softwareJobs.status, packageName: softwareVersions.packageName, version: softwareVersions.version, url: softwareVersions.url })
    .from(softwareJobs)
    .innerJoin(softwareVersions, eq(softwareVersions.id, softwareJobs.softwareVersionId))
    .where(and(eq(softwareJobs.deviceId, deviceId), inArray(softwareJobs.status, [...OPEN_SOFTWARE_JOB_STATUSES])))
    .orderBy(asc(softwareJobs.id));
}

/** The gateway's job `id`, locked until the transaction ends; null when it has none so numbered. */
export async function lockJobOf(db: Database, deviceId: number, id: number) {
  const [job] = await db
    .select()
    .from(softwareJobs)
    .where(and(eq(softwareJobs.id, id), eq(softwareJobs.deviceId, deviceId)))
    .for('update');
  return job ?? null;
}

export async function setJobStatus(db: Database, id: number, status: SoftwareJobStatus, message: string | null, at: Date): Promise<void> {
  await db.update(softwareJobs).set({ status, message, updatedAt: at }).where(eq(softwareJobs.id, id));
}

/** The software versions of these ids (in no order). */
export async function softwareVersionsOf(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.select().from(softwareVersions).where(inArray(softwareVersions.id, [...ids]));
}

/** The model's latest version of each of its packages. */
export async function latestVersionsOf(db: Database, modelId: number) {
  return db
    .select({ id: softwareVersions.id, packageName: softwareVersions.packageName })
    .from(softwareVersions)
    .where(and(eq(softwareVersions.modelId, modelId), eq(softwareVersions.isLatest, true)));
}

/** Records that the gateway runs `version`, in place of what it ran of that package. */
export async function recordInstalled(db: Database, deviceId: number, version: { id: number; packageName: string }, at: Date): Promise<void> {
  await db
    .insert(gatewaySoftware)
    .values({ deviceId, packageName: version.packageName, softwareVersionId: version.id, updatedAt: at })
    .onConflictDoUpdate({ target: [gatewaySoftware.deviceId, gatewaySoftware.packageName], set: { softwareVersionId: version.id, updatedAt: at } });
}

/** Records what a new gateway runs: these versions (at least one). */
export async function insertGatewaySoftware(db: Database, deviceId: number, versions: readonly { id: number; packageName: string }[]): Promise<void> {
  await db.insert(gatewaySoftware).values(versions.map((v) => ({ deviceId, packageName: v.packageName, softwareVersionId: v.id })));
}

/** Whether the gateway setup queue (the location announced gateways join) exists. */
export async function setupQueueExists(db: Database): Promise<boolean> {
  const [queue] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, GATEWAY_SETUP_GROUP_ID));
  return queue !== undefined;
}

/** Queues these jobs; a version already queued or in progress on its gateway is left out. Answers the ones made. */
export async function insertSoftwareJobs(db: Database, jobs: readonly { deviceId: number; softwareVersionId: number; createdBy: number }[]) {
  return db
    .insert(softwareJobs)
    .values([...jobs])
    .onConflictDoNothing()
    .returning({ id: softwareJobs.id, deviceId: softwareJobs.deviceId, softwareVersionId: softwareJobs.softwareVersionId });
}

/** The open jobs of these gateways. */
export async function openJobsOfDevices(db: Database, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return [];
  return db
    .select({ id: softwareJobs.id, deviceId: softwareJobs.deviceId, softwareVersionId: softwareJobs.softwareVersionId })
    .from(softwareJobs)
    .where(and(inArray(softwareJobs.deviceId, [...deviceIds]), inArray(softwareJobs.status, [...OPEN_SOFTWARE_JOB_STATUSES])));
}
