/** Editor image rules (spec §5, §7): images only, one at a time, under 2 MB, inserted with /api. */
export const EDITOR_IMAGE_LIMIT = 2 * 1024 * 1024;
export const EDITOR_IMAGE_TOO_LARGE = '文件大小超过 2MB';
export const EDITOR_UPLOAD_TYPE = 'quill';

/** null when the file may be uploaded, else the message to show. */
export function checkEditorImage(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'images only';
  if (file.size >= EDITOR_IMAGE_LIMIT) return EDITOR_IMAGE_TOO_LARGE;
  return null;
}

/** The uploader answers '/file/Image/quill/x.png'; the editor inserts it under the API base '/api'. */
export function withApiPrefix(url: string, base = '/api'): string {
  if (/^(?:https?:)?\/\//.test(url) || url.startsWith(`${base}/`)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}
