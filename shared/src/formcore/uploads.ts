/**
 * An upload control's limits (spec §5, §9): size with its unit (default 2 MB), count, accepted
 * types; the messages are core/format's ('文件大小超过{size}{unit}', '当前限制最多可以上传{limit}个文件'
 * / '张图片', '确定移除 {name}？'). Images are compressed by core/imageCompression's plan before the
 * size check. Pure: the renderer and the server read the same limits.
 */
import {
  DEFAULT_UPLOAD_LIMIT,
  exceedsSize,
  fileTooLargeMessage,
  parseSize,
  tooManyFilesMessage,
  type SizeUnit,
} from '../core/format';
import type { FormField } from './types';

export interface UploadLimits {
  images: boolean;
  size: number;
  unit: SizeUnit;
  maxBytes: number;
  /** at most this many files (0: no limit) */
  limit: number;
  /** the input's accept list ('image/*', '.pdf,.docx'); '' for any */
  accept: string;
  /** the server's upload type: annexpic for images, annex for files */
  uploadType: 'annexpic' | 'annex';
}

const UNITS: ReadonlySet<string> = new Set(['KB', 'MB', 'GB']);

export function uploadLimits(field: FormField): UploadLimits {
  const images = field.__config__.jnpfKey === 'uploadImg';
  const unit =
    typeof field.sizeUnit === 'string' && UNITS.has(field.sizeUnit)
      ? (field.sizeUnit as SizeUnit)
      : DEFAULT_UPLOAD_LIMIT.unit;
  const size =
    typeof field.fileSize === 'number' && field.fileSize > 0 ? field.fileSize : DEFAULT_UPLOAD_LIMIT.size;
  const limit =
    typeof field.limit === 'number' && Number.isInteger(field.limit) && field.limit > 0 ? field.limit : 0;
  const accept =
    typeof field.accept === 'string' && field.accept.trim() ? field.accept.trim() : images ? 'image/*' : '';
  return {
    images,
    size,
    unit,
    maxBytes: parseSize(size, unit),
    limit,
    accept,
    uploadType: images ? 'annexpic' : 'annex',
  };
}

/** True when the file's name or MIME type matches the accept list ('image/*', '.pdf', 'application/pdf'). */
export function acceptsFile(accept: string, file: { name: string; type: string }): boolean {
  const list = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (list.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return list.some((a) =>
    a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a,
  );
}

export type UploadRefusal =
  | { reason: 'count'; message: string }
  | { reason: 'size'; message: string }
  | { reason: 'type'; message: string };

/**
 * Why a chosen file may not be uploaded (null when it may): the count (with `already` files held),
 * the accepted types, and the size, checked on the bytes that will be sent (after compression).
 */
export function checkUpload(
  limits: UploadLimits,
  file: { name: string; type: string; size: number },
  already: number,
): UploadRefusal | null {
  if (limits.limit > 0 && already >= limits.limit)
    return { reason: 'count', message: tooManyFilesMessage(limits.limit, limits.images) };
  if (!acceptsFile(limits.accept, file)) return { reason: 'type', message: `不支持的文件类型 ${file.name}` };
  if (exceedsSize(file.size, limits.size, limits.unit))
    return { reason: 'size', message: fileTooLargeMessage(limits.size, limits.unit) };
  return null;
}
