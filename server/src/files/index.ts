/** The files domain's public face: stored uploads (limits, magic bytes, re-encoding, authorisation). */
export type { FileTables } from './schema';
export { ImageError, reencodeImage } from './image';
export { FileStore } from './store';
export { STORED_NAME, UPLOAD_TYPES, storedNameField } from './upload-rules';
