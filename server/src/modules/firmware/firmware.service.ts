import type { Readable } from 'node:stream';
import { FIRMWARE_MESSAGES, firmwareFilePath, type FirmwareVersion } from '../../contracts/firmware';
import { HttpError } from '../../core/http-error';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../storage';
import { findFirmwareVersion, findModel } from '../devices';
import { firmwareFileName, firmwareImageKey } from './firmware-files';
import { listVersions } from './firmware.repo';

/**
 * The firmware catalogue (docs/SCREENS.md 'Versions'): the same for every customer, so nothing in it is
 * limited to the caller's locations; the route's page (LAVO accounts holding FIRMWARE) is the check.
 */
export function createFirmwareService(db: Database, storage: FileStorage) {
  return {
    /** A model's versions, newest first, each with the app's download address of its image. */
    async versions(modelId: number): Promise<FirmwareVersion[]> {
      if (!(await findModel(db, modelId))) throw new HttpError(404, FIRMWARE_MESSAGES.modelNotFound);
      const rows = await listVersions(db, modelId);
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        url: firmwareFilePath(row.id),
        isLatest: row.isLatest,
      }));
    },

    /** A version's image from the storage, with the name it saves under; 404 for an unknown version or a missing image. */
    async file(versionId: number): Promise<{ stream: Readable; fileName: string }> {
      const version = await findFirmwareVersion(db, versionId);
      if (!version) throw new HttpError(404, FIRMWARE_MESSAGES.versionNotFound);
      const model = await findModel(db, version.modelId);
      const stream = await storage.get(firmwareImageKey(version.id));
      if (!stream) throw new HttpError(404, FIRMWARE_MESSAGES.fileNotFound);
      return { stream, fileName: firmwareFileName(model?.name ?? 'firmware', version.version) };
    },
  };
}
