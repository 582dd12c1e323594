/**
 * Stored uploads (effects): DATA_DIR/uploads/{type}/{random name} plus a `file` row with the owner.
 * A path on disk is only ever built from a row's type and the name the server generated for it
 * (both checked again here), never from what a request says.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../database';
import type { FileTable } from './schema';
import type { User } from '../system';
import { STORED_NAME, UPLOAD_TYPES, type FileUse, type UploadType } from './upload-rules';

/** A stored upload as read: its table's row. */
export type StoredFile = FileTable;

/** One domain's answer for a file a user asks for (see FileUse); registered in ctx.fileUses. */
export type FileUseCheck = (user: Readonly<User>, file: { type: string; name: string }) => Promise<FileUse>;

const TYPES: ReadonlySet<string> = new Set(UPLOAD_TYPES);

export class FileStore {
  readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** The file's place on disk; throws for anything but a known type and a generated name. */
  pathOf(type: string, name: string): string {
    if (!TYPES.has(type) || !STORED_NAME.test(name)) throw new Error(`not a stored file: ${type}/${name}`);
    const p = path.join(this.root, type, name);
    if (path.dirname(p) !== path.join(this.root, type)) throw new Error('stored file outside its folder');
    return p;
  }

  /** Where the client reads a stored file: images inline (no token), everything else as a download. */
  static urlOf(type: string, name: string, mime = 'image/'): string {
    return mime.startsWith('image/')
      ? `/api/file/Image/${type}/${name}`
      : `/api/file/Download/${type}/${name}`;
  }

  async save(
    type: UploadType,
    data: Buffer,
    ext: string,
    originalName: string,
    mime: string,
    ownerId: string,
  ): Promise<StoredFile> {
    const name = randomBytes(16).toString('hex') + (ext ? `.${ext}` : '');
    const file = this.pathOf(type, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data, { flag: 'wx' });
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
    try {
      await this.db.insertInto('file').values(row).execute();
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
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
}
