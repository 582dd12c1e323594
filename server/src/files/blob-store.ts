/**
 * The one seam where uploads' bytes are kept (effects): the files domain's FileStore and the
 * citizens' PhotoStore both write and read through it, whichever backend the configuration chose
 * (config.ts FileStoreConfig): the local disk, a table of the app's database, or an S3-compatible
 * object store. Limits, magic-byte checks, re-encoding and authorisation all happen before a put
 * and around a get (routes.ts, upload-rules.ts): the store only keeps bytes under a checked key.
 */
import type { Readable } from 'node:stream';
import type { FileStoreConfig } from '../config';
import type { Db } from '../database';
import type { BlobKey } from './blob-key';
import { DatabaseBlobStore } from './blob-database';
import { DiskBlobStore } from './blob-disk';
import { S3BlobStore } from './blob-s3';

/** Stored bytes as read: a stream (disk, object store) or the whole buffer (database), and their size. */
export interface StoredBlob {
  body: Readable | Buffer;
  size: number;
}

export interface BlobStore {
  readonly kind: FileStoreConfig['kind'];
  /**
   * True when put() takes part in the database transaction it is handed (the database store):
   * the bytes and the row that refers to them are then written together.
   */
  readonly transactional: boolean;
  /** Keeps `data` under `key` (replacing what was there); resolves once the bytes are durable. */
  put(key: BlobKey, data: Buffer, trx?: Db): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: BlobKey): Promise<StoredBlob | null>;
  /** The size of the bytes under `key`, or null when there are none. */
  sizeOf(key: BlobKey): Promise<number | null>;
  /** Whether there are bytes under `key`. */
  exists(key: BlobKey): Promise<boolean>;
  /** Deletes the bytes under `key`; already gone is fine. */
  remove(key: BlobKey): Promise<void>;
  /** Releases connections (the object store's client). */
  close(): Promise<void>;
}

/** The store the configuration chose; `dataDir` holds the disk store's uploads/ folder. */
export function openBlobStore(
  config: FileStoreConfig,
  db: Db,
  dataDir: string,
  clock: () => number = Date.now,
): BlobStore {
  switch (config.kind) {
    case 'disk':
      return new DiskBlobStore(dataDir);
    case 'database':
      return new DatabaseBlobStore(db, clock);
    case 's3':
      return new S3BlobStore(config);
  }
}

/**
 * Keeps `data` under `key` and writes the row that refers to it (`writeRow`), so that no row ever
 * names bytes that are not there: in one transaction when the store is the database; otherwise the
 * bytes first (durable once put resolves) and then the row, taking the bytes away again when the
 * row cannot be written. A crash between the two leaves at most bytes no row names, never the
 * reverse.
 */
export async function putWithRow<T>(
  db: Db,
  blobs: BlobStore,
  key: BlobKey,
  data: Buffer,
  writeRow: (db: Db) => Promise<T>,
): Promise<T> {
  if (blobs.transactional)
    return db.transaction().execute(async (trx) => {
      await blobs.put(key, data, trx);
      return writeRow(trx);
    });
  await blobs.put(key, data);
  try {
    return await writeRow(db);
  } catch (err) {
    await blobs.remove(key).catch(() => undefined);
    throw err;
  }
}
