/**
 * The disk blob store (effects): DATA_DIR/uploads/<type>/<name>, the embedded default. A put is
 * durable before it resolves: the bytes go to a temporary name in the same folder, are fsynced,
 * renamed over the final name and the folder is fsynced (and so is each folder it had to create),
 * so an acknowledged upload survives a crash and a reader never sees half a file. Temporary names
 * start with '.tmp-' and are never a stored name, so they are never served.
 */
import { randomBytes } from 'node:crypto';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore, StoredBlob } from './blob-store';
import type { BlobKey } from './blob-key';

const TMP_PREFIX = '.tmp-';

/** Whether a name in an uploads folder is a put that never finished (the move command skips it). */
export const isTempName = (name: string): boolean => name.startsWith(TMP_PREFIX);

const missing = (e: unknown): boolean => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function fsyncDir(dir: string): Promise<void> {
  const fh = await fs.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk';
  readonly transactional = false;
  /** DATA_DIR/uploads. */
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** The key's place on disk (a key is checked when made: a known type and a generated name). */
  pathOf(key: BlobKey): string {
    const p = path.join(this.root, key);
    if (path.dirname(path.dirname(p)) !== this.root) throw new Error('stored file outside its folder');
    return p;
  }

  async put(key: BlobKey, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    const dir = path.dirname(file);
    const made = await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, TMP_PREFIX + randomBytes(8).toString('hex'));
    try {
      const fh = await fs.open(tmp, 'wx');
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await fsyncDir(dir);
    // the folders mkdir created are entries of their parents: those must reach the disk too
    if (made !== undefined) {
      const top = path.dirname(made);
      for (let d = path.dirname(dir); ; d = path.dirname(d)) {
        await fsyncDir(d);
        if (d === top || d === path.dirname(d)) break;
      }
    }
  }

  async get(key: BlobKey): Promise<StoredBlob | null> {
    let fh: FileHandle;
    try {
      fh = await fs.open(this.pathOf(key), 'r');
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    try {
      const { size } = await fh.stat();
      // the open handle reads the file even if it is removed meanwhile; the stream closes it
      return { body: fh.createReadStream(), size };
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  async sizeOf(key: BlobKey): Promise<number | null> {
    try {
      return (await fs.stat(this.pathOf(key))).size;
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async exists(key: BlobKey): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async remove(key: BlobKey): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {}
}
