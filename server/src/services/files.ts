/** Stored uploads (effects): DATA_DIR/uploads/{type}/{random name} plus a `file` row with the owner. */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import type { UploadType } from './upload-rules';

export interface StoredFile {
  id: string;
  type: string;
  name: string;
  originalName: string;
  mime: string;
  size: number;
  ownerId: string;
  createdAt: number;
}

export class FileStore {
  readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.root = path.join(dataDir, 'uploads');
  }

  pathOf(type: string, name: string): string {
    return path.join(this.root, type, name);
  }

  static urlOf(type: string, name: string): string {
    return `/api/file/Image/${type}/${name}`;
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
    const dir = path.join(this.root, type);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, name);
    await fs.writeFile(file, data, { flag: 'wx' });
    const row: StoredFile = {
      id: randomUUID(),
      type,
      name,
      originalName: originalName.slice(0, 255),
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
    return this.db
      .selectFrom('file')
      .selectAll()
      .where('type', '=', type)
      .where('name', '=', name)
      .executeTakeFirst();
  }
}
