/**
 * The database blob store (effects): the bytes in the files domain's own table `file_blob`, the
 * default on PostgreSQL (every instance on one database reads what any wrote, with no other
 * service to run). A put takes part in the transaction it is handed, so the bytes and the `file`
 * row that names them commit together (blob-store.ts putWithRow).
 *
 * bytea (PostgreSQL; BLOB on SQLite) rather than large objects: our largest upload is 20 MB
 * (upload-rules.ts UPLOAD_LIMITS), far under bytea's 1 GB; a bytea value is an ordinary column, so
 * it commits, rolls back and is deleted with its row (large objects need lo_unlink or vacuumlo for
 * every delete, or they leak), goes through the same driver, pool and dump as the rest, and TOAST
 * keeps it out of line. The cost is that a read holds the whole file in memory once.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { BlobStore, StoredBlob } from './blob-store';
import type { BlobKey } from './blob-key';

/** The driver's bytes as a Buffer (pg gives a Buffer; libsql an ArrayBuffer or a Uint8Array). */
function toBuffer(v: unknown): Buffer {
  if (Buffer.isBuffer(v)) return v;
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  throw new Error('file_blob.data: not bytes');
}

export class DatabaseBlobStore implements BlobStore {
  readonly kind = 'database';
  readonly transactional = true;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async put(key: BlobKey, data: Buffer, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('file_blob')
      .values({ key, data, size: data.length, createdAt: this.clock() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          data: sql`excluded.data`,
          size: sql`excluded.size`,
          createdAt: sql`excluded."createdAt"`,
        }),
      )
      .execute();
  }

  async get(key: BlobKey): Promise<StoredBlob | null> {
    const row = await this.db
      .selectFrom('file_blob')
      .select(['data'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    const body = toBuffer(row.data);
    return { body, size: body.length };
  }

  async sizeOf(key: BlobKey): Promise<number | null> {
    const row = await this.db
      .selectFrom('file_blob')
      .select(['size'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? Number(row.size) : null;
  }

  async exists(key: BlobKey): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async remove(key: BlobKey): Promise<void> {
    await this.db.deleteFrom('file_blob').where('key', '=', key).execute();
  }

  async close(): Promise<void> {}
}
