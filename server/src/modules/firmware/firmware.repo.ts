import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceModels, firmwareVersions } from '../../db/schema';

// The firmware_versions table as the Versions page reads it.

/** A model's firmware versions, newest first (a tie in time: the later id first). */
export function listVersions(db: Database, modelId: number) {
  return db
    .select({ id: firmwareVersions.id, version: firmwareVersions.version, createdAt: firmwareVersions.createdAt, isLatest: firmwareVersions.isLatest })
    .from(firmwareVersions)
    .where(eq(firmwareVersions.modelId, modelId))
    .orderBy(desc(firmwareVersions.createdAt), desc(firmwareVersions.id));
}

/** Every firmware version with its model's name, in id order. */
export function listAllVersions(db: Database) {
  return db
    .select({ id: firmwareVersions.id, version: firmwareVersions.version, modelName: deviceModels.name })
    .from(firmwareVersions)
    .innerJoin(deviceModels, eq(deviceModels.id, firmwareVersions.modelId))
    .orderBy(asc(firmwareVersions.id));
}
