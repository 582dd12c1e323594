/**
 * /api/file: uploads (multipart, one file), image serving (no token: names are unguessable) and
 * downloads (token).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { badRequest, notFound, ok } from '../http/envelope';
import { FileStore } from '../services/files';
import {
  UPLOAD_TYPES,
  STORED_NAME,
  checkImage,
  contentDisposition,
  extensionOf,
  isImageOnly,
  normalizeMime,
  sizeLimit,
  sizeMessage,
  type UploadType,
} from '../services/upload-rules';

/** Extensions never stored as given (served as downloads only anyway, but keep names boring). */
const RISKY_EXT = new Set(['html', 'htm', 'xhtml', 'svg', 'js', 'mjs', 'xml']);

const typeParam = { type: 'string', enum: UPLOAD_TYPES } as const;
const fileParams = {
  type: 'object',
  required: ['type', 'name'],
  properties: {
    type: typeParam,
    name: { type: 'string', pattern: STORED_NAME.source, 'x-msg': 'not a stored file name' },
  },
} as const;

function isTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

export function registerFileRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.post<{ Params: { type: UploadType } }>(
    '/api/file/Uploader/:type',
    { schema: { params: { type: 'object', required: ['type'], properties: { type: typeParam } } } },
    async (req) => {
      const { user } = authOf(req);
      const type = req.params.type;
      const limit = sizeLimit(type);
      if (!req.isMultipart()) throw badRequest('file: multipart/form-data upload required');
      const part = await req.file({ limits: { fileSize: limit, files: 1, fields: 10 } });
      if (!part) throw badRequest('file: required');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if (isTooLarge(err)) throw badRequest(sizeMessage(limit));
        throw err;
      }
      if (data.length === 0) throw badRequest('file: must not be empty');
      const originalName = part.filename || 'file';
      let mime = normalizeMime(part.mimetype || 'application/octet-stream');
      let ext = extensionOf(originalName);
      if (isImageOnly(type)) {
        const check = checkImage(mime, data);
        if (!check.ok) throw badRequest(check.msg);
        mime = check.mime;
        ext = check.ext;
      } else if (RISKY_EXT.has(ext)) {
        ext = 'bin';
      }
      // Only true images are ever served inline (GET Image); everything else is a download.
      const stored = await ctx.files.save(
        type,
        data,
        ext,
        originalName,
        checkImage(mime, data).ok ? mime : 'application/octet-stream',
        user.id,
      );
      return ok(
        {
          name: stored.name,
          url: FileStore.urlOf(type, stored.name),
          fileId: stored.id,
          fileSize: stored.size,
          originalName: stored.originalName,
        },
        '上传成功',
      );
    },
  );

  app.get<{ Params: { type: UploadType; name: string } }>(
    '/api/file/Image/:type/:name',
    { config: { public: true }, schema: { params: fileParams } },
    async (req, reply) => {
      const f = await ctx.files.find(req.params.type, req.params.name);
      if (!f || !f.mime.startsWith('image/')) throw notFound('文件不存在');
      return reply
        .type(f.mime)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(createReadStream(ctx.files.pathOf(f.type, f.name)));
    },
  );

  app.get<{ Params: { type: UploadType; name: string } }>(
    '/api/file/Download/:type/:name',
    { schema: { params: fileParams } },
    async (req, reply) => {
      const f = await ctx.files.find(req.params.type, req.params.name);
      if (!f) throw notFound('文件不存在');
      return reply
        .type(f.mime.startsWith('image/') ? f.mime : 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(f.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(createReadStream(ctx.files.pathOf(f.type, f.name)));
    },
  );
}
