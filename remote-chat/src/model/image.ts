// Chat image rules (pure): what may be sent (spec §5) and the size of the list's thumbnail.
import { CHAT_LIMITS } from '@lighting/shared/core';

/** The i18n key of the problem with a chosen file, or null when it may be sent. */
export function imageProblem(file: { type: string; size: number }): 'imageOnly' | 'imageTooLarge' | null {
  if (!/^image\/(png|jpe?g|gif|webp)$/i.test(file.type)) return 'imageOnly';
  if (file.size > CHAT_LIMITS.imageBytes) return 'imageTooLarge';
  return null;
}

export const THUMB_MAX = 240;

/**
 * The thumbnail's size for an image of width × height, or null when the image itself is small enough
 * to show in the list (by side and by bytes) or is animated (a GIF keeps its motion).
 */
export function thumbSize(
  width: number,
  height: number,
  bytes: number,
  type: string,
  max = THUMB_MAX,
): { width: number; height: number } | null {
  if (type === 'image/gif') return null;
  if (Math.max(width, height) <= max && bytes <= 150_000) return null;
  const k = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** How big to draw an image of width × height in a bubble at most `box` px on its longer side. */
export function fitBox(width: number, height: number, box = 180): { width: number; height: number } {
  const k = Math.min(1, box / Math.max(width, height, 1));
  return { width: Math.round(width * k), height: Math.round(height * k) };
}
