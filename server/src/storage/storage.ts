import type { Readable } from 'node:stream';

// One storage for every file the server keeps (DESIGN 'Files and long jobs'): a directory under
// the data directory by default, an S3 bucket when S3_BUCKET is set. Callers name files by keys
// (`exports/12/report.csv`), never by paths: the browser never learns where a file lives.

/** What a file is stored from. */
export type FileBody = Buffer | Uint8Array | string | Readable;

export interface PutOptions {
  /** MIME type served with the file (application/octet-stream when absent). */
  contentType?: string;
}

export interface LinkOptions {
  /** The name a browser saves the file under. */
  fileName: string;
  /** How long the link works, in seconds (900 when absent). */
  expiresInS?: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores a file under `key`, replacing any file already there. */
  put(key: string, body: FileBody, options?: PutOptions): Promise<void>;
  /** The file's content as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a file that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A link a browser can download the file from: a presigned URL for S3, or null for the local
   * directory, whose files are served only by an authenticated API route that checks the caller.
   */
  downloadLink(key: string, options: LinkOptions): Promise<string | null>;
}

/** Keys are relative, slash-separated names of lower-case letters, digits, '-', '_' and '.'; never '..'. */
const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Throws unless `key` is a well-formed storage key (no absolute path, no '..', no empty part). */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..' || part.startsWith('..'))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export const DEFAULT_LINK_EXPIRY_S = 900;

/** A Content-Disposition value that saves the file under `fileName` (ASCII fallback plus RFC 5987 name). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
