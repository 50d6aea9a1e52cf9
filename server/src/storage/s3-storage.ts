import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { attachmentDisposition, checkKey, DEFAULT_LINK_EXPIRY_S, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Put before every key (e.g. 'lavo/'), so one bucket can hold several installations. */
  prefix?: string;
  /** A client of its own (tests); otherwise one from the AWS environment (AWS_REGION, AWS_ENDPOINT_URL_S3, credentials chain). */
  client?: S3Client;
  clientConfig?: S3ClientConfig;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The object key of a storage key under the prefix. */
export function objectKeyOf(prefix: string, key: string): string {
  const clean = prefix.replace(/^\/+/, '');
  return `${clean && !clean.endsWith('/') ? `${clean}/` : clean}${checkKey(key)}`;
}

/** Files in a private S3 bucket; browsers download them through presigned links. */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = options.client ?? new S3Client(options.clientConfig ?? {});
  const Bucket = options.bucket;
  const Key = (key: string) => objectKeyOf(options.prefix ?? '', key);
  return {
    kind: 's3',
    async put(key, body, { contentType } = {}) {
      const Body = body instanceof Readable ? await buffer(body) : body;
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body, ContentType: contentType ?? 'application/octet-stream' }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return answer.Body instanceof Readable ? answer.Body : answer.Body ? Readable.from(Buffer.from(await answer.Body.transformToByteArray())) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    downloadLink: async (key, { fileName, expiresInS = DEFAULT_LINK_EXPIRY_S }) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: Key(key), ResponseContentDisposition: attachmentDisposition(fileName) }), {
        expiresIn: expiresInS,
      }),
  };
}

// A stream of unknown length cannot be sent with a plain PutObject; the files stored here
// (exports capped in rows) fit in memory.
async function buffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
