/**
 * Upload rules (spec §7 Files, §9 limits): the upload types, their size limits, and what a file
 * really is, decided from its bytes (magic numbers) — never from its name or the MIME type the
 * client declares. Pure.
 */

/** The upload types (JNPF's `/api/file/Uploader/{type}`): the folder a file is stored under. */
export const UPLOAD_TYPES = ['userAvatar', 'annex', 'annexpic', 'workFlow', 'quill', 'IM'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The type a bare `POST /api/file/Uploader` uploads as (spec §7: "type default workFlow"). */
export const DEFAULT_UPLOAD_TYPE: UploadType = 'workFlow';

const IMAGE_ONLY: ReadonlySet<UploadType> = new Set(['userAvatar', 'annexpic', 'quill', 'IM']);

export const MB = 1024 * 1024;

/**
 * The server's ceiling per type. A form's upload control may set a lower limit (its `fileSize`,
 * checked by the client; default 2 MB, spec §9); the designer cannot set more than these.
 * - userAvatar, quill: 2 MB (spec §5: editor images under 2 MB)
 * - IM: 5 MB (spec §5: chat images)
 * - annexpic: 10 MB (a form's image upload; the browser compresses photos first, spec §9)
 * - annex, workFlow: 20 MB (documents, drawings, archives)
 */
export const UPLOAD_LIMITS: Readonly<Record<UploadType, number>> = {
  userAvatar: 2 * MB,
  quill: 2 * MB,
  IM: 5 * MB,
  annexpic: 10 * MB,
  annex: 20 * MB,
  workFlow: 20 * MB,
};

/** Types served to anyone, signed in or not: a user's picture is shown wherever their name is. */
export const PUBLIC_FILE_TYPES: ReadonlySet<string> = new Set<UploadType>(['userAvatar']);

/**
 * What one domain says of a file a user asks for (ctx.fileUses): true when it holds the file in a
 * record the user may read, false when it holds it only in records the user may not read, null
 * when none of its records holds it.
 */
export type FileUse = boolean | null;

/**
 * Who may read a stored file (issue 25): avatars anyone; every other file a signed-in user — its
 * uploader or an administrator always; when records hold it (a form's record, a flow's form), who
 * may read one of those records; a file no record holds (a chat picture, a notice's picture, an
 * upload not yet saved with its form) any signed-in user, as before. Pure.
 */
export function mayReadFile(
  file: { type: string; ownerId: string },
  user: { id: string; isAdministrator: number } | null,
  uses: readonly FileUse[],
): boolean {
  if (PUBLIC_FILE_TYPES.has(file.type)) return true;
  if (!user) return false;
  if (user.isAdministrator === 1 || file.ownerId === user.id) return true;
  if (uses.includes(true)) return true;
  return !uses.includes(false);
}

export function isImageOnly(type: UploadType): boolean {
  return IMAGE_ONLY.has(type);
}

export function sizeLimit(type: UploadType): number {
  return UPLOAD_LIMITS[type];
}

/** What a too-large upload of `type` is told: chat images have their own text (spec §5). */
export function tooLargeMessage(type: UploadType): string {
  return type === 'IM' ? '图片大小不能超过5M' : sizeMessage(sizeLimit(type));
}

/** '文件大小超过2MB' (units as the client's upload component writes them). */
export function sizeMessage(limitBytes: number): string {
  if (limitBytes >= MB && limitBytes % MB === 0) return `文件大小超过${limitBytes / MB}MB`;
  return `文件大小超过${Math.round(limitBytes / 1024)}KB`;
}

/** The images we accept: the formats the re-encoder (files/image.ts) reads and writes. */
export const IMAGE_MIME_EXT: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export const NOT_AN_IMAGE = 'file: 只能上传图片(png、jpg、gif、webp)';
export const UNSUPPORTED_FILE = 'file: 不支持的文件类型';

type Bytes = Uint8Array;

const byteAt = (buf: Bytes, i: number): number => buf[i] ?? -1;
const asciiAt = (buf: Bytes, from: number, s: string): boolean =>
  [...s].every((ch, i) => byteAt(buf, from + i) === ch.charCodeAt(0));
const bytesAt = (buf: Bytes, from: number, b: readonly number[]): boolean =>
  b.every((x, i) => byteAt(buf, from + i) === x);

/**
 * The image type the bytes really are, or null. SVG is deliberately not an image here (it carries
 * scripts); BMP is not either (the re-encoder cannot read it, so its metadata could not be removed).
 */
export function sniffImage(buf: Bytes): string | null {
  if (bytesAt(buf, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytesAt(buf, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (asciiAt(buf, 0, 'GIF87a') || asciiAt(buf, 0, 'GIF89a')) return 'image/gif';
  if (asciiAt(buf, 0, 'RIFF') && asciiAt(buf, 8, 'WEBP')) return 'image/webp';
  return null;
}

/** Normalises a declared mime ('image/jpg' is a common alias). */
export function normalizeMime(mime: string): string {
  const m = mime.toLowerCase().split(';')[0]?.trim() ?? '';
  return m === 'image/jpg' || m === 'image/pjpeg' ? 'image/jpeg' : m;
}

export type ImageCheck = { ok: true; mime: string; ext: string } | { ok: false; msg: string };

/** An image upload must declare an image mime AND have matching magic bytes. */
export function checkImage(declaredMime: string, buf: Bytes): ImageCheck {
  const declared = normalizeMime(declaredMime);
  const real = sniffImage(buf);
  if (!(declared in IMAGE_MIME_EXT) || real === null || real !== declared)
    return { ok: false, msg: NOT_AN_IMAGE };
  return { ok: true, mime: real, ext: IMAGE_MIME_EXT[real] ?? 'bin' };
}

/** What a file of any upload type is, from its bytes. */
export interface Sniffed {
  kind: 'image' | 'document' | 'archive' | 'media' | 'text';
  mime: string;
  /** the stored name's extension: from the content; the original name only picks among a format's own */
  ext: string;
}

/** `ext` of the original name when it is one of `allowed`, else `fallback`. */
const extAmong = (name: string, allowed: readonly string[], fallback: string): string => {
  const e = extensionOf(name);
  return allowed.includes(e) ? e : fallback;
};

/** Executables and scripts: refused whatever their name says. */
function isExecutable(buf: Bytes): boolean {
  return (
    asciiAt(buf, 0, 'MZ') || // Windows PE
    bytesAt(buf, 0, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    bytesAt(buf, 0, [0xfe, 0xed, 0xfa, 0xce]) ||
    bytesAt(buf, 0, [0xfe, 0xed, 0xfa, 0xcf]) ||
    bytesAt(buf, 0, [0xcf, 0xfa, 0xed, 0xfe]) ||
    bytesAt(buf, 0, [0xce, 0xfa, 0xed, 0xfe]) || // Mach-O
    bytesAt(buf, 0, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O fat / Java class
    asciiAt(buf, 0, '#!') // scripts
  );
}

/**
 * Plain text: no NUL or other control bytes (tabs and line ends aside) in the first 8 KB, and not
 * markup (a document starting with '<' after an optional BOM and blanks: HTML, SVG, XML), which a
 * browser could be tricked into running.
 */
function isPlainText(buf: Bytes): boolean {
  const n = Math.min(buf.length, 8192);
  let i = bytesAt(buf, 0, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  let first = -1;
  for (; i < n; i++) {
    const b = byteAt(buf, i);
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
    if (b === 0x7f) return false;
    if (first === -1 && b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) first = b;
  }
  return first !== 0x3c; // '<'
}

/** What an upload really is, or null when it is nothing we store (executables, markup, unknown binaries). */
export function sniffFile(buf: Bytes, originalName: string): Sniffed | null {
  if (buf.length === 0 || isExecutable(buf)) return null;
  const image = sniffImage(buf);
  if (image) return { kind: 'image', mime: image, ext: IMAGE_MIME_EXT[image] ?? 'bin' };
  if (asciiAt(buf, 0, '%PDF-')) return { kind: 'document', mime: 'application/pdf', ext: 'pdf' };
  if (asciiAt(buf, 0, 'PK') && (bytesAt(buf, 2, [3, 4]) || bytesAt(buf, 2, [5, 6]))) {
    // Office Open XML, OpenDocument and OFD are ZIP containers: the name picks among them
    const ext = extAmong(originalName, ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'ofd', 'zip'], 'zip');
    return { kind: ext === 'zip' ? 'archive' : 'document', mime: 'application/zip', ext };
  }
  if (bytesAt(buf, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return {
      kind: 'document',
      mime: 'application/x-ole-storage',
      ext: extAmong(originalName, ['doc', 'xls', 'ppt', 'wps', 'et', 'dps', 'vsd', 'msg'], 'doc'),
    };
  if (asciiAt(buf, 0, 'AC10') && buf.length > 6)
    return { kind: 'document', mime: 'image/vnd.dwg', ext: 'dwg' };
  if (asciiAt(buf, 0, 'Rar!') && bytesAt(buf, 4, [0x1a, 0x07]))
    return { kind: 'archive', mime: 'application/vnd.rar', ext: 'rar' };
  if (bytesAt(buf, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))
    return { kind: 'archive', mime: 'application/x-7z-compressed', ext: '7z' };
  if (bytesAt(buf, 0, [0x1f, 0x8b])) return { kind: 'archive', mime: 'application/gzip', ext: 'gz' };
  if (
    asciiAt(buf, 0, 'ID3') ||
    (byteAt(buf, 0) === 0xff && (byteAt(buf, 1) & 0xe0) === 0xe0 && buf.length > 4)
  )
    return { kind: 'media', mime: 'audio/mpeg', ext: 'mp3' };
  if (asciiAt(buf, 4, 'ftyp'))
    return { kind: 'media', mime: 'video/mp4', ext: extAmong(originalName, ['mp4', 'm4a', 'mov'], 'mp4') };
  if (asciiAt(buf, 0, 'RIFF') && asciiAt(buf, 8, 'WAVE'))
    return { kind: 'media', mime: 'audio/wav', ext: 'wav' };
  if (asciiAt(buf, 0, '#!AMR')) return { kind: 'media', mime: 'audio/amr', ext: 'amr' };
  if (isPlainText(buf))
    return {
      kind: 'text',
      mime: 'text/plain',
      ext: extAmong(originalName, ['txt', 'csv', 'log', 'md', 'json'], 'txt'),
    };
  return null;
}

/** A safe lower-case extension from an uploaded file name ('' when none or odd). */
export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return m?.[1] ? m[1].toLowerCase() : '';
}

/** Stored names: 32 hex chars (unguessable, made by the server) plus an optional extension. */
export const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;
/** The schema of a stored file's name in a path. */
export const storedNameField = (msg: string) =>
  ({ type: 'string', maxLength: 43, pattern: STORED_NAME.source, 'x-msg': msg }) as const;

/** Control and bidi-override characters: they would garble the download dialog. */
const dropped = (cp: number): boolean =>
  cp < 0x20 || cp === 0x7f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

/** The name a client gave its file, as kept for downloads: one line, at most 255 characters. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const chars = Array.from(base)
    .filter((c) => !dropped(c.codePointAt(0) ?? 0))
    // a lone surrogate (not a character) becomes U+FFFD
    .map((c) => (/^[\uD800-\uDFFF]$/.test(c) ? '\uFFFD' : c));
  const clean = chars.join('').trim();
  return Array.from(clean || 'file')
    .slice(0, 255)
    .join('');
}

/** Content-Disposition value that survives non-ASCII names (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
