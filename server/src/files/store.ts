/**
 * Stored uploads (effects): the bytes in the configured blob store (blob-store.ts) under
 * `<type>/<random name>`, plus a `file` row with the owner. A key is only ever built from a row's
 * type and the name the server generated for it (both checked again by blobKey), never from what a
 * request says.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../database';
import type { FileTable } from './schema';
import type { User } from '../system';
import { blobKey } from './blob-key';
import { putWithRow, type BlobStore, type StoredBlob } from './blob-store';
import { STORED_NAME, UPLOAD_TYPES, type FileUse, type UploadType } from './upload-rules';

/** A stored upload as read: its table's row. */
export type StoredFile = FileTable;

/** One domain's answer for a file a user asks for (see FileUse); registered in ctx.fileUses. */
export type FileUseCheck = (user: Readonly<User>, file: { type: string; name: string }) => Promise<FileUse>;

const TYPES: ReadonlySet<string> = new Set(UPLOAD_TYPES);

export class FileStore {
  constructor(
    private readonly db: Db,
    /** Where the bytes are kept; the citizens' photos use it too (citizen/photos.ts). */
    readonly blobs: BlobStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Where the client reads a stored file: images inline (no token), everything else as a download. */
  static urlOf(type: string, name: string, mime = 'image/'): string {
    return mime.startsWith('image/')
      ? `/api/file/Image/${type}/${name}`
      : `/api/file/Download/${type}/${name}`;
  }

  /** Keeps the bytes and their row together (blob-store.ts putWithRow): the row names bytes that are there. */
  async save(
    type: UploadType,
    data: Buffer,
    ext: string,
    originalName: string,
    mime: string,
    ownerId: string,
  ): Promise<StoredFile> {
    const name = randomBytes(16).toString('hex') + (ext ? `.${ext}` : '');
    const row: StoredFile = {
      id: randomUUID(),
      type,
      name,
      originalName: Array.from(originalName).slice(0, 255).join(''),
      mime,
      size: data.length,
      ownerId,
      createdAt: this.clock(),
    };
    await putWithRow(this.db, this.blobs, blobKey(type, name), data, (db) =>
      db.insertInto('file').values(row).execute(),
    );
    return row;
  }

  async find(type: string, name: string): Promise<StoredFile | undefined> {
    if (!TYPES.has(type) || !STORED_NAME.test(name)) return undefined;
    return this.db
      .selectFrom('file')
      .selectAll()
      .where('type', '=', type)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** A stored file's bytes (null when they are gone). */
  open(f: Pick<StoredFile, 'type' | 'name'>): Promise<StoredBlob | null> {
    return this.blobs.get(blobKey(f.type, f.name));
  }
}
