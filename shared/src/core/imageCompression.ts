/**
 * Image compression before upload (spec §9): under 300 KB unchanged; 1–10 MB scaled to at most
 * 1600 px; 10–20 MB at most 1400 px; JPEG quality 0.52 by default, 0.85 under 1 MB, 0.92 over 5 MB.
 * The spec leaves 300 KB–1 MB without a size rule: those keep their size (no scaling) and are
 * re-encoded at 0.85. Over 20 MB is not accepted. Pure: the browser does the pixels.
 */

export const KB = 1024;
export const MB = 1024 * 1024;
export const MAX_SOURCE_BYTES = 20 * MB;

export type CompressionPlan =
  | { action: 'keep' }
  | { action: 'reject'; reason: 'tooLarge' }
  | { action: 'encode'; maxSide: number | null; quality: number };

export function compressionPlan(bytes: number): CompressionPlan {
  if (bytes < 300 * KB) return { action: 'keep' };
  if (bytes > MAX_SOURCE_BYTES) return { action: 'reject', reason: 'tooLarge' };
  const maxSide = bytes >= 10 * MB ? 1400 : bytes >= MB ? 1600 : null;
  const quality = bytes < MB ? 0.85 : bytes > 5 * MB ? 0.92 : 0.52;
  return { action: 'encode', maxSide, quality };
}

/** The target size of a w×h image whose longer side may be at most maxSide (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number | null,
): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (maxSide === null || longer <= maxSide || longer === 0) return { width, height };
  const k = maxSide / longer;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}
