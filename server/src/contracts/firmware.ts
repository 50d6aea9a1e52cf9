import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam } from './fields';

// The Versions page's calls (GET /firmware/versions):
// a device model's firmware versions, and each version's image, downloaded through the API from
// the file storage (docs/SCREENS.md 'Versions').

export const FIRMWARE_MESSAGES = {
  modelNotFound: 'Model not found',
  versionNotFound: 'Firmware version not found',
  fileNotFound: 'The firmware file is not available',
} as const;

export const firmwareVersionsQuerySchema = z.object({ modelId: idParam });
export type FirmwareVersionsQuery = z.input<typeof firmwareVersionsQuerySchema>;

export const firmwareVersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  createdAt: z.string(),
  /** The app's download address of the image (firmwareFilePath): it needs the sign-in. */
  url: z.string(),
  /** The model's current version; one per model. */
  isLatest: z.boolean(),
});
export type FirmwareVersion = z.infer<typeof firmwareVersionSchema>;

/** Newest first. */
export const firmwareVersionsSchema = z.array(firmwareVersionSchema);

export const firmwareFileParamsSchema = z.object({ id: idParam });

/** GET /firmware/versions/:id/file: a version's image (application/octet-stream), as an attachment. */
export const FIRMWARE_FILE_ROUTE = '/firmware/versions/:id/file';

/** The address a version's image downloads from (the `url` of its row). */
export const firmwareFilePath = (versionId: number) => `/api/firmware/versions/${versionId}/file`;

export const firmwareEndpoints = {
  versions: endpoint({ method: 'GET', path: '/firmware/versions', query: firmwareVersionsQuerySchema, response: firmwareVersionsSchema }),
};
