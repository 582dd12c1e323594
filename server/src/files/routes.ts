/**
 * /api/file (spec §7 Files): uploads by type (multipart, one file), images served inline and
 * downloads as attachments. Avatars are public; every other file needs a signed-in user who may
 * read it (upload-rules.ts `mayReadFile`: a file a record holds is read as the record is, asked of
 * the domains through ctx.fileUses). The browser's `<img>` and download links carry the session in
 * the file cookie (auth/token-rules.ts FILE_COOKIE), which only these two reads accept.
 *
 * An upload is checked by its bytes, not its name or declared type (upload-rules.ts): image types
 * take only PNG, JPEG, GIF and WebP; the others take documents, archives, media and plain text, and
 * refuse executables and markup. Every image, whatever its type, is re-encoded without metadata
 * (image.ts). The stored name is made by the server; the name a client gave is kept only for the
 * download dialog.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../context';
import { ApiError, Code, badRequest, notFound, ok } from '../http/envelope';
import { readUpload } from '../http/upload';
import { OPEN } from '../http/route-table';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { FILE_ANSWERS } from './responses';
import { ImageError, reencodeImage } from './image';
import { FileStore, type StoredFile } from './store';
import {
  DEFAULT_UPLOAD_TYPE,
  PUBLIC_FILE_TYPES,
  UNSUPPORTED_FILE,
  UPLOAD_TYPES,
  checkImage,
  cleanOriginalName,
  contentDisposition,
  isImageOnly,
  mayReadFile,
  sizeLimit,
  sniffFile,
  storedNameField,
  tooLargeMessage,
  type FileUse,
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

/** The image route of the files that need a signed-in reader (avatars have their own, public). */
const guardedImageParams = {
  ...fileParams,
  properties: {
    ...fileParams.properties,
    type: { type: 'string', enum: UPLOAD_TYPES.filter((t) => !PUBLIC_FILE_TYPES.has(t)) },
  },
} as const;

/** What an upload answers: the stored name, its address, its id, size and the name it was sent with. */
const UPLOADED = answers(FILE_ANSWERS.uploaded);

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
      schema: {
        params: { type: 'object', required: ['type'], properties: { type: typeParam } },
        response: UPLOADED,
      } as const,
    },
    (req) => upload(req, req.params.type),
  );

  r.post(
    '/api/file/Uploader',
    { config: uploadConfig, schema: { querystring: { type: 'object' }, response: UPLOADED } },
    (req) => upload(req, DEFAULT_UPLOAD_TYPE),
  );

  /**
   * The stored file the signed-in caller asks for, when they may read it (mayReadFile: the
   * uploader, administrators, who may read a record holding it; a file no record holds, any
   * signed-in user). 404 when there is no such file, 403 when it is not theirs to read.
   */
  const readable = async (req: FastifyRequest, type: string, name: string): Promise<StoredFile> => {
    const { user } = authOf(req);
    const f = await ctx.files.find(type, name);
    if (!f) throw notFound('文件不存在');
    const uses: FileUse[] = [];
    if (user.isAdministrator !== 1 && f.ownerId !== user.id)
      for (const holds of ctx.fileUses) uses.push(await holds(user, f));
    if (!mayReadFile(f, user, uses)) throw new ApiError(Code.FORBIDDEN, '权限不足: 无权查看该文件');
    return f;
  };

  /** A stored file's bytes (from the configured blob store), never sniffed or run, kept by whom `cache` says. */
  const sendFile = async (reply: FastifyReply, f: StoredFile, type: string, cache: string) => {
    const blob = await ctx.files.open(f);
    if (!blob) throw notFound('文件不存在');
    return reply
      .type(type)
      .header('Cache-Control', cache)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(blob.body);
  };
  /** The image, inline. */
  const sendImage = (reply: FastifyReply, f: StoredFile, cache: string) => sendFile(reply, f, f.mime, cache);

  // a user's picture is shown wherever their name is: anyone, cached a year (names never change)
  r.get(
    '/api/file/Image/userAvatar/:name',
    {
      config: { public: true },
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: fileParams.properties.name } },
        response: answers(FILE_ANSWERS.image),
      } as const,
    },
    async (req, reply) => {
      const f = await ctx.files.find('userAvatar', req.params.name);
      if (!f || !f.mime.startsWith('image/')) throw notFound('文件不存在');
      return sendImage(reply, f, 'public, max-age=31536000, immutable');
    },
  );

  r.get(
    '/api/file/Image/:type/:name',
    {
      config: { open: OPEN.files, fileCookie: true },
      schema: { params: guardedImageParams, response: answers(FILE_ANSWERS.image) } as const,
    },
    async (req, reply) => {
      const f = await readable(req, req.params.type, req.params.name);
      if (!f.mime.startsWith('image/')) throw notFound('文件不存在');
      // kept by this browser only, and asked again each time (a 304 after the check): a grant
      // taken away stops the picture at once
      const etag = `"${f.name}"`;
      reply.header('ETag', etag);
      // a 304 has no body: the typed reply knows only the 200 the route declares
      if (req.headers['if-none-match'] === etag)
        return (reply as FastifyReply).code(304).header('Cache-Control', 'private, no-cache').send();
      return sendImage(reply, f, 'private, no-cache');
    },
  );

  r.get(
    '/api/file/Download/:type/:name',
    {
      config: { open: OPEN.files, fileCookie: true },
      schema: { params: fileParams, response: answers(FILE_ANSWERS.download) } as const,
    },
    async (req, reply) => {
      const f = await readable(req, req.params.type, req.params.name);
      reply.header('Content-Disposition', contentDisposition(f.originalName));
      const type = f.mime.startsWith('image/') ? f.mime : 'application/octet-stream';
      return sendFile(reply, f, type, 'private, no-cache');
    },
  );
}
