// Uploads a chat image over HTTP (type IM) with progress, and a thumbnail for the list when the image
// is big; returns the message content {path, thumbPath?, width, height}. Never base64 over the socket.
import { request } from '@lighting/shared';
import { type ChatImage } from '@lighting/shared/core';
import type { ApiData } from '@lighting/shared/api';
import { thumbSize } from './model/image';

async function post(file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<string> {
  const body = new FormData();
  body.append('file', file, name);
  const res = await request<ApiData<'/api/file/Uploader/{type}', 'post'>>({
    url: '/file/Uploader/IM',
    method: 'post',
    data: body,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  return res.data.url;
}

async function dimensions(file: File): Promise<{ width: number; height: number; bitmap: ImageBitmap }> {
  const bitmap = await createImageBitmap(file);
  return { width: bitmap.width, height: bitmap.height, bitmap };
}

async function thumbnail(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  type: string,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.drawImage(bitmap, 0, 0, size.width, size.height);
  const out = type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new Promise((resolve) => canvas.toBlob(resolve, out, 0.85));
}

export async function uploadChatImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ChatImage> {
  const { width, height, bitmap } = await dimensions(file);
  try {
    const size = thumbSize(width, height, file.size, file.type);
    const path = await post(file, file.name, onProgress);
    let thumbPath: string | undefined;
    if (size) {
      const blob = await thumbnail(bitmap, size, file.type);
      if (blob) thumbPath = await post(blob, blob.type === 'image/png' ? 'thumb.png' : 'thumb.jpg');
    }
    return { path, width, height, ...(thumbPath ? { thumbPath } : {}) };
  } finally {
    bitmap.close();
  }
}
