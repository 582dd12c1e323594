/**
 * /api/file (spec §7 Files): uploads by type (multipart, one file), images served inline without a
 * token (names are unguessable), downloads with a token, always as attachments.
 *
 * An upload is checked by its bytes, not its name or declared type (upload-rules.ts): image types
 * take only PNG, JPEG, GIF and WebP; the others take documents, archives, media and plain text, and
 * refuse executables and markup. Every image, whatever its type, is re-encoded without metadata
 * (image.ts). The stored name is made by the server; the name a client gave is kept only for the
 * download dialog.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../context';
import { badRequest, notFound, ok } from '../http/envelope';
import { readUpload } from '../http/upload';
import { OPEN } from '../http/route-table';
import { typed } from '../http/typed';
import { ImageError, reencodeImage } from './image';
import { FileStore } from './store';
import {
  DEFAULT_UPLOAD_TYPE,
  UNSUPPORTED_FILE,
  UPLOAD_TYPES,
  checkImage,
  cleanOriginalName,
  contentDisposition,
  isImageOnly,
  sizeLimit,
  sniffFile,
  storedNameField,
  tooLargeMessage,
  type UploadType,
} from './upload-rules';

/** Uploads a member of staff may make a minute (a form with many pictures stays well under). */
export const UPLOADS_PER_MINUTE = 120;

const typeParam = { type: 'string', enum: UPLOAD_TYPES } as const;
const fileParams = {
  type: 'object',
  required: ['type', 'name'],
  properties: {
    type: typeParam,
    name: storedNameField('not a stored file name'),
  },
} as const;

export function registerFileRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  const upload = async (req: FastifyRequest, type: UploadType) => {
    const { user } = authOf(req);
    const part = await readUpload(req, {
      maxBytes: sizeLimit(type),
      fields: 10,
      tooLarge: tooLargeMessage(type),
    });
    let data = part.data;
    if (data.length === 0) throw badRequest('file: must not be empty');
    const originalName = cleanOriginalName(part.filename || 'file');
    let kind: { mime: string; ext: string; image: boolean };
    if (isImageOnly(type)) {
      const check = checkImage(part.mimetype || '', data);
      if (!check.ok) throw badRequest(check.msg);
      kind = { mime: check.mime, ext: check.ext, image: true };
    } else {
      const sniffed = sniffFile(data, originalName);
      if (!sniffed) throw badRequest(UNSUPPORTED_FILE);
      kind = { mime: sniffed.mime, ext: sniffed.ext, image: sniffed.kind === 'image' };
    }
    if (kind.image) {
      try {
        const img = await reencodeImage(data);
        data = img.data;
        kind = { mime: img.mime, ext: img.ext, image: true };
      } catch (e) {
        if (e instanceof ImageError) throw badRequest(e.message);
        throw e;
      }
    }
    const stored = await ctx.files.save(type, data, kind.ext, originalName, kind.mime, user.id);
    return ok(
      {
        name: stored.name,
        url: FileStore.urlOf(type, stored.name, stored.mime),
        fileId: stored.id,
        fileSize: stored.size,
        originalName: stored.originalName,
      },
      '上传成功',
    );
  };

  const uploadConfig = {
    open: OPEN.files,
    bodyKind: 'multipart',
    rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 },
  } as const;

  r.post(
    '/api/file/Uploader/:type',
    {
      config: uploadConfig,
      schema: { params: { type: 'object', required: ['type'], properties: { type: typeParam } } } as const,
    },
    (req) => upload(req, req.params.type),
  );

  r.post('/api/file/Uploader', { config: uploadConfig, schema: { querystring: { type: 'object' } } }, (req) =>
    upload(req, DEFAULT_UPLOAD_TYPE),
  );

  r.get(
    '/api/file/Image/:type/:name',
    { config: { public: true }, schema: { params: fileParams } as const },
    async (req, reply) => {
      const f = await ctx.files.find(req.params.type, req.params.name);
      if (!f || !f.mime.startsWith('image/')) throw notFound('文件不存在');
      return reply
        .type(f.mime)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(createReadStream(ctx.files.pathOf(f.type, f.name)));
    },
  );

  r.get(
    '/api/file/Download/:type/:name',
    { config: { open: OPEN.files }, schema: { params: fileParams } as const },
    async (req, reply) => {
      const f = await ctx.files.find(req.params.type, req.params.name);
      if (!f) throw notFound('文件不存在');
      return reply
        .type(f.mime.startsWith('image/') ? f.mime : 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(f.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-cache')
        .send(createReadStream(ctx.files.pathOf(f.type, f.name)));
    },
  );
}
