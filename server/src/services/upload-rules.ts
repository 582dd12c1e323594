/** Upload rules: types, size limits, image detection by magic bytes. Pure. */

export const UPLOAD_TYPES = ['userAvatar', 'annex', 'annexpic', 'workFlow', 'quill', 'IM'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const IMAGE_ONLY: ReadonlySet<UploadType> = new Set(['userAvatar', 'annexpic', 'quill', 'IM']);

export const MB = 1024 * 1024;

export function isImageOnly(type: UploadType): boolean {
  return IMAGE_ONLY.has(type);
}

export function sizeLimit(type: UploadType): number {
  return type === 'IM' ? 5 * MB : 2 * MB;
}

/** '文件大小超过2MB' (units as the client's upload component writes them). */
export function sizeMessage(limitBytes: number): string {
  if (limitBytes >= MB && limitBytes % MB === 0) return `文件大小超过${limitBytes / MB}MB`;
  return `文件大小超过${Math.round(limitBytes / 1024)}KB`;
}

export const IMAGE_MIME_EXT: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

/** The image type the bytes really are, or null. SVG is deliberately not an image here (scripts). */
export function sniffImage(buf: Uint8Array): string | null {
  const b = (i: number): number => buf[i] ?? -1;
  const ascii = (from: number, s: string): boolean =>
    [...s].every((ch, i) => b(from + i) === ch.charCodeAt(0));
  if (b(0) === 0x89 && ascii(1, 'PNG') && b(4) === 0x0d && b(5) === 0x0a) return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(0, 'BM') && buf.length > 26) return 'image/bmp';
  return null;
}

/** Normalises a declared mime ('image/jpg' is a common alias). */
export function normalizeMime(mime: string): string {
  const m = mime.toLowerCase().split(';')[0]?.trim() ?? '';
  return m === 'image/jpg' || m === 'image/pjpeg' ? 'image/jpeg' : m;
}

export type ImageCheck = { ok: true; mime: string; ext: string } | { ok: false; msg: string };

/** An image upload must declare an image mime AND have matching magic bytes. */
export function checkImage(declaredMime: string, buf: Uint8Array): ImageCheck {
  const declared = normalizeMime(declaredMime);
  const real = sniffImage(buf);
  if (!(declared in IMAGE_MIME_EXT) || real === null || real !== declared)
    return { ok: false, msg: 'file: 只能上传图片(png、jpg、gif、webp、bmp)' };
  return { ok: true, mime: real, ext: IMAGE_MIME_EXT[real] ?? 'bin' };
}

/** A safe lower-case extension from an uploaded file name ('' when none or odd). */
export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return m?.[1] ? m[1].toLowerCase() : '';
}

/** Stored names: 32 hex chars (unguessable) plus an optional extension. */
export const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

/** Content-Disposition value that survives non-ASCII names (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
