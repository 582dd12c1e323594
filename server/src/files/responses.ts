/**
 * What the file calls answer (http/response.ts): an upload's stored name and address, and a stored
 * file's bytes. The API description carries these and the console's types are generated from it
 * (shared/src/api/schema.gen.ts); the server tests check each JSON answer against them (a file's
 * bytes are streamed, which the check does not read).
 */
import { envelope, int, record, str } from '../http/response';

export const FILE_ANSWERS = {
  /** the stored name, its address, its id, size and the name it was sent with */
  uploaded: envelope(record({ name: str, url: str, fileId: str, fileSize: int, originalName: str })),
  /** an image, inline, as stored (its own content type) */
  image: { type: 'string', format: 'binary', description: 'the image, as stored (image/*)' },
  /** a file as an attachment (its image type, else application/octet-stream) */
  download: { type: 'string', format: 'binary', description: 'the file, as an attachment' },
} as const;
