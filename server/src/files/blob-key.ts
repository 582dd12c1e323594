/**
 * The key of a stored upload's bytes in the blob store: `<type>/<name>`, where the type is one the
 * server knows and the name one it generated (32 hex digits and an extension). Built only by
 * `blobKey`, which checks both again, so no key ever comes from what a request says, and a disk path
 * or object name made from it cannot leave its folder.
 */
import { STORED_NAME, UPLOAD_TYPES } from './upload-rules';

/** The folders of stored bytes: the upload types, and the citizens' photos (citizen/photos.ts). */
export const BLOB_TYPES: readonly string[] = [...UPLOAD_TYPES, 'citizen'];
const TYPES: ReadonlySet<string> = new Set(BLOB_TYPES);

/** A checked `<type>/<name>`; only blobKey and parseBlobKey make one. */
export type BlobKey = string & { readonly __blobKey: unique symbol };

export class BlobKeyError extends Error {}

/** The key of a stored file; throws for anything but a known type and a generated name. */
export function blobKey(type: string, name: string): BlobKey {
  if (!TYPES.has(type) || !STORED_NAME.test(name))
    throw new BlobKeyError(`not a stored file: ${type}/${name}`);
  return `${type}/${name}` as BlobKey;
}

/** A key read back (a database row, an object listing, a file on disk): the key, or null when it is none of ours. */
export function parseBlobKey(text: string): { key: BlobKey; type: string; name: string } | null {
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const type = text.slice(0, slash);
  const name = text.slice(slash + 1);
  if (!TYPES.has(type) || !STORED_NAME.test(name)) return null;
  return { key: `${type}/${name}` as BlobKey, type, name };
}
