/** The files domain's public face: stored uploads (limits, magic bytes, re-encoding, authorisation). */
export type { FileTables } from './schema';
export { ImageError, reencodeImage } from './image';
export { FileStore, type FileUseCheck } from './store';
export { BLOB_TYPES, blobKey, parseBlobKey, type BlobKey } from './blob-key';
export { openBlobStore, putWithRow, type BlobStore, type StoredBlob } from './blob-store';
export { STORED_NAME, UPLOAD_TYPES, storedNameField, type FileUse } from './upload-rules';
export { MoveError, diskUploadsLeft, moveDiskFiles, type MoveReport } from './move';
