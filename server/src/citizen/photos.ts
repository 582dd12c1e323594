/**
 * Citizens' photos: through the one re-encoder (files/image.ts: checked by content, turned upright,
 * written again without any metadata), bounded to 2048 px and converted to JPEG, so the GPS position
 * and the camera details a phone writes never leave the server. The position is read first and handed back once, as a hint for the report's
 * location. Kept in the files domain's blob store (disk, database or object store, as configured)
 * under `citizen/<unguessable name>`, beside their citizen_photo row.
 */
import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import type { Db } from '../database';
import { ImageError, blobKey, putWithRow, reencodeImage, type BlobStore, type StoredBlob } from '../files';

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 2048;
export const PHOTO_NAME = /^[0-9a-f]{32}\.jpg$/;

export const photoUrl = (name: string): string => `/api/public/photos/${name}`;

export interface ProcessedPhoto {
  data: Buffer;
  width: number;
  height: number;
  gps: { lat: number; lng: number } | null;
}

export class PhotoError extends Error {}

async function gpsOf(buf: Buffer): Promise<{ lat: number; lng: number } | null> {
  try {
    const g = (await exifr.gps(buf)) as { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = Number(g?.latitude);
    const lng = Number(g?.longitude);
    return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? { lat, lng }
      : null;
  } catch {
    return null;
  }
}

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  // the position is read before the re-encoder drops every piece of metadata
  const gps = await gpsOf(input);
  try {
    const img = await reencodeImage(input, { maxSide: PHOTO_MAX_SIDE, format: 'jpeg', quality: 80 });
    return { data: img.data, width: img.width, height: img.height, gps };
  } catch (e) {
    throw e instanceof ImageError ? new PhotoError(e.message) : e;
  }
}

export class PhotoStore {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /**
   * Keeps a processed photo and writes its row (`writeRow`, handed the new name and the database
   * or transaction to write with) so that the row never names a photo that is not there.
   */
  async save(data: Buffer, writeRow: (name: string, db: Db) => Promise<void>): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.jpg`;
    await putWithRow(this.db, this.blobs, this.keyOf(name), data, (db) => writeRow(name, db));
    return name;
  }

  /** A stored photo's bytes, or null when there is none of that name. */
  open(name: string): Promise<StoredBlob | null> {
    return this.blobs.get(this.keyOf(name));
  }

  /** Deletes a stored photo (already gone is fine). */
  async remove(name: string): Promise<void> {
    await this.blobs.remove(this.keyOf(name));
  }

  private keyOf(name: string) {
    if (!PHOTO_NAME.test(name)) throw new Error('not a photo name');
    return blobKey('citizen', name);
  }
}
