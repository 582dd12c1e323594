// Reading the one file of a multipart upload, the same for every route that takes one: a request
// that is not multipart, one without a file and a file over the route's limit are refused naming
// the field; the file is read whole (every limit here is a few MB).
import type { FastifyRequest } from 'fastify';
import { badRequest } from './envelope';

export interface Upload {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * @param limits maxBytes: the file's limit; fields: how many other fields may come with it;
 *   tooLarge: the message when the file is over maxBytes
 */
export async function readUpload(
  req: FastifyRequest,
  limits: { maxBytes: number; fields: number; tooLarge: string },
): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('file: multipart/form-data upload required');
  const part = await req.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: limits.fields } });
  if (!part) throw badRequest('file: required');
  try {
    const data = await part.toBuffer();
    return { data, filename: part.filename, mimetype: part.mimetype };
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(limits.tooLarge);
    throw err;
  }
}
