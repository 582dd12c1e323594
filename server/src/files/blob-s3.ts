/**
 * The object-store blob store (effects): an S3-compatible bucket through @aws-sdk/client-s3
 * (AWS S3, MinIO, Ceph RGW, ...), chosen with FILE_STORE=s3. A PUT is atomic and durable once the
 * store answers it (the object is whole or absent), so put() resolving means the bytes are kept.
 * Objects are named S3_PREFIX + `<type>/<name>`; nothing is public in the bucket: every read goes
 * through the server's routes and their authorisation.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config';
import type { BlobStore, StoredBlob } from './blob-store';
import type { BlobKey } from './blob-key';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

const notFound = (e: unknown): boolean =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly transactional = false;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.pathStyle,
      ...(config.endpoint !== null ? { endpoint: config.endpoint } : {}),
      ...(config.credentials !== null ? { credentials: config.credentials } : {}),
    });
  }

  private name(key: BlobKey): string {
    return this.prefix + key;
  }

  async put(key: BlobKey, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.name(key),
        Body: data,
        ContentLength: data.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: BlobKey): Promise<StoredBlob | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
      // in Node the SDK's body is the response stream (an http.IncomingMessage)
      if (!(res.Body instanceof Readable)) throw new Error('object store: the body is not a Node stream');
      return { body: res.Body, size: Number(res.ContentLength ?? 0) };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async sizeOf(key: BlobKey): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
      return Number(res.ContentLength ?? 0);
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async exists(key: BlobKey): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async remove(key: BlobKey): Promise<void> {
    // deleting an object that is not there answers 204 too
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
