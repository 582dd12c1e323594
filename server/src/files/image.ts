/**
 * The one image re-encoder (uploads of every type, citizens' photos): the bytes must be a PNG,
 * JPEG, GIF or WebP whatever the name or declared type says; the picture is turned upright from
 * its EXIF orientation, optionally bounded, and written again with no metadata at all, so the GPS
 * position, the camera and the editing history a phone or a tool writes never leave the server.
 */
import sharp from 'sharp';
import { IMAGE_MIME_EXT, NOT_AN_IMAGE, sniffImage } from './upload-rules';

/** Refuses decompression bombs: 60 megapixels is a 9,000 × 6,700 photo. */
export const MAX_INPUT_PIXELS = 60_000_000;

export class ImageError extends Error {}

export interface ReencodeOptions {
  /** Longest side in pixels; larger pictures are scaled down (never up). */
  maxSide?: number;
  /** 'same' keeps the format (PNG stays PNG: screenshots and drawings stay sharp); 'jpeg' converts. */
  format?: 'same' | 'jpeg';
  /** JPEG / WebP quality (1–100). */
  quality?: number;
}

export interface Reencoded {
  data: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

export async function reencodeImage(input: Buffer, opts: ReencodeOptions = {}): Promise<Reencoded> {
  const real = sniffImage(input);
  if (!real) throw new ImageError(NOT_AN_IMAGE);
  const quality = opts.quality ?? 85;
  const out = opts.format === 'jpeg' ? 'image/jpeg' : real;
  const animated = real === 'image/gif' && out === 'image/gif';
  try {
    let img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated });
    // an animated GIF has no orientation tag; rotating would flatten its frames
    if (!animated) img = img.rotate();
    if (opts.maxSide)
      img = img.resize({
        width: opts.maxSide,
        height: opts.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    // sharp writes no metadata unless asked (keepMetadata / withMetadata): EXIF, XMP, IPTC and ICC go
    if (out === 'image/jpeg')
      // libjpeg, not mozjpeg: mozjpeg's trellis search tripled the time for a few KB
      img = img.flatten({ background: '#ffffff' }).jpeg({ quality });
    else if (out === 'image/png') img = img.png();
    else if (out === 'image/webp') img = img.webp({ quality });
    else img = img.gif();
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return {
      data,
      mime: out,
      ext: IMAGE_MIME_EXT[out] ?? 'bin',
      width: info.width,
      height: animated ? (info.pageHeight ?? info.height) : info.height,
    };
  } catch {
    throw new ImageError('file: 图片已损坏，无法读取');
  }
}
