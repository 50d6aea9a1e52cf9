import path from 'node:path';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export type { FileStorage } from './storage';
export { localStorage } from './local-storage';
export { s3Storage } from './s3-storage';

/** The configured storage: the S3 bucket when S3_BUCKET is set, else `<LAVO_DATA_DIR>/files`. */
export function storageFromEnv(env: { LAVO_DATA_DIR: string; S3_BUCKET?: string; S3_PREFIX?: string }): FileStorage {
  if (env.S3_BUCKET) return s3Storage({ bucket: env.S3_BUCKET, prefix: env.S3_PREFIX });
  return localStorage(path.resolve(env.LAVO_DATA_DIR, 'files'));
}
