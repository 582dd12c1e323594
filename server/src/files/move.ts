/**
 * Moves uploads kept on disk (DATA_DIR/uploads, the disk store's folder) into the configured blob
 * store (effects): `npm run files:move` (src/files-move.ts). Each file is copied, its copy's size
 * checked, and only then the disk copy deleted; a file whose copy is already there with its size
 * (a run that crashed between the two) just loses its disk copy. Running it twice, or again after a
 * crash midway, so ends with every file in the store once and readable. Names that are not stored
 * names (a put that never finished, anything else put there by hand) are left and counted.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BLOB_TYPES, parseBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

export interface MoveReport {
  /** Copied into the store and deleted from disk. */
  moved: number;
  /** Already in the store with the same size (an earlier run stopped before deleting): deleted from disk. */
  alreadyThere: number;
  /** Names in the uploads folders that are no stored file's: left alone. */
  skipped: number;
  /** Could not be copied (the error is logged): left on disk for the next run. */
  failed: number;
}

export class MoveError extends Error {}

export async function moveDiskFiles(
  dataDir: string,
  to: BlobStore,
  log: (msg: string) => void = () => undefined,
): Promise<MoveReport> {
  if (to.kind === 'disk') throw new MoveError('the configured store is the disk itself: set FILE_STORE');
  const root = path.resolve(dataDir, 'uploads');
  const report: MoveReport = { moved: 0, alreadyThere: 0, skipped: 0, failed: 0 };
  for (const type of BLOB_TYPES) {
    const dir = path.join(root, type);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    for (const entry of entries) {
      const parsed = entry.isFile() ? parseBlobKey(`${type}/${entry.name}`) : null;
      if (!parsed) {
        report.skipped++;
        log(`skipped ${type}/${entry.name}: not a stored file`);
        continue;
      }
      const file = path.join(dir, entry.name);
      try {
        const data = await fs.readFile(file);
        if ((await to.sizeOf(parsed.key)) === data.length) report.alreadyThere++;
        else {
          await to.put(parsed.key, data);
          if ((await to.sizeOf(parsed.key)) !== data.length)
            throw new Error('the stored copy has another size');
          report.moved++;
        }
        await fs.rm(file);
      } catch (e) {
        report.failed++;
        log(`failed ${parsed.key}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return report;
}

/**
 * Whether DATA_DIR/uploads still holds a stored file: a server on another store warns at start
 * (app.ts), since those files are not read until `npm run files:move` moves them.
 */
export async function diskUploadsLeft(dataDir: string): Promise<boolean> {
  const root = path.resolve(dataDir, 'uploads');
  for (const type of BLOB_TYPES) {
    let names: string[];
    try {
      names = await fs.readdir(path.join(root, type));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    if (names.some((n) => parseBlobKey(`${type}/${n}`) !== null)) return true;
  }
  return false;
}
